import Foundation
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The merge is a stage of its own: the shards' records are folded in once, after planning;
/// every item is looked up and none is rendered; what no shard made is named, or left out.
@Suite("The merge stage")
struct MergeStageTests {
    /// A rendition store in memory that counts its folds.
    final class Store: Sendable {
        let images = Mutex<[String: RenderedImage]>([:])
        let folds = Mutex(0)

        var store: RenditionStore {
            RenditionStore(lookup: { key in self.images.withLock { $0[key] } },
                           keep: { key, image in self.images.withLock { $0[key] = image }; return image },
                           foldShards: { self.folds.withLock { $0 += 1 } })
        }
    }

    static let config = "thumbnails: { widths: [400], formats: [jpeg] }\nimages: [photos/a.jpg, photos/b.jpg, photos/c.jpg]\n"
    static let photos = ["/site/photos/a.jpg": FakePhoto("a", width: 800), "/site/photos/b.jpg": FakePhoto("b", width: 800),
                         "/site/photos/c.jpg": FakePhoto("c", width: 800)]

    static func merge(allowMissing: Bool = false, failures: [String: String] = [:]) -> ShardRole {
        let run = ShardRun(shard: Shard(index: 1, count: 2), galleryItems: 3, items: 2, reused: 0, failures: failures,
                           milliseconds: 1, generator: "galgen test")
        return .merge(ShardMerge(runs: [run], seen: [Shard(index: 1, count: 2)], allowMissing: allowMissing))
    }

    /// A store holding what a whole build of `photos` (of the three) kept.
    static func storeOf(_ kept: Set<String>) async throws -> Store {
        let store = Store()
        let some = photos.filter { path, _ in kept.contains(where: { path.hasSuffix("/\($0).jpg") }) }
        let config = "thumbnails: { widths: [400], formats: [jpeg] }\nimages: [\(some.keys.sorted().map { $0.replacingOccurrences(of: "/site/", with: "") }.joined(separator: ", "))]\n"
        _ = try await PipelineHarness().run(config, photos: some, renditions: store.store).get()
        return store
    }

    @Test func aMergeOfEveryItemRendersNothingAndWritesTheSiteOfOneMachine() async throws {
        let store = try await Self.storeOf(["a", "b", "c"])
        let folds = store.folds.withLock { $0 }
        let merged = PipelineHarness()
        let summary = try await merged.run(Self.config, photos: Self.photos, renditions: store.store, shards: Self.merge()).get()
        #expect(merged.recorder.requests.isEmpty, "a merge renders nothing")
        #expect(store.folds.withLock { $0 } == folds + 1, "the shards' records are folded in once")
        #expect(summary.imagesReused == 3 && summary.failures.isEmpty && summary.missing == nil)
        let whole = PipelineHarness()
        _ = try await whole.run(Self.config, photos: Self.photos, renditions: Store().store).get()
        #expect(merged.recorder.written == whole.recorder.written, "the same site as one machine's")
    }

    @Test func anItemNoShardMadeStopsTheMergeNamingItsShardAndRendersNothing() async throws {
        let store = try await Self.storeOf(["a"])
        let merged = PipelineHarness()
        let result = await merged.run(Self.config, photos: Self.photos, renditions: store.store, shards: Self.merge())
        guard case let .failure(.shardsMissing(missing)) = result else { Issue.record("\(result)"); return }
        #expect(missing.total == 2 && missing.byShard.values.flatMap { $0 }.sorted() == ["photos/b.jpg", "photos/c.jpg"])
        #expect(merged.recorder.requests.isEmpty && merged.recorder.written == nil, "nothing rendered, nothing written")
    }

    @Test func allowMissingLeavesThemOutAndAShardsFailureFailsTheItemWithItsReason() async throws {
        let store = try await Self.storeOf(["a"])
        let merged = PipelineHarness()
        let summary = try await merged.run(Self.config, photos: Self.photos, renditions: store.store,
                                           shards: Self.merge(allowMissing: true, failures: ["photos/b.jpg": "not a JPEG"])).get()
        #expect(merged.recorder.requests.isEmpty)
        #expect(summary.failures.map(\.source) == ["photos/b.jpg"] && summary.failures.first?.reason == "not a JPEG")
        #expect(summary.missing?.byShard.values.flatMap { $0 } == ["photos/c.jpg"])
        let pages = try #require(merged.recorder.written).keys
        #expect(pages.contains("a/index.html") && !pages.contains("b/index.html") && !pages.contains("c/index.html"))
    }

    /// A source whose download failed fails the merge once, as on one machine: named in the
    /// summary, reported by the download stage only (not again as an item).
    @Test func aFailedDownloadFailsOnceAndIsNotReportedTwice() async throws {
        let store = try await Self.storeOf(["a"])
        let url = "https://example.com/gone.jpg"
        let merged = PipelineHarness()
        let summary = try await merged.run("thumbnails: { widths: [400], formats: [jpeg] }\nimages: [photos/a.jpg, \(url)]\n",
                                           photos: Self.photos, renditions: store.store, shards: Self.merge(),
                                           fetchRemote: { urls, _ in Dictionary(uniqueKeysWithValues: urls.map { ($0, .failure(.status(404))) }) }).get()
        #expect(summary.failures.map(\.source) == [url] && summary.failures.first?.reason.hasPrefix("download failed") == true)
        let reported = merged.recorder.events.filter { if case let .imageFailed(failure, _, _) = $0 { failure.source == url } else { false } }
        #expect(reported.isEmpty, "the download stage reported it")
        #expect(merged.recorder.requests.isEmpty)
    }
}
