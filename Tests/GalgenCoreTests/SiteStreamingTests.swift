import GalgenSiteTemplate
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The pipeline presents, renders and hands over the site an album at a time, so a build holds one
/// album's pages, never the whole site's (issue 25: 2.7 GB at 100,000 photos in 100 albums).
@Suite("Site written an album at a time")
struct SiteStreamingTests {
    /// What the effects saw, in order: `present <path>` when the pipeline asks the page cache for a
    /// page (right after presenting it), `add <paths>` when it hands files to the site writer.
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        func note(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static let config = """
        title: Trips
        thumbnails: { widths: [400], formats: [jpeg] }
        albums:
          - title: Coast
            images: [coast/a.jpg, coast/b.jpg]
          - title: Hills
            images: [hills/c.jpg]
          - title: Town
            images: [town/d.jpg, town/e.jpg]
        """

    func build(_ log: Log, finished: Bool = true) async throws -> BuildSummary {
        var disk = ["/site/gallery.yml": Array(Self.config.utf8)]
        for name in ["coast/a", "coast/b", "hills/c", "town/d", "town/e"] { disk["/site/\(name).jpg"] = FakePhoto(name, width: 800).bytes }
        let effects = BuildEffects(
            readFile: { [disk] path, _ in
                guard let bytes = disk[path] else { throw FakeError(description: "no such file: \(path)") }
                return bytes
            },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            pathKind: { [disk] path in disk[path] != nil ? .file(modified: 0) : .other },
            pages: PageCache(lookup: { _, path in log.note("present \(path)"); return nil }, keep: { _, _ in }),
            openSite: {
                SiteOutput(add: { files in log.note("add " + files.map(\.path).filter { $0.hasSuffix(".html") }.joined(separator: " ")) },
                           finish: { log.note("finish"); return finished })
            },
            report: { _ in })
        let pipeline = BuildPipeline(configPath: "/site/gallery.yml", jobs: 2, renderer: PipelineHarness.fakeRenderer(Recorder()),
                                     effects: effects, generator: "galgen test")
        return try await pipeline.run()
    }

    @Test func eachAlbumsPagesAreHandedToTheWriterBeforeTheNextAlbumIsPresented() async throws {
        let log = Log()
        let summary = try await build(log)
        #expect(log.all == [
            // The renditions first, then each album's pages, then the template's files.
            "add ",
            "present index.html", "add index.html",
            "present coast/index.html", "present coast/a/index.html", "present coast/b/index.html",
            "add coast/index.html coast/a/index.html coast/b/index.html",
            "present hills/index.html", "present hills/c/index.html",
            "add hills/index.html hills/c/index.html",
            "present town/index.html", "present town/d/index.html", "present town/e/index.html",
            "add town/index.html town/d/index.html town/e/index.html",
            "add ", "finish",
        ])
        #expect(summary.pages == 9 && summary.pagesRendered == 9 && summary.siteChanged)
    }

    @Test func aSiteTheWriterFoundUpToDateCountsNoFilesWritten() async throws {
        let summary = try await build(Log(), finished: false)
        #expect(!summary.siteChanged && summary.filesWritten == 0 && summary.pages == 9)
    }

    @Test func theAlbumsPagesAreThoseOfTheWholeSite() {
        var gallery = Fixture.albums([
            Album(title: "Coast", slug: "coast", images: [Fixture.image("a"), Fixture.image("b")]),
            Album(title: "Empty", slug: "empty", images: []),
            Album(title: "Town", slug: "town", images: [Fixture.image("c")]),
        ])
        gallery.baseURL = "https://example.com/"
        let rendered = Fixture.renderAll(gallery)
        let site = SitePresentation(gallery: gallery, plan: Planner.plan(gallery), rendered: rendered, generator: "galgen test")
        let pages = [site.front()].compactMap { $0 } + (0..<site.albumCount).flatMap(site.pages(ofAlbum:))
        #expect(pages.map(\.path) == ["index.html", "coast/index.html", "coast/a/index.html", "coast/b/index.html",
                                      "empty/index.html", "town/index.html", "town/c/index.html"])
        // What crosses albums: the album list's counts and covers, the neighbours, the front's preview.
        #expect(pages[0].albumList?.albums.map(\.count) == ["2 photos", "0 photos", "1 photo"])
        #expect(pages[0].albumList?.albums.map { $0.cover != nil } == [true, false, true])
        #expect(pages[0].preview?.image?.hasPrefix("https://example.com/images/coast/a-") == true)
        #expect(pages[4].overview?.previousAlbum?.title == "Coast" && pages[4].overview?.nextAlbum?.title == "Town")
        #expect(pages[1].overview?.previousAlbum == nil && pages[6].photoPage != nil && pages[5].overview?.nextAlbum == nil)
        // Each album's own pages get their previews: a photo page its photo, an overview its first.
        #expect(pages[6].preview?.image?.hasPrefix("https://example.com/images/town/c-") == true)
        #expect(pages[5].preview?.image == pages[6].preview?.image)
    }
}
