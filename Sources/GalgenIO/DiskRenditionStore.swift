import Foundation
import GalgenBuild
import GalgenCore

/// The live `RenditionStore`: rendered images in a `ContentStore` (`CacheFolder.Layout.renditions`),
/// each file named by its digest and its format's suffix (`<sha256>.jpg`, `.avif`, `.webp`),
/// and, in its records (`renditionRecords`), each rendition key (source digest + settings) with
/// the rendered image it names, without bytes.
public final class DiskRenditionStore: Sendable {
    /// The cache folder, whose killed builds' temporary files `finish` removes.
    let root: String
    let files: ContentStore
    private let images: RecordFile<[String: RenderedImage]>
    private let videos: RecordFile<[String: KeptVideo]>
    /// The records of the shards whose work was copied into this cache (`ShardRecords`): a shard
    /// reads them after its own, any other build folds them into its own (`foldShards`).
    private let shards: ShardRecords
    private let isShard: Bool

    /// A transcoded MP4 as its record keeps it: its file is `<digest>.mp4` in this store.
    struct KeptVideo: Codable, Equatable, Sendable {
        var codec: VideoCodec
        var width: Int
        var height: Int
        var digest: String
        var byteCount: Int
    }

    /// The store in the cache laid out as `layout`; `CacheFolder` opens it.
    public init(layout: CacheFolder.Layout, temporaries: TemporaryFiles) {
        root = layout.root
        let files = ContentStore(folder: layout.renditions, stamps: layout.stamps(of: layout.renditions), temporaries: temporaries)
        self.files = files
        images = RecordFile(path: layout.renditionRecords, temporaries: temporaries, userInfo: Self.locating(in: files), splices: true) { [:] }
        videos = RecordFile(path: layout.videoRecords, temporaries: temporaries, splices: true) { [:] }
        shards = ShardRecords(layout: layout, temporaries: temporaries, userInfo: Self.locating(in: files))
        isShard = layout.shard != nil
    }

    /// Kept renditions are decoded as `.stored` at their path in this store.
    static func locating(in files: ContentStore) -> [CodingUserInfoKey: any Sendable] {
        [RenditionLocator.key: RenditionLocator(path: { files.path($0, suffix: Self.suffix($1)) })]
    }

    /// Reads the records on other threads while gallery.yml is parsed; a build that is no shard
    /// starts folding the shards' records in too (`foldShards` waits for it).
    public func prefetch() {
        images.prefetch()
        videos.prefetch()
        files.prefetch()
        if !isShard { DispatchQueue.global().async { self.foldShards() } }
    }

    public var store: RenditionStore {
        RenditionStore(lookup: lookup, keep: keep, lookupVideo: lookupVideo, keepVideo: keepVideo, foldShards: foldShards)
    }

    /// The MP4 kept under `key`, if its file is intact.
    public func lookupVideo(_ key: String) -> VideoFile? {
        guard let kept = videos.read({ $0[key] }) ?? shardVideo(key), files.verify(kept.digest, suffix: Self.videoSuffix) else { return nil }
        return VideoFile(codec: kept.codec, width: kept.width, height: kept.height, digest: kept.digest, byteCount: kept.byteCount,
                         path: files.path(kept.digest, suffix: Self.videoSuffix))
    }

    /// Moves the complete temporary file `file.path` in under its digest.
    public func keepVideo(_ key: String, _ file: VideoFile) throws -> VideoFile {
        var kept = file
        kept.path = try files.adopt(file.path, digest: file.digest, suffix: Self.videoSuffix)
        videos.change { $0[key] = KeptVideo(codec: file.codec, width: file.width, height: file.height, digest: file.digest,
                                            byteCount: file.byteCount) }
        return kept
    }

    /// The image kept under `key`, if every one of its files is intact.
    public func lookup(_ key: String) -> RenderedImage? {
        guard let image = images.read({ $0[key] }) ?? shardImage(key) else { return nil }
        return image.renditions.allSatisfy { files.verify($0.digest, suffix: Self.suffix($0.format)) } ? image : nil
    }

    /// The image under `key` in the other records, for a shard: the cache's own and the other shards'.
    private func shardImage(_ key: String) -> RenderedImage? {
        isShard ? shards.image(key) : nil
    }

    private func shardVideo(_ key: String) -> KeptVideo? {
        isShard ? shards.video(key) : nil
    }

    /// A build that is no shard (a merge, or any build over a cache that holds shards' work)
    /// takes every shard's records into its own, once, before it looks anything up.
    public func foldShards() {
        if !isShard { shards.fold(into: images, videos) }
    }

    public func keep(_ key: String, _ image: RenderedImage) throws -> RenderedImage {
        var kept = image
        for (index, rendition) in kept.renditions.enumerated() {
            let suffix = Self.suffix(rendition.format)
            var path = files.path(rendition.digest, suffix: suffix)
            if case let .inMemory(bytes) = rendition.content {
                // Not fsynced: a rendition lost to a crash is rendered again.
                path = try files.put(bytes, digest: rendition.digest, suffix: suffix, durable: false)
            }
            kept.renditions[index] = rendition.stored(at: path)
        }
        images.change { $0[key] = kept }
        return kept
    }

    /// A shard's finish: its own records keep what it used and are saved; no file is removed
    /// but temporary ones of dead processes (other shards may share this cache).
    public func finishShard(_ used: Set<String>) throws {
        images.keepOnly(used)
        videos.keepOnly(used)
        TemporaryFiles.removeOrphans(in: [root, files.folder])
        try save()
    }

    /// Keeps the images this build used, removes the rest and their files, saves what changed;
    /// then the shards' records, now folded into these, are removed.
    public func finish(_ used: Set<String>) throws {
        try finishWhole(used)
        shards.removeAll()
    }

    private func finishWhole(_ used: Set<String>) throws {
        images.keepOnly(used)
        videos.keepOnly(used)
        // Stamps recorded while verifying files whose stamp was not known yet.
        try files.saveStamps()
        // Nothing kept, nothing new, nothing pruned: the store is as it was.
        guard images.changed || videos.changed || !FileManager.default.fileExists(atPath: images.path) else { return }
        // Half-written files of a killed build. Such a build never saved its record, so this
        // build had work to do and gets here.
        TemporaryFiles.removeOrphans(in: [root])
        let keptImages = images.read { Set($0.values.flatMap { $0.renditions.map { $0.digest + Self.suffix($0.format) } }) }
        files.removeAll(except: keptImages.union(videos.read { Set($0.values.map { $0.digest + Self.videoSuffix }) }))
        try images.save()
        try videos.save()
        try files.saveStamps()
    }

    /// Records what was kept so far, removing nothing (`CacheFolder.saveRendered`).
    public func save() throws {
        try images.save()
        try videos.save()
        try files.saveStamps()
    }

    /// A rendition's file is named with its format's suffix (`.avif`), from the format table.
    static func suffix(_ format: OutputFormat) -> String { "." + format.fileExtension }
    static let videoSuffix = "." + VideoCodec.fileSuffix
}
