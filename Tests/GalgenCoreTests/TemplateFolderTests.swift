import Foundation
import GalgenSiteTemplate
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Which files of a template folder a site uses, decided from what the file system says about
/// each entry, and what the configuration stage reports about them.
struct TemplateFolderTests {
    @Test("Site files by extension", arguments: [
        ("style.css", true), ("STYLE.CSS", true), ("app.mjs", true), ("font.woff2", true), ("logo.svg", true),
        ("favicon.ico", true), ("site.webmanifest", true), ("robots.txt", true), ("page.mustache", true),
        ("passwd", false), ("shadow", false), ("secret.env", false), ("id_rsa", false), ("config.json", false),
        ("notes.yml", false), ("archive.tar.gz", false), ("css", false),
        // Taken as an asset (not a template) by `SiteTemplate`: it would be published as it is.
        ("page.MUSTACHE", false),
    ])
    func siteFilesByExtension(_ name: String, _ expected: Bool) {
        #expect(TemplateFolder.isSiteFile(name) == expected)
    }

    @Test func onlyRegularFilesInsideTheFolderOfASitesKindsAreUsed() {
        let selection = TemplateFolder.select([
            TemplateEntry(name: "style.css", kind: .file),
            TemplateEntry(name: "page.mustache", kind: .file),
            TemplateEntry(name: "passwd", kind: .file),
            TemplateEntry(name: "leak.css", kind: .outside(target: "/proc/12/environ")),
            TemplateEntry(name: "fonts", kind: .folder),
            TemplateEntry(name: "pipe.css", kind: .special("a FIFO (named pipe)")),
            TemplateEntry(name: "gone.css", kind: .unreadable("a symlink to x.css, which leads nowhere")),
            TemplateEntry(name: ".env", kind: .file),
            TemplateEntry(name: ".DS_Store", kind: .file),
        ])
        #expect(selection.used == ["page.mustache", "style.css"])
        // Sorted by name; dot files are left out without a warning.
        #expect(selection.skipped.map(\.name) == ["fonts", "gone.css", "leak.css", "passwd", "pipe.css"])
        let reasons = Dictionary(uniqueKeysWithValues: selection.skipped.map { ($0.name, $0.reason) })
        #expect(reasons["passwd"]?.hasPrefix("skipped: not a kind of file a site uses") == true)
        #expect(reasons["passwd"]?.contains(".css") == true)
        #expect(reasons["leak.css"] == "skipped: a symlink to /proc/12/environ, outside the template folder (only files inside it are used)")
        #expect(reasons["fonts"]?.hasPrefix("skipped: a folder") == true)
        #expect(reasons["pipe.css"]?.hasPrefix("skipped: not a regular file but a FIFO (named pipe)") == true)
        #expect(reasons["gone.css"] == "skipped: a symlink to x.css, which leads nowhere")
    }

    @Test func theConfigurationStageReportsWhatTheFolderContributesAndSkips() throws {
        let events = Mutex<[BuildEvent]>([])
        let folder = SiteTemplate(files: BuiltInTemplate.files.merging(["style.css": Array("b{}".utf8), "page.mustache": Array("P".utf8)]) { $1 })
        let selection = TemplateSelection(used: ["page.mustache", "style.css"],
                                          skipped: [SkippedTemplateFile(name: "passwd", reason: "skipped: not a site file")])
        let effects = BuildEffects(
            readFile: { _, _ in Array("template: theme/\nimages: []\n".utf8) },
            loadTemplate: { _ in LoadedTemplate(folder, selection: selection) },
            writeSite: { _ in true }, report: { event in events.withLock { $0.append(event) } })
        let pipeline = BuildPipeline(configPath: "/site/gallery.yml", jobs: 1, renderer: ImageRenderer { _, _ in throw FakeError(description: "no") },
                                     effects: effects, generator: "galgen test")
        _ = try pipeline.load()
        #expect(events.withLock { $0 } == [
            BuildStage.configuration.event,
            .templateFileUsed(file: "theme/page.mustache", becomes: "the page template"),
            .templateFileUsed(file: "theme/style.css", becomes: "assets/style.css"),
            .templateFileSkipped(file: "theme/passwd", reason: "skipped: not a site file"),
        ])
    }

    /// A folder of only theme.css restyles the built-in look: its lines end gallery.css (so they
    /// win), it is not published on its own, and `--verbose` says where it went.
    @Test func aThemeIsTheEndOfTheStylesheetAndNotAFileOfItsOwn() throws {
        let theme = Array(":root { --accent: #c2410c; }\n@media (prefers-color-scheme: dark) { :root { --accent: #fb923c; } }\n".utf8)
        let builtIn = BuiltInTemplate.template
        let themed = SiteTemplate(files: BuiltInTemplate.files.merging(["theme.css": theme]) { $1 })
        let css = try #require(themed.assets["gallery.css"])
        #expect(css.starts(with: try #require(builtIn.assets["gallery.css"])))
        #expect(String(decoding: css, as: UTF8.self).hasSuffix("\n/* theme.css */\n" + String(decoding: theme, as: UTF8.self)))
        #expect(themed.assets["theme.css"] == nil)
        #expect(themed.templates == builtIn.templates && themed.assets["gallery.js"] == builtIn.assets["gallery.js"])
        let loaded = LoadedTemplate(themed, selection: TemplateSelection(used: ["theme.css"], skipped: []))
        #expect(loaded.contribution(of: "theme.css") == "the end of " + OutputLayout.asset("gallery.css", bytes: css))
        // The properties a theme sets are the ones the built-in stylesheet declares and uses.
        let text = String(decoding: try #require(builtIn.assets["gallery.css"]), as: UTF8.self)
        for property in ["--bg", "--fg", "--muted", "--accent", "--radius", "--radius-photo", "--radius-tile", "--font", "--font-size",
                         "--line-height", "--grid-gap"] {
            #expect(text.contains("  \(property): ") && text.contains("var(\(property))"), "\(property)")
        }
        // A stylesheet without a last newline does not swallow the theme's first line.
        let joined = ThemeStylesheet.assemble(["gallery.css": Array("a{}".utf8), "theme.css": Array(":root{}".utf8)])
        #expect(joined == ["gallery.css": Array("a{}\n/* theme.css */\n:root{}".utf8)])
    }

    @Test func theBuiltInTemplateReportsNothing() throws {
        let events = Mutex<[BuildEvent]>([])
        let effects = BuildEffects(
            readFile: { _, _ in Array("images: []\n".utf8) },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            writeSite: { _ in true }, report: { event in events.withLock { $0.append(event) } })
        let pipeline = BuildPipeline(configPath: "/site/gallery.yml", jobs: 1, renderer: ImageRenderer { _, _ in throw FakeError(description: "no") },
                                     effects: effects, generator: "galgen test")
        _ = try pipeline.load()
        #expect(events.withLock { $0 } == [BuildStage.configuration.event])
    }

    @Test func galleryYmlIsReadWithItsLimitAndPhotosWithTheirs() async throws {
        let limits = Mutex<[String: ReadLimit]>([:])
        let effects = BuildEffects(
            readFile: { path, limit in
                limits.withLock { $0[path] = limit }
                return path.hasSuffix(".yml") ? Array("images: [a.jpg]\n".utf8) : FakePhoto("a", width: 500).bytes
            },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            writeSite: { _ in true }, report: { _ in })
        let pipeline = BuildPipeline(configPath: "/site/gallery.yml", jobs: 1, renderer: PipelineHarness.fakeRenderer(Recorder()),
                                     effects: effects, generator: "galgen test")
        _ = try await pipeline.run()
        #expect(limits.withLock { $0 } == ["/site/gallery.yml": .configuration, "/site/a.jpg": .photo])
    }
}
