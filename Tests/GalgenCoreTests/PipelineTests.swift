import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("BuildPipeline")
struct PipelineTests {
    let harness = PipelineHarness()
    var recorder: Recorder { harness.recorder }
    var stages: [Int] { harness.stages }

    func run(_ config: String?, photos: [String: FakePhoto] = [:], configPath: String = "/site/gallery.yml", jobs: Int = 2,
             template: SiteTemplate = BuiltInTemplate.template,
             writeError: String? = nil) async -> Result<BuildSummary, BuildError> {
        await harness.run(config, photos: photos, configPath: configPath, jobs: jobs, template: template, writeError: writeError)
    }

    @Test func successfulBuildWritesPagesAssetsAndImages() async throws {
        let config = "title: Sea\nimages:\n  - photos/beach.jpg\n  - src: photos/dunes.jpg\n    title: Dunes at dusk\nthumbnails: { widths: [400, 1600], formats: [jpeg] }\n"
        let beachPhoto = FakePhoto("beach", width: 2000), dunesPhoto = FakePhoto("dunes", width: 1000)
        let result = await run(config, photos: ["/site/photos/beach.jpg": beachPhoto, "/site/photos/dunes.jpg": dunesPhoto])
        let summary = try result.get()
        var expected = BuildSummary(imagesBuilt: 2, failures: [], filesWritten: 10, pages: 3, imagesReused: 0, siteChanged: true)
        expected.pagesRendered = 3
        // What galgen serve watches: gallery.yml and the local photos.
        // Their folder too: a sidecar put beside a photo changes its listing.
        expected.inputs = ["/site/gallery.yml", "/site/photos/", "/site/photos/beach.jpg", "/site/photos/dunes.jpg"]
        #expect(summary.withoutRecord == expected)
        #expect(summary.exitCode == 0)
        let written = try #require(recorder.written)
        let beach = [400, 1600].map { PipelineHarness.imagePath("images/beach", $0, of: beachPhoto) }
        let dunes = [400, 1000].map { PipelineHarness.imagePath("images/dunes-at-dusk", $0, of: dunesPhoto) }
        let css = Fixture.builtInAssetPath("gallery.css"), js = Fixture.builtInAssetPath("gallery.js")
        #expect(written.keys.sorted() == (["_headers", css, js, "index.html", "beach/index.html", "dunes-at-dusk/index.html"]
                                          + beach + dunes).sorted())
        #expect(beach[1].hasPrefix("images/beach-1600.") && beach[1].hasSuffix(".jpg"))
        #expect(written[beach[1]] == beachPhoto.rendition(width: 1600, quality: 82))
        #expect(written[css] == BuiltInTemplate.files["gallery.css"])
        #expect(written[js] == BuiltInTemplate.template.assets["gallery.js"])
        let html = String(decoding: try #require(written["index.html"]), as: UTF8.self)
        #expect(html.contains("<title>Sea</title>") && html.contains(#"srcset="\#(dunes[0]) 400w, \#(dunes[1]) 1000w""#))
        #expect(html.contains(#"<link rel="stylesheet" href="\#(css)">"#) && html.contains(#"<script src="\#(js)" defer></script>"#))
        let dunesPage = String(decoding: try #require(written["dunes-at-dusk/index.html"]), as: UTF8.self)
        #expect(dunesPage.contains("<title>Dunes at dusk — Sea</title>") && dunesPage.contains(#"srcset="../\#(dunes[0]) 400w, ../\#(dunes[1]) 1000w""#))
        #expect(recorder.templateFolders == [nil])
    }

    @Test func stageEventsAreReportedInOrder() async throws {
        _ = try await run("images:\n  - a.jpg\n  - b.jpg\n", photos: ["/site/a.jpg": FakePhoto("a", width: 500), "/site/b.jpg": FakePhoto("b", warning: "truncated file")]).get()
        let events = recorder.events
        #expect(stages == [1, 2, 3, 4, 5, 6])
        #expect(events.first == .stage(number: 1, of: 6, name: "Reading configuration"))
        #expect(events.last == .stage(number: 6, of: 6, name: "Writing site"))
        let names = events.compactMap { if case let .stage(_, _, name) = $0 { name } else { nil } }
        #expect(names == ["Reading configuration", "Planning", "Downloading", "Rendering images", "Rendering pages", "Writing site"])
        #expect(events.filter { if case .stage(_, let of, _) = $0 { of != 6 } else { false } }.isEmpty)
        let imageEvents = Array(events.drop { $0 != .stage(number: 4, of: 6, name: "Rendering images") }.dropFirst().prefix(6))
        #expect(imageEvents.contains(.imageWarning(source: "b.jpg", message: "truncated file")))
        let done = imageEvents.compactMap { if case let .imageBuilt(_, done, total) = $0 { "\(done)/\(total)" } else { nil } }
        #expect(done == ["1/2", "2/2"])
    }

    @Test func missingAndBadImagesFailButTheSiteIsWritten() async throws {
        let config = "images:\n  - good.jpg\n  - missing.jpg\n  - bad.jpg\nthumbnails: { widths: [400, 1600], formats: [jpeg] }\n"
        let good = FakePhoto("good", width: 800)
        let summary = try await run(config, photos: ["/site/good.jpg": good, "/site/bad.jpg": FakePhoto("bad", fails: true)]).get()
        #expect(summary.exitCode == 1)
        #expect(summary.imagesBuilt == 1 && summary.pages == 2)
        #expect(summary.failures.map(\.source) == ["missing.jpg", "bad.jpg"])
        #expect(summary.failures.map(\.location) == [at(3, 5), at(4, 5)])
        #expect(summary.failures[0].reason == "cannot read the file: no such file: /site/missing.jpg")
        #expect(summary.failures[1].reason == "not a JPEG file")
        #expect(summary.failures[1].description == "bad.jpg (gallery.yml:4:5): not a JPEG file")
        let written = try #require(recorder.written)
        #expect(written.keys.filter { $0.hasPrefix("images/") }.sorted()
                == [400, 800].map { PipelineHarness.imagePath("images/good", $0, of: good) }.sorted())
        let html = String(decoding: try #require(written["index.html"]), as: UTF8.self)
        #expect(!html.contains("missing") && !html.contains("bad-"))
        let failed = recorder.events.filter { if case .imageFailed = $0 { true } else { false } }
        #expect(failed.count == 2)
        #expect(stages == [1, 2, 3, 4, 5, 6])
    }

    @Test func invalidConfigStopsBeforeAnythingIsWritten() async throws {
        let result = await run("titel: x\nimages:\n  - src: ftp://x/a.jpg\n")
        guard case let .failure(.config(errors)) = result else { Issue.record("\(result)"); return }
        #expect(positions(errors.errors) == ["1:1", "3:10"])
        #expect(BuildError.config(errors).exitCode == 2)
        #expect(recorder.written == nil)
        #expect(recorder.reads == ["/site/gallery.yml"])
        #expect(stages == [1])
    }

    @Test func configErrorsNameTheConfigFile() async {
        let result = await run("titel: x\n", configPath: "/photos/trip.yml")
        guard case let .failure(error) = result else { Issue.record("\(result)"); return }
        #expect(error.description.hasPrefix("trip.yml:1:1: error: unknown key 'titel'"))
    }

    @Test func unreadableConfig() async {
        let result = await run(nil)
        #expect(result == .failure(.configUnreadable(path: "/site/gallery.yml", reason: "no such file: /site/gallery.yml")))
        if case let .failure(error) = result {
            #expect(error.exitCode == 2)
            #expect(error.description.contains("galgen init"))
        }
        #expect(recorder.written == nil)
    }

    @Test func failedWriteIsExitCode3() async {
        let result = await run("images: []\n", writeError: "disk full")
        #expect(result == .failure(.write(reason: "disk full")))
        if case let .failure(error) = result {
            #expect(error.exitCode == 3)
            #expect(error.description.contains("disk full") && error.description.contains("previous site"))
        }
        #expect(stages == [1, 2, 3, 4, 5, 6])
    }

    @Test func customTemplateFolderIsResolvedAgainstTheConfig() async throws {
        let theme = SiteTemplate(templates: ["page": "PAGE {{title}}", "overview": "OVERVIEW {{title}}", "albums": ""], assets: [:])
        let summary = try await run("title: T\ntemplate: theme\n", template: theme).get()
        #expect(summary.filesWritten == 2)
        #expect(recorder.written.map { $0.keys.sorted() } == ["_headers", "index.html"])
        #expect(recorder.templateFolders == ["/site/theme"])
        #expect(summary.inputs == ["/site/gallery.yml", "/site/theme"])
        #expect(recorder.written?["index.html"] == Array("OVERVIEW T".utf8))
    }

    @Test("Template problems stop the build with exit code 2", arguments: [
        ("template: elsewhere\n", TemplateError.unreadable(path: "elsewhere", reason: "no folder /site/elsewhere")),
        ("template: theme\n", .missingTemplate(name: "page.mustache")),
    ])
    func templateErrors(_ config: String, _ expected: TemplateError) async {
        let result = await run(config, template: SiteTemplate(templates: [:], assets: [:]))
        #expect(result == .failure(.template(expected)))
        #expect(BuildError.template(expected).exitCode == 2)
        #expect(recorder.written == nil)
    }

    @Test func albumsBuildOnePagePerAlbumAndReadEachSourceOnce() async throws {
        let config = "albums:\n  - title: Day One\n    images: [a.jpg]\n  - title: Night\n    images: [b.jpg, a.jpg]\nthumbnails: { widths: [400, 1600], formats: [jpeg] }\n"
        let aPhoto = FakePhoto("a", width: 500), bPhoto = FakePhoto("b", width: 500)
        let summary = try await run(config, photos: ["/site/a.jpg": aPhoto, "/site/b.jpg": bPhoto]).get()
        var expected = BuildSummary(imagesBuilt: 2, failures: [], filesWritten: 13, pages: 6)
        expected.pagesRendered = 6
        expected.inputs = ["/site/gallery.yml", "/site/", "/site/a.jpg", "/site/b.jpg"]
        #expect(summary.withoutRecord == expected)
        let written = try #require(recorder.written)
        let a = [400, 500].map { PipelineHarness.imagePath("images/day-one/a", $0, of: aPhoto) }
        let b = [400, 500].map { PipelineHarness.imagePath("images/night/b", $0, of: bPhoto) }
        #expect(written.keys.sorted() == (["_headers", Fixture.builtInAssetPath("gallery.css"), Fixture.builtInAssetPath("gallery.js"),
                                           "day-one/index.html", "day-one/a/index.html", "index.html", "night/index.html",
                                           "night/a/index.html", "night/b/index.html"] + a + b).sorted())
        // Read once, hashed and decoded from the same bytes: not again for the second album.
        #expect(recorder.reads.filter { $0 == "/site/a.jpg" }.count == 1)
        #expect(recorder.reads.filter { $0 == "/site/b.jpg" }.count == 1)
        // The photo both albums list has a page in each, linking its one set of files.
        let night = String(decoding: try #require(written["night/a/index.html"]), as: UTF8.self)
        #expect(night.contains(#"src="../../\#(a[1])""#))
    }

    @Test func sameSourceTwiceIsRenderedOnceAndShownTwice() async throws {
        let summary = try await run("images:\n  - a.jpg\n  - src: a.jpg\n    title: Again\n", photos: ["/site/a.jpg": FakePhoto("a", width: 500)]).get()
        #expect(summary.imagesBuilt == 1)
        // Read once (hashed and decoded from the same bytes), for both entries.
        #expect(recorder.reads == ["/site/gallery.yml", "/site/a.jpg"])
        let written = try #require(recorder.written)
        #expect(written.keys.filter { $0.hasSuffix("/index.html") }.sorted() == ["a/index.html", "again/index.html"])
        let pages = ["a/index.html", "again/index.html"].map { String(decoding: written[$0] ?? [], as: UTF8.self) }
        #expect(pages.allSatisfy { $0.occurrences(of: #"role="tabpanel""#) == 1 })
        #expect(pages[1].contains("<title>Again — ") && pages[0].contains(#"href="../again/index.html""#))
    }

    @Test func thumbnailSettingsReachTheRenderer() async throws {
        let photo = FakePhoto("a", width: 900)
        _ = try await run("thumbnails:\n  widths: [300]\n  quality: 50\n  formats: [jpeg]\nimages: [a.jpg]\n", photos: ["/site/a.jpg": photo]).get()
        let path = PipelineHarness.imagePath("images/a", 300, of: photo, quality: 50)
        #expect(recorder.written?.keys.filter { $0.hasPrefix("images/") } == [path])
        #expect(recorder.written?[path] == photo.rendition(width: 300, quality: 50))
    }

    @Test("Sources are resolved against the folder of the config", arguments: [
        ("gallery.yml", "photos/a.jpg", "photos/a.jpg"),
        ("/gallery.yml", "photos/a.jpg", "/photos/a.jpg"),
        ("/site/sub/gallery.yml", "../a.jpg", "/site/a.jpg"),
        ("/site/gallery.yml", "/abs/a.jpg", "/abs/a.jpg"),
    ])
    func relativeConfigPaths(_ configPath: String, _ src: String, _ read: String) async throws {
        let summary = try await run("images: [\(src)]\n", photos: [read: FakePhoto("a", width: 500)], configPath: configPath).get()
        #expect(summary.imagesBuilt == 1)
        // Hashed, then decoded.
        #expect(recorder.reads == [configPath, read])
    }

    /// Each render waits until `jobs` are in flight (or as many as this machine's threads
    /// allow), so a pipeline that started more than `jobs` at once would show it.
    @Test("At most `jobs` images are rendered at once", arguments: [1, 2, 3])
    func jobsLimitConcurrency(_ jobs: Int) async throws {
        let harness = PipelineHarness(gate: RenderGate(target: min(jobs, ProcessInfo.processInfo.activeProcessorCount)))
        let recorder = harness.recorder
        let names = (0..<8).map { "i\($0).jpg" }
        let photos = Dictionary(uniqueKeysWithValues: names.map { ("/site/\($0)", FakePhoto($0, width: 500)) })
        let summary = try await harness.run("images: [\(names.joined(separator: ", "))]\n", photos: photos, jobs: jobs).get()
        #expect(summary.imagesBuilt == 8)
        #expect((1...jobs).contains(recorder.maxRendering))
    }

    @Test func jobsIsAtLeastOne() {
        let effects = BuildEffects(readFile: { _, _ in [] }, loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
                                   writeSite: { _ in true }, report: { _ in })
        for jobs in [0, -3] {
            #expect(BuildPipeline(configPath: "g.yml", jobs: jobs, renderer: PipelineHarness.fakeRenderer(recorder),
                                  effects: effects, generator: "x").jobs == 1)
        }
    }

    @Test("Exit codes", arguments: [
        (BuildError.configUnreadable(path: "p", reason: "r"), Int32(2)), (.config(ConfigErrors([])), 2),
        (.template(.missingTemplate(name: "page.mustache")), 2), (.write(reason: "r"), 3),
    ])
    func exitCodes(_ error: BuildError, _ code: Int32) {
        #expect(error.exitCode == code)
    }

    /// `galgen init` answers a missing gallery.yml, not one that is a FIFO, too big or unopenable.
    @Test("galgen init is suggested for a missing gallery.yml only", arguments: [
        ("no such file", true), ("not a regular file but a FIFO (named pipe)", false), ("Too many open files", false),
    ])
    func initHint(_ reason: String, _ suggested: Bool) {
        let text = BuildError.configUnreadable(path: "gallery.yml", reason: reason).description
        #expect(text.hasPrefix("cannot read gallery.yml: \(reason)"))
        #expect(text.contains("galgen init") == suggested)
    }
}
