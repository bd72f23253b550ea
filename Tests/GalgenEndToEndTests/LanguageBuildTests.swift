import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` (the real binary) with `language:`: a German and an Arabic site, their
/// pages, dates and gallery.js in the language; a language without a table says so.
@Suite(.serialized)
struct LanguageBuildTests {
    static let metadata = Galgen.packageRoot + "/Tests/Fixtures/metadata/"

    static func project(_ language: String, extra: String = "") throws -> TestProject {
        let project = try TestProject("""
            title: Reise
            language: \(language)
            \(extra)
            thumbnails: { widths: [120, 240], formats: [jpeg] }
            viewer: { slideshow: 3 }
            images: [photos/paris.jpg, photos/tokyo.jpg, photos/unzoned.jpg]
            """)
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        for (name, fixture) in ["paris": "tz_paris", "tokyo": "tz_tokyo", "unzoned": "tz_unzoned"] {
            try FileManager.default.copyItem(atPath: metadata + fixture + ".jpg", toPath: project.path("photos/\(name).jpg"))
        }
        return project
    }

    static func script(_ project: TestProject) -> String {
        let name = project.list("_site/assets").first { $0.hasPrefix("gallery.") && $0.hasSuffix(".js") } ?? ""
        return project.read("_site/assets/" + name) ?? ""
    }

    @Test func aGermanSite() async throws {
        let project = try Self.project("de", extra: "labels: { fullSize: Großes Bild }")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let overview = try #require(project.read("_site/index.html"))
        #expect(overview.hasPrefix("<!doctype html>\n<html lang=\"de\">\n"))
        #expect(overview.contains("<p class=\"count\">3 Fotos</p>"))
        let page = try #require(project.read("_site/tokyo/index.html"))
        #expect(page.contains(">Alle 3 Fotos</a>") && page.contains("aria-label=\"2 von 3\""))
        #expect(page.contains(">Großes Bild ("), "labels: over the table")
        // The capture time as German writes it, from the photo's EXIF, in the details panel.
        let taken = try #require(page.components(separatedBy: "<dt>Aufgenommen</dt><dd>").dropFirst().first?.prefix { $0 != "<" })
        #expect(taken.range(of: #"^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.? \d{4}, \d{2}:\d{2}"#, options: .regularExpression) != nil, "\(taken)")
        // In the photo's own zone (Tokyo's +09:00), never the build machine's.
        #expect(taken.hasSuffix("10:00 (UTC+09:00)"), "\(taken)")
        #expect(page.contains("<dt>Größe</dt><dd>364 × 546</dd>") && page.contains("<h3 class=\"visually-hidden\">Details</h3>"))
        let script = Self.script(project)
        #expect(script.contains("\"startSlideshow\":\"Diashow starten\"") && script.contains("\"zoomIn\":\"Vergrößern\""))
        #expect(!result.stderr.contains("no built-in words"))
    }

    @Test func anArabicSiteIsRightToLeft() async throws {
        let project = try Self.project("ar")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(project.read("_site/tokyo/index.html"))
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">\n"))
        #expect(page.contains("الصورة السابقة:") && page.contains("الكل (3 صور)"))
        #expect(Self.script(project).contains("\"close\":\"إغلاق\""))
    }

    @Test func aLanguageWithoutATableIsEnglishAndSaysSo() async throws {
        let project = try Self.project("sv")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try #require(project.read("_site/index.html")).hasPrefix("<!doctype html>\n<html lang=\"sv\">\n"))
        let said = (result.stdout + result.stderr).components(separatedBy: "\n").filter { $0.contains("'sv'") }
        #expect(said.count == 1 && said[0].contains("labels:"), "\(said)")
    }
}
