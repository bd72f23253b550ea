import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Pages and gallery.js in the site's language: `language:` and `labels:` reach every string.
@Suite("Pages in the visitor's language")
struct LanguagePagesTests {
    static func gallery(_ tag: String, overrides: [String: String] = [:], count: Int = 3) -> Gallery {
        var gallery = Fixture.singleAlbum((1...count).map { Fixture.image("p\($0)") }, title: "Sommer")
        gallery.language = SiteLanguage(tag: tag, overrides: overrides)
        return gallery
    }

    static func html(_ gallery: Gallery) throws -> [String: String] {
        let template = BuiltInTemplate.template.localized(gallery.labels)
        let files = try SiteRenderer.render(Fixture.present(gallery), template: template)
        return Dictionary(uniqueKeysWithValues: files.filter { $0.path.hasSuffix(".html") || $0.path.hasSuffix(".js") }
            .map { ($0.path, String(decoding: $0.inMemory, as: UTF8.self)) })
    }

    @Test func aGermanSiteSpeaksGermanEverywhere() throws {
        let pages = try Self.html(Self.gallery("de"))
        let overview = try #require(pages["index.html"])
        #expect(overview.hasPrefix("<!doctype html>\n<html lang=\"de\">"))
        #expect(overview.contains("<p class=\"count\">3 Fotos</p>"))
        #expect(overview.contains("Erstellt mit galgen test"))
        let photo = try #require(pages["p2/index.html"])
        #expect(photo.contains("aria-label=\"Fotos: Sommer\""))
        #expect(photo.contains("Vorheriges Foto: P1") && photo.contains("Nächstes Foto: P3"))
        #expect(photo.contains(">Alle 3 Fotos</a>"))
        #expect(photo.contains("aria-label=\"2 von 3\""))
        #expect(photo.contains(">Volle Größe ("))
        for english in ["Previous photo", "Made with", "Full size", "All 3 photos", "Photos of", " of 3"] {
            #expect(!photo.contains(english), "\(english) left in English")
        }
        let script = try #require(pages.first { $0.key.hasSuffix(".js") }?.value)
        #expect(script.contains("\"startSlideshow\":\"Diashow starten\""))
    }

    @Test func anArabicSiteIsRightToLeft() throws {
        let pages = try Self.html(Self.gallery("ar"))
        #expect(try #require(pages["index.html"]).hasPrefix("<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">"))
        #expect(try #require(pages["p1/index.html"]).contains("الصورة التالية: P2"))
    }

    @Test func englishPagesReadAsBefore() throws {
        let pages = try Self.html(Self.gallery("en", count: 1))
        let photo = try #require(pages["p1/index.html"])
        #expect(photo.hasPrefix("<!doctype html>\n<html lang=\"en\">\n"))
        #expect(photo.contains(">All photos</a>") && photo.contains("aria-label=\"1 of 1\"") && photo.contains("Made with galgen test"))
    }

    @Test func manyPagesAndVideosSayTheirRangeAndTitle() throws {
        let labels = Labels(SiteLanguage(tag: "fr"))
        let pages = Fixture.present(Self.gallery("fr", count: OverviewLayout.photosPerPage + 1))
        let second = try #require(pages.first { $0.path == "page/2/index.html" })
        #expect(second.overview?.photoCount == "Photos 101 à 101 sur 101")
        #expect(labels.number(101) == "101")
        #expect(second.documentTitle.hasSuffix("page 2 sur 2"))
    }

    @Test func labelsOverrideTheBuiltInWords() throws {
        let pages = try Self.html(Self.gallery("de", overrides: ["fullSize": "Groß", "startSlideshow": "Los"]))
        #expect(try #require(pages["p1/index.html"]).contains(">Groß ("))
        #expect(try #require(pages.first { $0.key.hasSuffix(".js") }?.value).contains("\"startSlideshow\":\"Los\""))
    }

    @Test func theLanguageChangesThePageKeyAndTheScriptsName() throws {
        let english = Fixture.present(Self.gallery("en"))[1], german = Fixture.present(Self.gallery("de"))[1]
        let template = BuiltInTemplate.template
        #expect(PageKey.make(templateDigest: "t", page: english) != PageKey.make(templateDigest: "t", page: german))
        let scripts = ["en", "de", "ar"].map { tag in
            template.localized(Labels(SiteLanguage(tag: tag))).assets["gallery.js"] ?? []
        }
        #expect(scripts[0] == template.assets["gallery.js"], "English is the joined script as it was")
        #expect(Set(scripts.map { ContentHash.hex($0) }).count == 3)
    }

    @Test func aTemplatesOwnScriptKeepsItsWords() {
        let own = SiteTemplate(files: ["gallery.js": Array("alert('mine');\n".utf8)])
        #expect(own.localized(Labels(SiteLanguage(tag: "de"))) == own)
    }

    @Test func aBuildSaysOnceThatALanguageHasNoTable() async throws {
        let harness = PipelineHarness()
        _ = try await harness.run("title: T\nlanguage: sv\nimages: [a.jpg]\n", photos: ["/site/a.jpg": FakePhoto("a", width: 800)]).get()
        let lines = harness.recorder.events.compactMap { if case let .imageWarning(_, message) = $0, message.contains("'sv'") { message } else { nil } }
        #expect(lines.count == 1)
        let page = try #require(harness.recorder.written?["index.html"])
        #expect(String(decoding: page, as: UTF8.self).contains("<html lang=\"sv\">"))
        _ = try await PipelineHarness().run("title: T\nlanguage: de\nimages: [a.jpg]\n", photos: ["/site/a.jpg": FakePhoto("a", width: 800)]).get()
    }
}
