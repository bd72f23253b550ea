import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `base_url`: canonical links, Open Graph and sitemap.xml, and nothing of them without it.
@Suite("base_url")
struct BaseURLTests {
    let a = Fixture.image("a", alt: "Sand"), b = Fixture.image("b")

    func galleryWithBase(_ base: String?) -> Gallery {
        var gallery = Fixture.albums([
            Album(title: "Day One", slug: "day-one", description: "Arrival", images: [a]),
            Album(title: "Night", slug: "night", images: [b]),
        ], description: "Trips & more")
        gallery.baseURL = base
        return gallery
    }

    @Test func pagesGetTheirAddressAndAPreview() throws {
        let pages = Fixture.present(galleryWithBase("https://example.com/photos/"))
        #expect(pages.map(\.canonicalURL) == ["https://example.com/photos/", "https://example.com/photos/day-one/",
                                              "https://example.com/photos/day-one/a/", "https://example.com/photos/night/",
                                              "https://example.com/photos/night/b/"])
        let day = try #require(pages[1].preview)
        #expect(day.title == "Day One — Trips" && day.summary == "Arrival")
        #expect(day.image == "https://example.com/photos/" + Fixture.imagePath("images/day-one/a", 1600, tag: "a"))
        #expect((day.imageWidth, day.imageHeight, day.imageAlt) == (1600, 1066, "Sand"))
        // The album list previews with its first cover and the gallery's description.
        let index = try #require(pages[0].preview)
        #expect(index.summary == "Trips & more")
        #expect(index.image == "https://example.com/photos/" + Fixture.imagePath("images/day-one/a", 400, tag: "a"))
        #expect(pages[3].preview?.summary == "Trips & more")
        // A photo's page previews with that photo, its title and its caption.
        let photo = try #require(pages[2].preview)
        #expect(photo.title == "A — Day One — Trips" && photo.summary == "Arrival")
        #expect(photo.image == "https://example.com/photos/" + Fixture.imagePath("images/day-one/a", 1600, tag: "a"))
        #expect((photo.imageWidth, photo.imageHeight, photo.imageAlt) == (1600, 1066, "Sand"))
    }

    @Test func aPhotoPagePreviewsWithItsOwnCaption() throws {
        var gallery = Fixture.singleAlbum([a, Fixture.image("c", caption: "Low tide")], title: "Coast")
        gallery.baseURL = "https://example.com/"
        let pages = Fixture.present(gallery)
        let photo = try #require(pages[path: "c/index.html"]?.preview)
        #expect(photo.title == "C — Coast" && photo.summary == "Low tide")
        #expect(photo.image == "https://example.com/" + Fixture.imagePath("images/c", 1600, tag: "c"))
        let files = try SiteRenderer.render(pages, template: BuiltInTemplate.template)
        let html = try #require(files.first { $0.path == "c/index.html" }?.text)
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/c/">"#))
        #expect(html.contains(#"<meta property="og:title" content="C — Coast">"#))
        #expect(html.contains(#"<meta property="og:description" content="Low tide">"#))
        #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(html.contains(#"<title>C — Coast</title>"#))
    }

    @Test func theHeadAndTheSitemapCarryThem() throws {
        let files = try SiteRenderer.render(Fixture.present(galleryWithBase("https://example.com/photos/")),
                                            template: BuiltInTemplate.template)
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
        let day = try #require(byPath["day-one/index.html"])
        #expect(day.contains(#"<link rel="canonical" href="https://example.com/photos/day-one/">"#))
        #expect(day.contains(#"<meta property="og:title" content="Day One — Trips">"#))
        #expect(day.contains(#"<meta property="og:image:alt" content="Sand">"#))
        #expect(byPath["index.html"]?.contains(#"<meta property="og:description" content="Trips &amp; more">"#) == true)
        #expect(byPath["sitemap.xml"] == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.com/photos/</loc></url>
              <url><loc>https://example.com/photos/day-one/</loc></url>
              <url><loc>https://example.com/photos/day-one/a/</loc></url>
              <url><loc>https://example.com/photos/night/</loc></url>
              <url><loc>https://example.com/photos/night/b/</loc></url>
            </urlset>

            """)
    }

    @Test func withoutABaseURLThereIsNoneOfIt() throws {
        let files = try SiteRenderer.render(Fixture.present(galleryWithBase(nil)), template: BuiltInTemplate.template)
        #expect(!files.contains { $0.path == "sitemap.xml" })
        #expect(!files.contains { $0.text.contains("og:") || $0.text.contains("canonical") })
    }

    @Test("base_url is normalised to end in /", arguments: [
        ("https://example.com", "https://example.com/"), ("http://example.com/a/b", "http://example.com/a/b/"),
        ("https://example.com/photos/", "https://example.com/photos/"),
    ])
    func normalised(_ written: String, _ expected: String) throws {
        let gallery = try ConfigParser.parse("base_url: \(written)\nimages: []\n", file: "gallery.yml", directory: "/site")
        #expect(gallery.baseURL == expected)
    }

    @Test("base_url must be an absolute http(s) address", arguments: [
        "example.com/photos", "ftp://example.com/", "https://", "https://example.com/?a=1", "https://u:p@example.com/", "/photos/",
    ])
    func rejected(_ written: String) {
        #expect(throws: ConfigErrors.self) {
            try ConfigParser.parse("base_url: '\(written)'\nimages: []\n", file: "gallery.yml", directory: "/site")
        }
    }
}

/// sitemaps.org allows 50,000 addresses a file; a page per photo reaches that at 50,000 photos.
struct SitemapSplitTests {
    @Test func pastTheLimitTheSitemapIsAnIndexOfParts() throws {
        let addresses = (1...5).map { "https://example.com/p\($0)/" }
        let one = SiteRenderer.sitemaps(Array(addresses.prefix(2)), base: "https://example.com/", limit: 2)
        #expect(one.map(\.path) == ["sitemap.xml"] && one[0].text.contains("<urlset"))
        let files = SiteRenderer.sitemaps(addresses, base: "https://example.com/", limit: 2)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(files[0].text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>
              <sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>
              <sitemap><loc>https://example.com/sitemap-3.xml</loc></sitemap>
            </sitemapindex>

            """)
        #expect(files[1].text.contains("<loc>https://example.com/p1/</loc>") && files[1].text.contains("p2/") && !files[1].text.contains("p3/"))
        #expect(files[3].text.contains("p5/") && !files[3].text.contains("p4/"))
    }
}
