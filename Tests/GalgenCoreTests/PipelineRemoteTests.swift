import Foundation
import Testing
@testable import GalgenCore

/// What the fetch effect was asked for, shared with the pipeline's tasks.
final class FetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [[String]] = []
    private var _settings: [DownloadSettings] = []

    var calls: [[String]] { lock.lock(); defer { lock.unlock() }; return _calls }
    var settings: [DownloadSettings] { lock.lock(); defer { lock.unlock() }; return _settings }

    func record(_ urls: [String], _ settings: DownloadSettings) {
        lock.lock(); defer { lock.unlock() }
        _calls.append(urls)
        _settings.append(settings)
    }

    /// An in-memory fetch effect: each URL answers from `answers`; a URL not in it gets no entry at all.
    func effect(_ answers: [String: Result<FetchedSource, FetchProblem>])
        -> @Sendable ([String], DownloadSettings) async -> [String: Result<FetchedSource, FetchProblem>] {
        { urls, settings in
            self.record(urls, settings)
            return answers.filter { urls.contains($0.key) }
        }
    }
}

@Suite("BuildPipeline: remote sources")
struct PipelineRemoteTests {
    let harness = PipelineHarness()
    let log = FetchLog()
    var recorder: Recorder { harness.recorder }

    static let dunes = "https://example.org/a/dunes.jpg?w=2000"
    static let gone = "https://user:secret@example.org/gone.jpg"

    @Test func downloadedSourcesAreBuiltAndFailedOnesReported() async throws {
        let config = """
            images:
              - src: \(Self.dunes)
                slug: dunes
              - src: \(Self.gone)
                slug: gone
              - src: \(Self.dunes)
                slug: dunes-again
                title: Dunes again
              - src: \(Self.gone)
                slug: gone-again
            download:
              concurrency: 3
            thumbnails: { widths: [400, 1600], formats: [jpeg] }
            """
        let fetch = log.effect([Self.dunes: .success("/cache/0a1b"), Self.gone: .failure(.status(404))])
        let photo = FakePhoto("dunes", width: 1000)
        let summary = try await harness.run(config, photos: ["/cache/0a1b": photo], fetchRemote: fetch).get()

        #expect(summary.imagesBuilt == 1)
        #expect(summary.exitCode == 1)
        let failure = try #require(summary.failures.first)
        #expect(summary.failures.count == 1)
        #expect(failure.reason.contains("HTTP 404"))
        #expect(failure.reason == "download failed: the server answered HTTP 404 Not Found")
        #expect(failure.location == at(4, 5))
        #expect(failure.source == "https://example.org/gone.jpg")
        #expect(!failure.description.contains("secret"))

        // One call, each distinct URL once, credentials intact for the download itself.
        #expect(log.calls.count == 1)
        let urls = try #require(log.calls.first)
        #expect(urls.count == 2)
        #expect(Set(urls) == [Self.dunes, Self.gone])
        #expect(log.settings.map(\.concurrency) == [3])

        // Read once (hashed and decoded from the same bytes), though listed twice.
        #expect(recorder.reads.filter { $0 == "/cache/0a1b" }.count == 1)
        #expect(!recorder.reads.contains { $0.hasPrefix("https:") })
        let written = try #require(recorder.written)
        let dunes = [400, 1000].map { PipelineHarness.imagePath("images/dunes", $0, of: photo) }
        #expect(written.keys.filter { $0.hasPrefix("images/") }.sorted() == dunes.sorted())
        #expect(written[dunes[1]] == photo.rendition(width: 1000, quality: 82))
        let pages = written.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.filter { $0 != "index.html" }.count == 2, "a page for each photo shown: \(pages.sorted())")
        for page in pages {
            let html = String(decoding: written[page] ?? [], as: UTF8.self)
            #expect(!html.contains("secret") && !html.contains("gone"), "\(page)")
        }
    }

    @Test func downloadingIsItsOwnStageBeforeRendering() async throws {
        let fetch = log.effect([Self.dunes: .success("/cache/0a1b")])
        _ = try await harness.run("images:\n  - \(Self.dunes)\n", photos: ["/cache/0a1b": FakePhoto("d", width: 500)], fetchRemote: fetch).get()
        let names = recorder.events.compactMap { if case let .stage(_, _, name) = $0 { name } else { nil } }
        #expect(names == ["Reading configuration", "Planning", "Downloading", "Rendering images", "Rendering pages", "Writing site"])
        let built = recorder.events.firstIndex { if case .imageBuilt = $0 { true } else { false } }
        let downloading = recorder.events.firstIndex(of: .stage(number: 3, of: 6, name: "Downloading"))
        let rendering = recorder.events.firstIndex(of: .stage(number: 4, of: 6, name: "Rendering images"))
        #expect(downloading != nil && rendering != nil && built != nil)
        if let downloading, let rendering, let built { #expect(downloading < rendering && rendering < built) }
    }

    @Test func localOnlyGalleriesNeverCallTheFetchEffect() async throws {
        let summary = try await harness.run("images: [a.jpg]\n", photos: ["/site/a.jpg": FakePhoto("a", width: 500)], fetchRemote: log.effect([:])).get()
        #expect(summary.imagesBuilt == 1)
        #expect(log.calls.isEmpty)
    }

    @Test func aURLTheFetchEffectLeftOutFailsInsteadOfBeingRead() async throws {
        let summary = try await harness.run("images:\n  - \(Self.dunes)\n", fetchRemote: log.effect([:])).get()
        #expect(summary.imagesBuilt == 0)
        #expect(summary.failures.map(\.reason) == ["download failed: it was not downloaded"])
        #expect(recorder.reads == ["/site/gallery.yml"])
    }

    @Test func withoutAFetchEffectRemoteSourcesFailButTheSiteIsWritten() async throws {
        let summary = try await harness.run("images:\n  - \(Self.dunes)\n  - a.jpg\n", photos: ["/site/a.jpg": FakePhoto("a", width: 500)]).get()
        #expect(summary.imagesBuilt == 1)
        #expect(summary.failures.map(\.reason) == ["download failed: this build has no network"])
        #expect(summary.failures.map(\.location) == [at(2, 5)])
        #expect(recorder.written != nil)
    }
}
