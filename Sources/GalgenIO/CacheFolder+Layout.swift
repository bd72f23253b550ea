import Foundation
import GalgenBuild
import GalgenCore
extension CacheFolder {
    /// Where each file of the cache lives: the only place that spells their names (documented,
    /// as a tree, in docs/architecture.md, "The cache"). Opens nothing.
    public struct Layout: Equatable, Sendable {
        /// The cache folder itself (`--cache-dir`).
        public let root: String
        /// `galgen build --shard K/N`: its records (and its stores' stamps and its report) are
        /// its own, in `shards/K-of-N/`, so shards copied into one cache never overwrite each other.
        public let shard: Shard?

        public init(root: String, shard: Shard? = nil) {
            self.root = root
            self.shard = shard
        }

        /// Where this build's own records go: the cache, or its shard's folder.
        var records: String { shard.map(shardFolder) ?? root }

        // MARK: Builds

        /// Held (`flock`) by the build using the cache; holds its pid.
        public var lock: String { root + "/lock" }
        /// The last complete build and its inputs' stamps (`LastBuildFile`).
        public var lastBuild: String { root + "/last-build" }
        /// The last build's report, every photo and what became of it.
        public var buildReport: String { records + "/build-report.json" }
        /// The random part of each unlisted album's address (`UnlistedAddresses`): never discarded.
        public var unlisted: String { root + "/unlisted.json" }
        /// Each private album's keys (`PrivateKeyTable`): never discarded.
        public var privateKeys: String { root + "/private.json" }
        /// ffmpeg's version under its binary's stamp (`FFmpegVersion`): a rebuild runs no ffmpeg.
        public var ffmpegVersion: String { root + "/ffmpeg-version.json" }
        /// The stamps of the files the site writer wrote into the output.
        public var siteStamps: String { root + "/site.stamps" }
        /// The unlisted albums' lines of the site's manifest, which the site's own marker (served
        /// with the site) holds only as one digest (`SiteWriter.unlistedManifest`).
        public var siteUnlisted: String { root + "/site.unlisted" }

        // MARK: Records, one JSON table each (`RecordFile`)

        /// Each local source's SHA-256 with the stamp it had (`SourceDigests`).
        public var sourceDigests: String { records + "/sources.json" }
        /// Page key → the page's file in the current site (`DiskPageCache`).
        public var pages: String { root + "/pages.json" }
        /// Rendition key → the rendered image, without bytes (`DiskRenditionStore`).
        public var renditionRecords: String { records + "/renditions.json" }
        /// Video key → one transcoded MP4, without bytes (`DiskRenditionStore`).
        public var videoRecords: String { records + "/videos.json" }

        // MARK: Content stores: files named by their SHA-256, stamps beside (`ContentStore`)

        /// Rendered images and transcoded videos (`DiskRenditionStore`).
        public var renditions: String { root + "/renditions" }
        /// Snapshots of published originals (`OriginalSnapshots`).
        public var originals: String { root + "/originals" }
        /// Album zips (`downloads: zip`), named by their entry list's digest (`AlbumZipStore`).
        public var zips: String { root + "/zips" }
        /// Private albums' sealed files (`SealedFileStore`).
        public var sealed: String { root + "/sealed" }
        /// Download bodies (GalgenFetch's `DiskCache`).
        public var bodies: String { root + "/bodies" }

        // MARK: Shards (`galgen build --shard K/N`, `ShardRecords`)

        /// Every shard's folder, until a merge folds their records into the cache's.
        public var shards: String { root + "/shards" }
        /// One shard's records, stamps, report and run: `shards/2-of-4/`.
        public func shardFolder(_ shard: Shard) -> String { shards + "/" + shard.folderName }
        /// What the shard did (`ShardRun`), written last.
        public func shardRun(_ shard: Shard) -> String { shardFolder(shard) + "/shard.json" }
        /// A shard's rendition records, as `renditionRecords` of a build of that shard.
        /// The rendition records in `folder`: a shard's, or the cache's own (`root`).
        public func shardRenditionRecords(_ folder: String) -> String { folder + "/renditions.json" }
        public func shardVideoRecords(_ folder: String) -> String { folder + "/videos.json" }

        /// The stamps file of a content store in `folder`: beside it, or in the shard's folder.
        public func stamps(of folder: String) -> String {
            let name = (folder as NSString).lastPathComponent
            return shard == nil ? ContentStore.stampsPath(of: folder) : records + "/" + name + ".stamps"
        }

        // MARK: Downloads (GalgenFetch's `DiskCache`)

        /// One JSON entry per URL, named by the URL's SHA-256.
        public var downloadIndex: String { root + "/index" }
        /// No-store bodies, only for the build that fetched them.
        public var transient: String { root + "/transient" }

        /// Every file and folder above, by the name docs/architecture.md gives it; content
        /// stores with their stamp files (`ContentStore.stampsPath`).
        public var entries: [(name: String, path: String)] {
            [("lock", lock), ("last-build", lastBuild), ("build-report.json", buildReport), ("site.stamps", siteStamps), ("site.unlisted", siteUnlisted), ("unlisted.json", unlisted), ("private.json", privateKeys),
             ("ffmpeg-version.json", ffmpegVersion),
             ("sources.json", sourceDigests), ("pages.json", pages), ("renditions.json", renditionRecords),
             ("videos.json", videoRecords),
             ("renditions/", renditions), ("renditions.stamps", ContentStore.stampsPath(of: renditions)),
             ("originals/", originals), ("originals.stamps", ContentStore.stampsPath(of: originals)), ("zips/", zips), ("sealed/", sealed),
             ("bodies/", bodies), ("bodies.stamps", ContentStore.stampsPath(of: bodies)),
             ("index/", downloadIndex), ("transient/", transient), ("shards/", shards)]
        }
    }
}
