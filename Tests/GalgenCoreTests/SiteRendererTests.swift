import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("SiteRenderer")
struct SiteRendererTests {
    let a = Fixture.image("a"), b = Fixture.image("b", caption: "Boats"), c = Fixture.image("c")

    static let inline = SiteTemplate(
        templates: [
            "page": "<h1>{{title}}</h1>{{#photo}}[{{slug}}|{{loading}}|{{srcset}}]{{/photo}}",
            "overview": "<h1>{{title}}</h1>{{#rows}}{{#tiles}}[{{href}}]{{/tiles}}{{/rows}}{{^hasImages}}EMPTY{{/hasImages}}",
            "albums": "{{#albums}}<a href=\"{{href}}\">{{title}}</a>{{/albums}}{{^hasAlbums}}NO ALBUMS{{/hasAlbums}}",
        ],
        assets: ["site.css": [1, 2, 3]])

    static let css = Fixture.builtInAssetPath("gallery.css"), js = Fixture.builtInAssetPath("gallery.js")

    /// Where `Fixture.renderAll` puts an image's rendition: tagged with its slug.
    static func imagePath(_ stem: String, _ width: Int) -> String {
        Fixture.imagePath(stem, width, tag: String(stem.split(separator: "/").last!))
    }

    static func srcset(_ stem: String) -> String {
        "\(imagePath(stem, 400)) 400w, \(imagePath(stem, 1600)) 1600w"
    }

    /// `_headers` before the assets' lines: the pages' policy for every file when the template declares one.
    static func headersStart(policy: String? = nil) -> String {
        "# Written by galgen: file names with a content fingerprint never change.\n"
            + "/*\n  X-Content-Type-Options: nosniff\n" + (policy.map { "  Content-Security-Policy: \($0)\n" } ?? "")
            + "/images/*\n  Cache-Control: public, max-age=31536000, immutable\n  Content-Security-Policy: default-src 'none'; sandbox\n"
    }

    static let builtInPolicy = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'"

    private func render(_ gallery: Gallery, template: SiteTemplate = BuiltInTemplate.template,
                        rendered: [ImageSource: RenderedImage]? = nil) throws -> [String: String] {
        let files = try SiteRenderer.render(Fixture.present(gallery, rendered: rendered), template: template)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
    }

    @Test func inlineTemplate() throws {
        let pages = Fixture.present(Fixture.singleAlbum([a, b]))
        let files = try SiteRenderer.render(pages, template: Self.inline)
        #expect(files.map(\.path) == ["index.html", "a/index.html", "b/index.html", "assets/site.css", "_headers"])
        #expect(files[0].text == "<h1>Summer</h1>[a/index.html][b/index.html]")
        let srcset = { (stem: String) in Self.srcset(stem).replacingOccurrences(of: "images/", with: "../images/") }
        #expect(files[1].text == "<h1>Summer</h1>[a|eager|\(srcset("images/a"))]")
        #expect(files[2].text == "<h1>Summer</h1>[b|eager|\(srcset("images/b"))]")
        #expect(files[3].bytes == [1, 2, 3])
        // Only the stylesheet and script galgen links are fingerprinted; a template's own assets keep their names.
        #expect(files[4].text == Self.headersStart())
        #expect(try render(Gallery(title: "Empty"), template: Self.inline)["index.html"] == "<h1>Empty</h1>EMPTY")
        #expect(try render(Fixture.albums([]), template: Self.inline)["index.html"] == "NO ALBUMS")
    }

    @Test func builtInPhotoPageShowsItsPhotoAndSelectsItsSegment() throws {
        let files = try render(Fixture.singleAlbum([a, b, c]))
        let html = try #require(files["b/index.html"])
        let path = { (stem: String, width: Int) in "../" + Self.imagePath(stem, width) }
        let photo = #"<img class="photo" src="\#(path("images/b", 1600))" srcset="\#(path("images/b", 400)) 400w, \#(path("images/b", 1600)) 1600w" "#
            + #"sizes="(min-aspect-ratio: 1501/1000) calc((100vh - 12rem) * 1.501), (min-width: 1100px) 1040px, calc(100vw - 2rem)" "#
            + #"width="1600" height="1066" alt="B" "#
            + #"loading="eager" decoding="async" fetchpriority="high" data-largest="\#(path("images/b", 1600))">"#
        #expect(html.contains(photo))
        #expect(html.occurrences(of: #"class="photo""#) == 1)
        #expect(html.contains(#"<section class="panel" role="tabpanel" id="photo" aria-labelledby="tab.b""#))
        #expect(html.contains(#"<a class="segment" role="tab" id="tab.b" href="../b/index.html" aria-selected="true" aria-controls="photo" aria-posinset="2" aria-setsize="3""#))
        #expect(html.contains(#"<a class="segment" role="tab" id="tab.a" href="../a/index.html" aria-selected="false" aria-posinset="1""#))
        #expect(html.contains(#"<a class="step step--prev" rel="prev" href="../a/index.html">"#))
        #expect(html.contains(#"<a class="step step--next" rel="next" href="../c/index.html">"#))
        #expect(html.contains(#"<a class="overview-link" href="../index.html#grid.b">All 3 photos</a>"#))
        #expect(html.contains(#"<p class="caption">Boats</p>"#))
        #expect(html.contains(#"<link rel="stylesheet" href="../\#(Self.css)">"#))
        #expect(html.contains(#"<script src="../\#(Self.js)" defer></script>"#))
        #expect(html.contains(#"<meta name="generator" content="galgen test">"#))
        #expect(html.contains("<title>B — Summer</title>"))
        #expect(!(try #require(files["a/index.html"])).contains("step--prev"))
        #expect(!(try #require(files["c/index.html"])).contains("step--next"))
    }

    @Test func builtInOverviewIsAGridOfLinksToThePhotoPages() throws {
        let html = try #require(try render(Fixture.singleAlbum([a, b, c]))["index.html"])
        for slug in ["a", "b", "c"] {
            #expect(html.contains(#"<a class="tile" id="grid.\#(slug)" href="\#(slug)/index.html">"#))
            #expect(html.contains(#"srcset="\#(Self.srcset("images/" + slug))""#))
        }
        // Three 3:2 photos fill a row (4.5 against 1040 / 240 = 4.33); two leave a ragged one, which
        // keeps the row height and ends in a filler.
        #expect(html.occurrences(of: #"width="1501" height="1000" alt="#) == 3 && !html.contains("tile-filler"))
        let two = try #require(try render(Fixture.singleAlbum([a, b]))["index.html"])
        #expect(two.contains(#"<svg class="tile-filler" width="1331" height="1000" aria-hidden="true"></svg>"#))
        #expect(html.contains("<title>Summer</title>") && html.contains(#"<p class="count">3 photos</p>"#))
        #expect(!html.contains(#"role="tab""#))
    }

    @Test func builtInAssetsAreCopied() throws {
        let files = try SiteRenderer.render(Fixture.present(Gallery(title: "x")), template: BuiltInTemplate.template)
        #expect(files.map(\.path) == ["index.html", Self.css, Self.js, "_headers"])
        #expect(Self.css.wholeMatch(of: /assets\/gallery\.[0-9a-f]{8}\.css/) != nil)
        #expect(Self.js.wholeMatch(of: /assets\/gallery\.[0-9a-f]{8}\.js/) != nil)
        #expect(files[1].bytes == BuiltInTemplate.files["gallery.css"])
        #expect(files[2].bytes == BuiltInTemplate.template.assets["gallery.js"])
        #expect(files.allSatisfy { $0.digest == ContentHash.hex($0.inMemory) && $0.byteCount == $0.inMemory.count })
        // The fingerprinted files may be cached forever.
        let forever = "  Cache-Control: public, max-age=31536000, immutable\n"
        #expect(files[3].text == Self.headersStart(policy: Self.builtInPolicy) + [Self.css, Self.js].sorted().map { "/\($0)\n" + forever }.joined())
        #expect(files[0].text.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(Self.builtInPolicy)">"#),
                "the header's policy is the pages' own")
    }

    /// A template that widens its policy gets that one in `_headers`; one whose templates disagree
    /// or compute it gets none for pages (the header would block what the page allows), but
    /// `images/` stays sandboxed.
    @Test(arguments: [
        (["page": #"<meta http-equiv="Content-Security-Policy" content="default-src 'self' https://fonts.example">"#], "default-src 'self' https://fonts.example"),
        (["page": #"<meta http-equiv="Content-Security-Policy" content="a">"#, "overview": #"<meta http-equiv="Content-Security-Policy" content="b">"#], nil),
        (["page": #"<meta http-equiv="Content-Security-Policy" content="{{policy}}">"#], nil),
        (["page": "<p>no policy</p>"], nil),
    ] as [([String: String], String?)])
    func theHeadersFollowTheTemplatesPolicy(_ templates: [String: String], _ expected: String?) {
        let text = HostHeaders.file(fingerprinted: [], template: SiteTemplate(templates: templates, assets: [:]))
        #expect(text == Self.headersStart(policy: expected))
    }

    @Test func failedImageIsNotOnThePage() throws {
        let gallery = Fixture.singleAlbum([a, b, c])
        let files = try render(gallery, rendered: Fixture.renderAll(gallery, failing: ["b"]))
        let html = try #require(files["index.html"])
        #expect(!html.contains("images/b-") && !html.contains("grid.b") && files["b/index.html"] == nil)
        #expect(html.contains(Self.imagePath("images/a", 400)) && html.contains(Self.imagePath("images/c", 400)))
        #expect(files["c/index.html"]?.contains("2 of 2") == true)
    }

    @Test func emptyStates() throws {
        let page = try #require(try render(Gallery(title: "Empty"))["index.html"])
        #expect(page.contains("No photos yet"))
        #expect(!page.contains("<img"))
        let albums = try #require(try render(Fixture.albums([]))["index.html"])
        #expect(albums.contains("No albums yet"))
    }

    @Test func albumPagesUseRelativeLinks() throws {
        let gallery = Fixture.albums([Album(title: "Day One", slug: "day-one", images: [a, b]),
                                      Album(title: "Night", slug: "night", images: [c])])
        let files = try render(gallery)
        #expect(files.keys.sorted() == ["_headers", Self.css, Self.js, "day-one/index.html", "day-one/a/index.html", "day-one/b/index.html",
                                        "index.html", "night/index.html", "night/c/index.html"].sorted())
        let index = try #require(files["index.html"])
        #expect(index.contains(#"<a href="day-one/index.html">"#) && index.contains(#"<a href="night/index.html">"#))
        #expect(index.contains(#"<img src="\#(Self.imagePath("images/day-one/a", 400))" width="400" height="266""#))
        #expect(index.contains(#"href="\#(Self.css)""#))
        #expect(index.contains(#"<span class="album-count">2 photos</span>"#))
        let day = try #require(files["day-one/index.html"])
        #expect(day.contains(#"<a href="../index.html">Trips</a>"#))
        #expect(day.contains(#"<link rel="stylesheet" href="../\#(Self.css)">"#))
        #expect(day.contains(#"<script src="../\#(Self.js)" defer></script>"#))
        #expect(day.contains(#"<img src="../\#(Self.imagePath("images/day-one/a", 400))""#))
        #expect(day.contains("<title>Day One — Trips</title>"))
        for link in Self.links(in: day) {
            #expect(link.hasPrefix("../") || link.hasPrefix("a/") || link.hasPrefix("b/") || link.hasPrefix("data:"), "\(link)")
        }
        let photo = try #require(files["day-one/a/index.html"])
        #expect(photo.contains(#"<a href="../../index.html">Trips</a>"#))
        #expect(photo.contains(#"<img class="photo" src="../../\#(Self.imagePath("images/day-one/a", 1600))""#))
        #expect(photo.contains("<title>A — Day One — Trips</title>"))
        for link in Self.links(in: photo) {
            #expect(link.hasPrefix("../") || link.hasPrefix("data:"), "\(link)")
        }
    }

    /// Every `href`/`src`/`srcset` URL in the page.
    static func links(in html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?:href|src|srcset)="([^"]*)""#)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).flatMap { match in
            let value = String(html[Range(match.range(at: 1), in: html)!])
            return value.components(separatedBy: ", ").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        }
    }

    @Test
    func albumCardWithoutDescriptionShowsNone() throws {
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: [a])], description: "GALLERY-DESC")
        let index = try #require(try render(gallery)["index.html"])
        let cards = try #require(index.components(separatedBy: #"<ul class="albums">"#).last)
        #expect(!cards.contains("GALLERY-DESC"))
    }

    @Test("User text is HTML-escaped everywhere", arguments: [
        #""><img src=x onerror=alert(1)>"#, #"'><img src=x onerror=alert(1)>"#, #"</h1><img src=x onerror=alert(1)>"#,
    ])
    func userTextIsEscaped(_ payload: String) throws {
        let evil = GalleryImage(source: a.source, title: payload, caption: payload, alt: payload, slug: "a", location: a.location)
        let many = (0..<6).map { Fixture.image("i\($0)", title: payload) }
        let galleries = [
            Fixture.singleAlbum([evil, b], title: payload, description: payload),
            Fixture.singleAlbum([evil] + many, title: payload),
            Fixture.albums([Album(title: payload, slug: "one", description: payload, images: [evil])],
                           title: payload, description: payload),
        ]
        for gallery in galleries {
            for template in [BuiltInTemplate.template, Self.inline] {
                for (path, html) in try render(gallery, template: template) where path.hasSuffix(".html") {
                    #expect(!html.contains("<img src=x"), "\(path): \(html)")
                    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(path)")
                }
            }
        }
    }

    @Test func builtInTemplateListsEveryFileOfTheFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("site-template")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
        #expect(!names.isEmpty)
        #expect(Set(BuiltInTemplate.files.keys) == Set(names))
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            #expect(BuiltInTemplate.files[name] == bytes, "\(name) differs from the compiled-in copy")
        }
        #expect(Set(BuiltInTemplate.template.templates.keys) == ["head", "page", "overview", "albums", "tag", "tags", "place", "places"])
        #expect(Set(BuiltInTemplate.template.assets.keys) == ["gallery.css", "gallery.js"])
    }

    @Test func siteTemplateSortsFilesByExtension() {
        let template = SiteTemplate(files: ["page.mustache": Array("P".utf8), "x.css": [1], "logo.svg": [2]])
        #expect(template == SiteTemplate(templates: ["page": "P"], assets: ["x.css": [1], "logo.svg": [2]]))
    }

    @Test("Missing or invalid templates", arguments: [
        (["albums": "", "overview": ""], TemplateError.missingTemplate(name: "page.mustache")),
        (["page": "", "overview": ""], .missingTemplate(name: "albums.mustache")),
        (["page": "", "albums": ""], .missingTemplate(name: "overview.mustache")),
        ([:], .missingTemplate(name: "page.mustache")),
    ])
    func templateErrors(_ templates: [String: String], _ expected: TemplateError) {
        #expect(throws: expected) {
            try SiteRenderer.render(Fixture.present(Gallery(title: "x")), template: SiteTemplate(templates: templates, assets: [:]))
        }
        #expect(expected.description.contains("Copy it from a fresh `galgen init`."))
    }

    @Test func unparseableTemplate() {
        do {
            _ = try SiteRenderer.render([], template: SiteTemplate(templates: ["page": "{{#photo}}", "albums": "", "overview": ""], assets: [:]))
            Issue.record("expected an error")
        } catch {
            guard case let .invalidTemplate(name, _) = error else { Issue.record("\(error)"); return }
            #expect(name == "page.mustache")
            #expect(error.description.hasPrefix("page.mustache is not a valid Mustache template: "))
        }
    }
}

/// Pages rendered on several threads at once come out as on one, in the same order.
struct ParallelPageRenderingTests {
    @Test func pagesRenderedInSlicesAtOnceAreTheSameFilesInTheSameOrder() throws {
        let images = (0..<300).map { Fixture.image("photo-\($0)", caption: "Caption \($0)") }
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: Array(images.prefix(170))),
                                      Album(title: "Two", slug: "two", images: Array(images.dropFirst(170)))])
        let compiled = try CompiledTemplate(BuiltInTemplate.template)
        let pages = SiteRenderer.linkAssets(Fixture.present(gallery), template: compiled.source)
        #expect(pages.count > 2 * SiteRenderer.pagesPerRun)
        let one = SiteRenderer.renderPages(pages, template: compiled, threads: 1)
        for threads in [2, 3, 8] {
            let many = SiteRenderer.renderPages(pages, template: compiled, threads: threads)
            #expect(many.map(\.path) == one.map(\.path) && many.map(\.text) == one.map(\.text), "\(threads) threads")
        }
        #expect(one.map(\.path) == pages.map(\.path))
        // Each page as it is rendered alone (no memo shared with other pages).
        #expect(one.map(\.text) == pages.map { compiled.render($0) })
    }
}
