import GalgenTestSupport
import Foundation
import Testing

/// `galgen build` on small fixture galleries in temporary folders, run in-process.
@Suite
struct BuildCommandTests {
    @Test func buildsAGalleryOfLocalPhotos() async throws {
        let project = try TestProject("""
            title: Coast & "friends"
            thumbnails: { widths: [200, 800] }
            images:
              - src: photos/wide.jpg
                title: Wide
                caption: '"><img src=x onerror=alert(1)>'
              - src: photos/tall.jpg
              - photos/tiny.jpg
            """, photos: ["wide.jpg": "orientation/Landscape_6.jpg", "tall.jpg": "orientation/Portrait_3.jpg",
                          "tiny.jpg": "odd/ljt_testorig_baseline420.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let site = project.siteFiles()
        // The default formats: AVIF offered in a <picture>, JPEG for the <img>.
        #expect(Fingerprints.masked(site) == [
            ".galgen-site", "_headers", "assets", "assets/gallery.<fp>.css", "assets/gallery.<fp>.js", "images",
            "images/tall-200.<fp>.avif", "images/tall-200.<fp>.jpg", "images/tall-800.<fp>.avif", "images/tall-800.<fp>.jpg",
            "images/tiny-200.<fp>.avif", "images/tiny-200.<fp>.jpg", "images/tiny-227.<fp>.avif", "images/tiny-227.<fp>.jpg",
            "images/wide-200.<fp>.avif", "images/wide-200.<fp>.jpg", "images/wide-800.<fp>.avif", "images/wide-800.<fp>.jpg",
            "index.html", "tall", "tall/index.html", "tiny", "tiny/index.html", "wide", "wide/index.html",
        ])
        #expect(Fingerprints.mismatched(under: project.site).isEmpty, "a fingerprint is not the hash of its file")
        #expect(FileManager.default.fileExists(atPath: project.cache))
        let css = try #require(Fingerprints.actual("assets/gallery.<fp>.css", in: site))
        let js = try #require(Fingerprints.actual("assets/gallery.<fp>.js", in: site))
        // The overview: a tile per photo, in order, each a link to the photo's own page.
        let html = try #require(project.siteFile("index.html"))
        #expect(SitePages.tileSlugs(html) == ["wide", "tall", "tiny"])
        #expect(SitePages.targets(of: #"<a class="tile" "#, in: html, page: "index.html")
                == ["wide/index.html", "tall/index.html", "tiny/index.html"])
        // It links every file that was written.
        for name in site where name.hasPrefix("images/") && (name.hasSuffix(".jpg") || name.hasSuffix(".avif")) {
            #expect(html.contains(name), "\(name) is not on the overview")
        }
        #expect(html.contains(#"<link rel="stylesheet" href="\#(css)">"#) && html.contains(#"<script src="\#(js)" defer></script>"#))
        #expect(html.contains(#"<title>Coast &amp; &quot;friends&quot;</title>"#))
        #expect(html.components(separatedBy: #"<picture><source type="image/avif" srcset=""#).count == 4)
        #expect(!html.contains(#"role="tabpanel""#) && !html.contains("<img src=x"))
        // A page per photo: that photo in the one panel, a segment for each of the three photos
        // (its own selected), the previous and next photos, the way back to the overview.
        let photos = project.photoPages(), slugs = ["wide", "tall", "tiny"]
        #expect(photos.map(\.title) == ["Wide", "tall", "tiny"])
        for (index, photo) in photos.enumerated() {
            let page = try #require(photo.html)
            let slug = photo.slug
            #expect(page.contains(#"role="tablist""#))
            #expect(SitePages.segmentTitles(page) == ["Wide", "tall", "tiny"])
            let path = slug + "/index.html"
            #expect(SitePages.targets(of: #"role="tab" "#, in: page, page: path)
                    == slugs.map { $0 + "/index.html" }, "\(slug)")
            #expect(page.components(separatedBy: #"role="tabpanel""#).count == 2)
            #expect(page.contains(#"<section class="panel" role="tabpanel" id="photo" aria-labelledby="tab.\#(slug)""#))
            #expect(SitePages.targets(of: #"<a class="overview-link" "#, in: page, page: path) == ["index.html#grid.\(slug)"])
            #expect(SitePages.targets(of: #"<a class="step step--prev" "#, in: page, page: path)
                    == slugs[..<index].suffix(1).map { $0 + "/index.html" }, "\(slug)")
            #expect(SitePages.targets(of: #"<a class="step step--next" "#, in: page, page: path)
                    == slugs[(index + 1)...].prefix(1).map { $0 + "/index.html" }, "\(slug)")
            #expect(page.contains(#"<title>\#(photo.title ?? "") — Coast &amp; &quot;friends&quot;</title>"#), "\(slug)")
            #expect(page.contains(#"<link rel="stylesheet" href="../\#(css)">"#) && page.contains(#"<script src="../\#(js)" defer></script>"#))
            #expect(page.components(separatedBy: #"<picture><source type="image/avif" srcset=""#).count == 2)
            // It links every file of its photo.
            for name in site where name.hasPrefix("images/\(slug)-") {
                #expect(page.contains("../" + name), "\(name) is not on \(slug)'s page")
            }
            #expect(!page.contains("<img src=x"))
        }
        let wide = try #require(photos.first?.html)
        #expect(wide.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // Landscape_6 is stored on its side: the page gets the upright size.
        #expect(wide.contains(#"width="800" height="533""#))
        #expect(result.stderr.contains("[6/6] Writing site"))
    }

    @Test func badImagesAreNamedAndTheRestIsBuilt() async throws {
        let project = try TestProject("""
            thumbnails: { formats: [jpeg] }
            images:
              - src: photos/good.jpg
              - src: photos/empty.jpg
              - src: photos/twelve-bit.jpg
              - src: photos/missing.jpg
            """, photos: ["good.jpg": "odd/ljt_testorig_baseline420.jpg", "empty.jpg": "odd/jd_empty_0byte.jpg",
                          "twelve-bit.jpg": "odd/ljt_monkey12_12bit.jpg"])
        let result = try await project.build(["--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("3 image(s) failed"))
        #expect(result.stderr.contains("gallery.yml:4:5: photos/empty.jpg: the file is empty"))
        #expect(result.stderr.contains("gallery.yml:5:5: photos/twelve-bit.jpg") && result.stderr.contains("precision 12"))
        #expect(result.stderr.contains("gallery.yml:6:5: photos/missing.jpg: cannot read the file: no such file"))
        #expect(Fingerprints.masked(project.siteFiles("images")) == ["good-227.<fp>.jpg"])
        let html = try #require(project.siteFile("index.html"))
        #expect(!html.contains("twelve-bit"))
        #expect(project.photoTitles() == ["good"])
    }

    @Test func invalidConfigurationWritesNothingAndExits2() async throws {
        let project = try TestProject("title: Old\nimages: []\n")
        #expect(try await project.build().status == 0)
        try project.writeGallery("title: New\nimages:\n  - src: photos/a.jpg\n    titel: A\n  - src: ftp://example.org/b.jpg\n")
        let result = try await project.build()
        #expect(result.status == 2)
        #expect(result.stderr.contains("gallery.yml:4:5: error: unknown key 'titel' in image; did you mean 'title'?"))
        #expect(result.stderr.contains("gallery.yml:5:10: error: 'ftp://example.org/b.jpg' uses the unsupported scheme 'ftp:'"))
        #expect(project.siteFile("index.html")?.contains("<title>Old</title>") == true)
    }

    @Test func missingConfigurationExits2WithAHint() async throws {
        let project = try TestProject()
        let result = try await project.build()
        #expect(result.status == 2)
        #expect(result.stderr.contains("galgen init"))
        #expect(!FileManager.default.fileExists(atPath: project.site))
    }

    @Test func refusesToReplaceAFolderItDidNotMake() async throws {
        let project = try TestProject("images: []\n")
        try project.write("public/notes.txt", "keep me")
        let result = try await project.build(["--output", project.path("public")])
        #expect(result.status == 3)
        #expect(result.stderr.contains("not made by galgen"))
        #expect(project.list("public") == ["notes.txt"])
    }

    @Test func albumsGetPagesAndAnIndex() async throws {
        let project = try TestProject("""
            title: Trips
            albums:
              - title: Day one
                images: [photos/a.jpg]
              - title: Day two
                slug: second
                images: []
            """, photos: ["a.jpg": "odd/ljt_testorig_baseline420.jpg"])
        let result = try await project.build(["--output", project.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        let site = project.list("out")
        let image = try #require(Fingerprints.actual("images/day-one/a-227.<fp>.jpg", in: site), "\(site)")
        let css = try #require(Fingerprints.actual("assets/gallery.<fp>.css", in: site), "\(site)")
        let index = try #require(project.read("out/index.html"))
        #expect(index.contains(#"href="day-one/index.html""#) && index.contains(#"href="second/index.html""#))
        #expect(index.contains(#"src="\#(image)""#))
        let album = try #require(project.read("out/day-one/index.html"))
        #expect(album.contains(#"href="../\#(css)""#) && album.contains(#"src="../\#(image)""#))
        #expect(SitePages.tileSlugs(album) == ["a"])
        #expect(SitePages.targets(of: #"<a class="tile" "#, in: album, page: "day-one/index.html") == ["day-one/a/index.html"])
        let photo = try #require(project.read("out/day-one/a/index.html"))
        #expect(SitePages.shownTitle(photo) == "a")
        #expect(photo.contains(#"href="../../\#(css)""#) && photo.contains(#"srcset="../../\#(image) 227w""#))
        #expect(SitePages.targets(of: #"<a class="overview-link" "#, in: photo, page: "day-one/a/index.html")
                == ["day-one/index.html#grid.a"])
        #expect(project.read("out/second/index.html")?.contains("No photos yet") == true)
    }
}
