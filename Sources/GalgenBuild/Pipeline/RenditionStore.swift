import GalgenCore

/// Where rendered images are kept between builds, so an unchanged photo is never decoded again.
///
/// The key of a rendered image is the digest of its source bytes plus every setting that
/// changes its output (`RenditionKey`). The live store (GalgenIO) keeps the JPEGs in the
/// cache folder and a manifest beside them; `RenditionStore.none` keeps nothing.
/// The pipeline asks it twice per image at most: `lookup`, then `keep` when it had to render.
public struct RenditionStore: Sendable {
    /// A rendered image kept under this key, its renditions `.stored`, if every file is still there.
    public var lookup: @Sendable (_ key: String) -> RenderedImage?
    /// Keeps a freshly rendered image's files; returns it with its renditions `.stored`
    /// (or unchanged, `.inMemory`, for `none`).
    public var keep: @Sendable (_ key: String, _ image: RenderedImage) throws -> RenderedImage
    /// One transcoded MP4 kept under its `VideoKey`, if its file is intact.
    public var lookupVideo: @Sendable (_ key: String) -> VideoFile?
    /// Moves a just-encoded MP4 (a complete temporary file) in; returns it at its kept path.
    public var keepVideo: @Sendable (_ key: String, _ file: VideoFile) throws -> VideoFile
    /// Takes the records of the shards whose work was copied into the cache into its own
    /// (`ShardMerge`); called once, after planning, by a build that is no shard.
    public var foldShards: @Sendable () -> Void

    public init(
        lookup: @escaping @Sendable (String) -> RenderedImage?,
        keep: @escaping @Sendable (String, RenderedImage) throws -> RenderedImage,
        lookupVideo: @escaping @Sendable (String) -> VideoFile? = { _ in nil },
        keepVideo: @escaping @Sendable (String, VideoFile) throws -> VideoFile = { _, file in file },
        foldShards: @escaping @Sendable () -> Void = {}
    ) {
        self.lookup = lookup
        self.keep = keep
        self.lookupVideo = lookupVideo
        self.keepVideo = keepVideo
        self.foldShards = foldShards
    }

    /// Keeps nothing: every build renders every image, and bytes stay in memory.
    public static let none = RenditionStore(lookup: { _ in nil }, keep: { _, image in image })
}

/// Everything that makes two renderings of a source differ: change any of it and the
/// image is rendered again. The request's part is the request itself (`RenditionRequest`'s
/// `Fingerprintable`), so a setting added to it cannot be left out of the key.
public enum RenditionKey {
    /// Bumped when the renderer's output changes for the same settings (filter, encoder, what
    /// `RenderedImage` carries: 4 added the photo's own metadata).
    public static let rendererVersion = "4"

    /// Bumped for one format when its encoding changes for the same settings (its keys hold
    /// the JPEG quality, not the setting derived from it), so only that format's renditions are
    /// encoded again. Missing = never bumped. 2: issue 28's refit of `OutputQuality` (AVIF and
    /// WebP settings, AVIF speed).
    public static let formatVersions: [OutputFormat: String] = [.avif: "2", .webp: "2"]

    /// The key of one format's renditions: each format is kept on its own, so changing
    /// `thumbnails.formats` encodes only the formats that were added.
    public static func make(sourceDigest: String, request: RenditionRequest, generator: String, format: OutputFormat = .jpeg,
                            versions: [OutputFormat: String] = formatVersions) -> String {
        Fingerprint.cacheKey("rendition", source: sourceDigest, request: request, tool: generator, version: rendererVersion) {
            $0.add(format.rawValue)
            versions[format].fingerprint(into: &$0)
        }
    }
}

/// Pages rendered by earlier builds: a page whose `PageKey` is unchanged is taken from the
/// current site instead of being rendered again (Mustache is most of a no-op rebuild).
public struct PageCache: Sendable {
    /// The page kept under this key, as a file of the current site, if it is still there.
    public var lookup: @Sendable (_ key: String, _ path: String) -> OutputFile?
    public var keep: @Sendable (_ key: String, _ file: OutputFile) -> Void

    public init(lookup: @escaping @Sendable (String, String) -> OutputFile?,
                keep: @escaping @Sendable (String, OutputFile) -> Void) {
        self.lookup = lookup
        self.keep = keep
    }

    public static let none = PageCache(lookup: { _, _ in nil }, keep: { _, _ in })
}
