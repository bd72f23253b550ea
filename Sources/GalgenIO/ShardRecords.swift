import Foundation
import GalgenBuild
import GalgenCore
import Synchronization

/// The shards' part of a cache (`CacheFolder.Layout.shards`): each shard's rendition records (and,
/// for a shard, the cache's own), read together the first time a shard looks for a key its own
/// records lack (a merge folds them in instead, `fold`), and each shard's run
/// (`ShardRun`, `shard.json`). Shards write disjoint files, so copying their caches into one
/// folder merges them; the merge folds what it uses into the cache's records and removes the rest.
final class ShardRecords: Sendable {
    private let layout: CacheFolder.Layout
    private let temporaries: TemporaryFiles
    private let userInfo: [CodingUserInfoKey: any Sendable]
    private let tables = Mutex<Tables?>(nil)
    private let folded = Mutex(false)

    private struct Tables {
        var images: [String: RenderedImage] = [:]
        var videos: [String: DiskRenditionStore.KeptVideo] = [:]
        /// The files they were read from (`RecordSplice`).
        var imageOrigins: [RecordOrigin]? = []
        var videoOrigins: [RecordOrigin]? = []
    }

    init(layout: CacheFolder.Layout, temporaries: TemporaryFiles, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.layout = layout
        self.temporaries = temporaries
        self.userInfo = userInfo
    }

    func image(_ key: String) -> RenderedImage? { read { $0.images[key] } }
    func video(_ key: String) -> DiskRenditionStore.KeptVideo? { read { $0.videos[key] } }

    /// The record folders this build reads after its own: every shard's folder but its own,
    /// and for a shard, first the cache's own records (what the last merge or build kept).
    private var others: [String] {
        (layout.shard == nil ? [] : [layout.root]) + Self.folders(layout).filter { $0.shard != layout.shard }.map(\.path)
    }

    private func read<R>(_ body: (Tables) -> R) -> R {
        tables.withLock { tables in
            if tables == nil {
                var loaded = Tables()
                for table in decoded(others) {
                    loaded.images.merge(table.images) { first, _ in first }
                    loaded.videos.merge(table.videos) { first, _ in first }
                }
                tables = loaded
            }
            return body(tables!)
        }
    }

    /// A build that is no shard (the merge) takes every shard's records into its own, once, in
    /// their folders' order (the cache's own entry wins, then the first shard's), with the files
    /// they came from, so that saving them copies their bytes (`RecordSplice`).
    func fold(into images: RecordFile<[String: RenderedImage]>, _ videos: RecordFile<[String: DiskRenditionStore.KeptVideo]>) {
        folded.withLock { folded in
            guard !folded else { return }
            folded = true
            for tables in decoded(others) {
                images.fold(tables.images, from: tables.imageOrigins)
                videos.fold(tables.videos, from: tables.videoOrigins)
            }
        }
    }

    /// The image and video records of each folder, in the folders' order, their files decoded
    /// on every core at once: the one way both a shard's lookups and a merge's fold read them.
    private func decoded(_ folders: [String]) -> [Tables] {
        let decoded = Mutex<[Int: Tables]>([:])
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            var tables = Tables()
            table(of: folders[index]) { images, videos in
                (tables.images, tables.imageOrigins) = images
                (tables.videos, tables.videoOrigins) = videos
            }
            decoded.withLock { $0[index] = tables }
        }
        var byIndex = decoded.withLock { tables in
            defer { tables = [:] }
            return tables
        }
        return folders.indices.compactMap { byIndex.removeValue(forKey: $0) }
    }

    /// The image and video records of one shard's (or the cache's own) folder.
    private func table(of folder: String, _ body: (([String: RenderedImage], [RecordOrigin]?),
                                                  ([String: DiskRenditionStore.KeptVideo], [RecordOrigin]?)) -> Void) {
        let images = RecordFile<[String: RenderedImage]>(path: layout.shardRenditionRecords(folder), temporaries: temporaries,
                                                         userInfo: userInfo, splices: true) { [:] }
        let videos = RecordFile<[String: DiskRenditionStore.KeptVideo]>(path: layout.shardVideoRecords(folder),
                                                                         temporaries: temporaries, splices: true) { [:] }
        images.readWithOrigins { images, imageOrigins in
            videos.readWithOrigins { videos, videoOrigins in body((images, imageOrigins), (videos, videoOrigins)) }
        }
    }

    /// After a build that is no shard went through: the shards' records are in the cache's own.
    func removeAll() {
        guard layout.shard == nil, FileManager.default.fileExists(atPath: layout.shards) else { return }
        try? FileManager.default.removeItem(atPath: layout.shards)
    }

    /// The shards' folders in the cache (`shards/K-of-N`), by name.
    static func folders(_ layout: CacheFolder.Layout) -> [(shard: Shard, path: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.shards)) ?? []
        return names.sorted().compactMap { name in Shard(folderName: name).map { ($0, layout.shards + "/" + name) } }
    }

    /// The runs of the shards whose work is in the cache: every readable `shard.json`.
    static func runs(_ layout: CacheFolder.Layout) -> [ShardRun] {
        folders(layout).compactMap { folder in
            FileManager.default.contents(atPath: layout.shardRun(folder.shard))
                .flatMap { try? JSONDecoder().decode(ShardRun.self, from: $0) }
                .flatMap { $0.shard == folder.shard ? $0 : nil }
        }
    }

    /// Writes the shard's run, durably: the mark that its records are complete.
    static func write(_ run: ShardRun, layout: CacheFolder.Layout, temporaries: TemporaryFiles) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(atPath: layout.shardFolder(run.shard), withIntermediateDirectories: true)
        try temporaries.writeAtomically(Array(try encoder.encode(run)), to: layout.shardRun(run.shard), durable: true)
    }
}
