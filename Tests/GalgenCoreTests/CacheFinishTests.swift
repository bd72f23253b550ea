import GalgenSiteTemplate
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The cache is finished once, by its own effect (`BuildEffects.finishCache`), with the rendition
/// keys the build used, while the site's pages are written (`alongside`: neither reads the other,
/// so the two run at once, in either order); the rendition store only looks up and keeps. What
/// the pages' writing used (the page cache) is finished once too, after every page was handed
/// over (`BuildEffects.finishWritten`).
struct CacheFinishTests {
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        func note(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func theCacheIsFinishedOnceWithTheKeysUsedBesideTheSite() async throws {
        let log = Log()
        let kept = Mutex<Set<String>>([])
        let disk = ["/site/gallery.yml": Array("title: T\nthumbnails: { widths: [400], formats: [jpeg] }\nimages: [a.jpg, b.jpg]\n".utf8),
                    "/site/a.jpg": FakePhoto("a", width: 800).bytes, "/site/b.jpg": FakePhoto("b", width: 800).bytes]
        var effects = BuildEffects(
            readFile: { path, _ in
                guard let bytes = disk[path] else { throw FakeError(description: "no such file: \(path)") }
                return bytes
            },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            pathKind: { path in disk[path] != nil ? .file(modified: 0) : .other },
            renditions: RenditionStore(lookup: { _ in nil }, keep: { key, image in kept.withLock { _ = $0.insert(key) }; return image }),
            pages: PageCache(lookup: { _, _ in nil }, keep: { _, file in log.note("page kept: \(file.path)") }),
            finishCache: { used in log.note("finish cache \(used == kept.withLock { $0 } ? "with the keys kept" : "with \(used)")") },
            writeSite: { _ in log.note("site written"); return true },
            report: { _ in })
        effects.finishWritten = { log.note("finish written") }
        let pipeline = BuildPipeline(configPath: "/site/gallery.yml", jobs: 2, renderer: PipelineHarness.fakeRenderer(Recorder()),
                                     effects: effects, generator: "galgen test")
        _ = try await pipeline.run()
        #expect(kept.withLock { $0.count } == 2)
        let lines = log.all
        #expect(lines.filter { !$0.hasPrefix("page kept") }.sorted() == ["finish cache with the keys kept", "finish written", "site written"],
                "each once: \(lines)")
        let pagesKept = lines.indices.filter { lines[$0].hasPrefix("page kept") }
        #expect(pagesKept.count >= 3, "the album list, the album and its photos' pages: \(lines)")
        #expect(pagesKept.allSatisfy { $0 < lines.firstIndex(of: "finish written")! }, "the page cache is finished after its last page: \(lines)")
    }
}
