import GalgenCore

/// `build-report.json`: what one build did, per image and in total. It has timings, so it
/// lives in the cache folder, not in the site (whose files must not change between builds).
public struct BuildRecord: Codable, Equatable, Sendable {
    public struct Image: Codable, Equatable, Sendable {
        /// As written in gallery.yml, credentials removed.
        public var source: String
        public var location: String
        /// SHA-256 of the source bytes; nil when they could not be read.
        public var digest: String?
        /// Taken from the rendition store without decoding.
        public var reused: Bool
        public var milliseconds: Int
        public var outputs: [Output]
        public var warnings: [String]
        public var error: String?
    }

    public struct Output: Codable, Equatable, Sendable {
        public var path: String
        public var width: Int
        public var height: Int
        public var bytes: Int
    }

    public struct Totals: Codable, Equatable, Sendable {
        public var images: Int
        public var reused: Int
        public var failed: Int
        public var outputFiles: Int
        public var outputBytes: Int
        public var siteChanged: Bool
        public var milliseconds: Int
    }

    /// `galgen build --shard K/N`: which shard, its items of the gallery's (the images above
    /// are only its own; it wrote no site).
    public struct ShardPart: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var items: Int
        public var galleryItems: Int
    }

    public var generator: String
    public var images: [Image]
    public var totals: Totals
    public var shard: ShardPart? = nil
}
