import Foundation
import GalgenBuild
import GalgenCore

/// The cache folder (`--cache-dir`; `.galgen-cache` beside gallery.yml by default), the cache's
/// counterpart of `OutputLayout`: where each of its files lives (`Layout`), its lock, and the
/// stores one build keeps in it, finished together by `finish(used:)`.
///
/// Opening one reads nothing (`prefetch()` starts that) and creates nothing: a store makes its
/// files when it first writes, so a build that fails on its configuration leaves no cache.
/// One per build: the stores remember what the build used of them.
public struct CacheFolder: Sendable {
    public let layout: Layout
    let temporaries: TemporaryFiles
    /// The site writer's stamps, shared by the last-build check and the page cache (read once).
    public let siteStamps: StampFile
    public let renditions: DiskRenditionStore
    public let sources: SourceDigests
    public let pages: DiskPageCache
    public let originals: OriginalSnapshots
    public let lastBuild: LastBuildFile
    /// Album zips: made and pruned by the pipeline (`BuildPipeline.albumZips`), with the keys it used.
    public let zips: AlbumZipStore
    public let unlisted: UnlistedAddresses
    public let privateKeys: PrivateKeyTable
    public let sealed: SealedFileStore

    /// The cache at `root` of a site written to `output`.
    /// `shard`: a build of one shard (`galgen build --shard`), whose records are its own.
    public init(root: String, output: String, shard: Shard? = nil, temporaries: TemporaryFiles = TemporaryFiles()) {
        let layout = Layout(root: root, shard: shard)
        self.layout = layout
        self.temporaries = temporaries
        siteStamps = StampFile(path: layout.siteStamps)
        renditions = DiskRenditionStore(layout: layout, temporaries: temporaries)
        sources = SourceDigests(path: layout.sourceDigests, temporaries: temporaries)
        pages = DiskPageCache(path: layout.pages, output: output, siteStamps: siteStamps, temporaries: temporaries)
        originals = OriginalSnapshots(folder: layout.originals, temporaries: temporaries)
        zips = AlbumZipStore(folder: layout.zips, temporaries: temporaries)
        unlisted = UnlistedAddresses(path: layout.unlisted, temporaries: temporaries)
        privateKeys = PrivateKeyTable(path: layout.privateKeys, temporaries: temporaries)
        sealed = SealedFileStore(folder: layout.sealed, temporaries: temporaries)
        lastBuild = LastBuildFile(layout: layout, site: SiteWriter(output: output, stamps: siteStamps, unlistedManifest: layout.siteUnlisted), temporaries: temporaries)
    }

    public var root: String { layout.root }

    /// The cache's name beside gallery.yml when `--cache-dir` is not given.
    public static let defaultName = ".galgen-cache"

    /// One build at a time per cache: the cache's `lock` (see `BuildLock`).
    public func lock(wait: Bool, waiting: (String) -> Void) throws(BuildLock.Failure) -> BuildLock {
        try BuildLock.acquire(cache: layout, wait: wait, waiting: waiting)
    }

    /// Starts reading every store's records on other threads, to overlap with parsing gallery.yml.
    public func prefetch() {
        renditions.prefetch()
        sources.prefetch()
        pages.prefetch()
        siteStamps.prefetch()
    }

    /// The build's items are made and its site is being presented and written: the renditions
    /// keep the keys in `used`, the sources' digests what was asked for; each forgets the rest
    /// and saves what changed, each file at most once. Nothing of the site's writing reads them
    /// (its renditions are copied from files they keep), so a merge of 10,000 items saves its
    /// two largest records while its pages are made, not after; the renditions' record (the
    /// largest) while the sources' is.
    public func finish(used: Set<String>) throws {
        let renditions = renditions
        try alongside({ try renditions.finish(used) }) {
            try sources.finish()
        }
    }

    /// The site's files are all handed over: the page cache and the published originals keep
    /// what its writing asked for, forget the rest and save what changed.
    public func finishWritten() throws {
        try pages.finish()
        try originals.finish()
    }

    /// A shard went through: its records are saved in its folder, with its stores' stamps, and
    /// then its run, last (`ShardRun`); nothing is forgotten or removed.
    public func finishShard(used: Set<String>, run: ShardRun) throws {
        try renditions.finishShard(used)
        try sources.finish()
        try ShardRecords.write(run, layout: layout, temporaries: temporaries)
    }

    /// The runs of the shards whose caches were copied into this one (`shards/*/shard.json`).
    public func shardRuns() -> [ShardRun] {
        ShardRecords.runs(layout)
    }

    /// The shards whose folders are in the cache, finished or not.
    public func shardsSeen() -> [Shard] {
        ShardRecords.folders(layout).map(\.shard)
    }

    /// The build stopped before its site (cancelled): the renditions it made are recorded for
    /// the next build, and nothing is forgotten or removed.
    public func saveRendered() throws {
        try renditions.save()
    }
}
