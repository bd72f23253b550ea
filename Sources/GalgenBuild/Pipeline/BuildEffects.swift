import Foundation
import GalgenCore
/// Everything the pipeline does to the world, passed in from the edge.
///
/// The live versions are in GalgenIO; tests pass in-memory ones.
public struct BuildEffects: Sendable {
    /// Reads a whole regular file (gallery.yml or a local image) by absolute path, refusing
    /// one over the limit or anything that is not a regular file.
    public var readFile: @Sendable (_ path: String, _ limit: ReadLimit) throws -> [UInt8]
    /// Loads the template folder named in gallery.yml (resolved) over the built-in template, or
    /// the built-in one for nil; says which of the folder's files it used and which it skipped.
    public var loadTemplate: @Sendable (_ folder: String?) throws -> LoadedTemplate
    /// Downloads every remote source (or finds it in the cache): for each URL, a local
    /// file holding its bytes, or why there is none, told to `each` as it ends and all returned
    /// at the end. Never called with an empty list.
    public var fetchRemote: FetchRemote
    /// The SHA-256 of a source file (the live version skips re-reading files whose stamp is
    /// unchanged since they were last hashed).
    public var sourceDigest: @Sendable (_ path: String) throws -> SourceDigest
    /// A file's size, if it can be seen (to start the largest photos first); nil when unknown.
    public var fileSize: @Sendable (_ path: String) -> Int?
    /// A copy of a published original that nothing else changes, taken only if the file's bytes
    /// still have the SHA-256 that was checked (`OriginalSnapshot`); throws when they do not.
    public var snapshotOriginal: @Sendable (_ path: String, _ digest: String) throws -> OriginalSnapshot
    /// Whether a photo's file records where it was taken, read from the file (the merge checks a
    /// shard's verdict again on the snapshot it publishes); nil when it cannot be read.
    public var locateOriginal: @Sendable (_ path: String) -> LocationCheck?
    /// Lists the files under a folder, at most `maxDepth` folders deep (nil: any depth),
    /// following a symlink only when it leads inside one of the `trusted` folders (gallery.yml's
    /// folder, the listed folder).
    public var listFolder: @Sendable (_ folder: String, _ maxDepth: Int?, _ trusted: [String]) -> FolderListing
    /// Whether a path is a file (and when it was modified), a folder, or neither.
    public var pathKind: @Sendable (_ path: String) -> PathKind
    /// The names in one folder (not below it), read without looking at each file; nil when the
    /// folder cannot be listed (then every name is asked about with `pathKind`). Lets a build
    /// find sidecars beside 10,000 photos with one listing instead of 60,000 `stat`s.
    public var folderNames: @Sendable (_ folder: String) -> [String]? = { _ in nil }
    /// Whether `path` is a symlink whose real target is outside every one of the `trusted`
    /// folders (or leads nowhere): such a file is not read, as a folder's walk would not follow it.
    public var leadsOutside: @Sendable (_ path: String, _ trusted: [String]) -> Bool
    /// Keeps rendered images between builds.
    public var renditions: RenditionStore
    /// Keeps rendered pages between builds.
    public var pages: PageCache
    /// The build's items are made: the cache keeps what they used (of the renditions, the keys
    /// given; their sources' digests) and forgets the rest, while the site is presented and
    /// written (the live one: `CacheFolder.finish`).
    public var finishCache: @Sendable (_ usedRenditions: Set<String>) throws -> Void
    /// The site's files are all handed over: the caches its writing used (the pages', the
    /// published originals') keep that and forget the rest (the live one: `CacheFolder.finishWritten`).
    public var finishWritten: @Sendable () throws -> Void = {}
    /// A build cancelled before its site (`BuildError.cancelled`) saves what it rendered for the
    /// next one, and forgets nothing (the live one: `CacheFolder.saveRendered`).
    public var saveRendered: @Sendable () throws -> Void
    /// `galgen build --shard`: the shard's records are saved (its renditions' records, never
    /// the main ones, and nothing removed) and then its run (`ShardRun`), last.
    public var finishShard: @Sendable (_ usedRenditions: Set<String>, _ run: ShardRun) throws -> Void = { _, _ in }
    /// Starts replacing the site: its files are handed over a batch at a time (`SiteOutput`).
    public var openSite: @Sendable () throws -> SiteOutput
    /// Progress and messages for the terminal.
    public var report: @Sendable (_ event: BuildEvent) -> Void
    /// An unlisted album's random address part, by the album's slug: the one kept (in the cache),
    /// or a new one, kept from now on (`isNew`). By default a new one every time (nothing kept).
    /// A private album's keys, by the album's slug (`PrivateKeys`): the ones kept in the cache,
    /// with new random ones for what is missing (kept from then on); `passwords` are the
    /// password sources' keys (`PasswordSource.key`), each with its own salt and nonce.
    public var privateKeys: @Sendable (_ slug: String, _ passwords: [String]) throws -> (keys: PrivateKeys, isNew: Bool) = { _, passwords in
        (try PrivateKeys.random(passwords: passwords), true)
    }
    /// An SVG drawn as a PNG `width` pixels wide (a `watermark:` image): the live effect runs
    /// librsvg's rsvg-convert.
    public var drawSVG: @Sendable (_ path: String, _ width: Int) throws -> [UInt8] = { _, _ in
        throw WatermarkLoadError(reason: "is an SVG, and this build cannot draw one")
    }
    /// An environment variable's value (a private album's password), nil when unset.
    public var environment: @Sendable (_ name: String) -> String? = { ProcessInfo.processInfo.environment[$0] }
    public var unlistedToken: @Sendable (_ slug: String) throws -> (token: String, isNew: Bool) = { _ in
        var generator = SystemRandomNumberGenerator()
        return (UnlistedAddress.token(using: &generator), true)
    }

    public init(
        readFile: @escaping @Sendable (String, ReadLimit) throws -> [UInt8],
        loadTemplate: @escaping @Sendable (String?) throws -> LoadedTemplate,
        fetchRemote: @escaping FetchRemote = BuildEffects.noNetwork,
        sourceDigest: (@Sendable (String) throws -> SourceDigest)? = nil,
        fileSize: @escaping @Sendable (String) -> Int? = { _ in nil },
        snapshotOriginal: (@Sendable (String, String) throws -> OriginalSnapshot)? = nil,
        locateOriginal: (@Sendable (String) -> LocationCheck?)? = nil,
        listFolder: @escaping @Sendable (String, Int?, [String]) -> FolderListing = { _, _, _ in FolderListing(problem: .missing) },
        pathKind: @escaping @Sendable (String) -> PathKind = { _ in .other },
        leadsOutside: @escaping @Sendable (String, [String]) -> Bool = { _, _ in false },
        renditions: RenditionStore = .none,
        pages: PageCache = .none,
        finishCache: @escaping @Sendable (Set<String>) throws -> Void = { _ in },
        saveRendered: @escaping @Sendable () throws -> Void = {},
        writeSite: (@Sendable ([OutputFile]) throws -> Bool)? = nil,
        openSite: (@Sendable () throws -> SiteOutput)? = nil,
        report: @escaping @Sendable (BuildEvent) -> Void
    ) {
        self.sourceDigest = sourceDigest ?? { SourceDigest(of: try readFile($0, .photo)) }
        self.fileSize = fileSize
        self.snapshotOriginal = snapshotOriginal ?? { path, digest in
            let bytes = try readFile(path, .photo)
            guard ContentHash.hex(bytes) == digest else { throw OriginalSnapshot.Changed(path: path) }
            return OriginalSnapshot(path: path, byteCount: bytes.count)
        }
        self.locateOriginal = locateOriginal ?? { _ in nil }
        self.listFolder = listFolder
        self.pathKind = pathKind
        self.leadsOutside = leadsOutside
        self.renditions = renditions
        self.pages = pages
        self.finishCache = finishCache
        self.saveRendered = saveRendered
        self.readFile = readFile
        self.loadTemplate = loadTemplate
        self.fetchRemote = fetchRemote
        // A writer of the whole site at once gets every file when the site is finished.
        self.openSite = openSite ?? { SiteOutput.collecting(writeSite ?? { _ in false }) }
        self.report = report
    }
}

extension BuildEffects {
    /// One download ended: its URL and its file, or why there is none.
    public typealias FetchedOne = @Sendable (_ url: String, _ result: Result<FetchedSource, FetchProblem>) -> Void
    /// `fetchRemote`: the URLs, the download settings, and what to tell of each as it ends.
    public typealias FetchRemote = @Sendable (_ urls: [String], _ settings: DownloadSettings, _ each: @escaping FetchedOne) async
        -> [String: Result<FetchedSource, FetchProblem>]

    /// For builds that must not touch the network: every remote source fails.
    public static let noNetwork: FetchRemote = { urls, _, _ in
        Dictionary(urls.map { ($0, .failure(.connection("this build has no network"))) }) { first, _ in first }
    }
}

/// What the pipeline tells the terminal as it goes.
public enum BuildEvent: Equatable, Sendable {
    /// A new stage begins (`BuildStage.event`).
    case stage(number: Int, of: Int, name: String)
    /// The images start rendering: the build's items (`total`, of which `done` already failed
    /// to download) and the estimated work of the rest (`RenderWeight`, summed).
    case renderingStarted(total: Int, done: Int, weight: Int)
    /// An item starts rendering, and its estimated work (`RenderWeight`).
    case imageStarted(source: String, weight: Int)
    /// Every item started is built or failed (or the build was cancelled): the images are done.
    case renderingFinished
    case imageBuilt(source: String, done: Int, total: Int)
    case imageFailed(ImageFailure, done: Int, total: Int)
    case imageWarning(source: String, message: String)
    /// A file of the template folder (as gallery.yml names the folder: `theme/passwd`) that the
    /// site does not use, and why: a warning.
    case templateFileSkipped(file: String, reason: String)
    /// A file of the template folder the site uses, and what it becomes (`assets/style.css`,
    /// `the page template`): shown with `--verbose`.
    case templateFileUsed(file: String, becomes: String)
    case download(DownloadEvent)
    /// What a folder or glob entry (as written) left out and why (`FolderReport.skippedText`).
    case folderSkipped(entry: String, summary: String)
    /// A transcode under way: which source, which output ("1080p H.264"), how far (0–1) and,
    /// once it can be told from the rate so far, the seconds left.
    case videoProgress(source: String, output: String, fraction: Double, secondsLeft: Double?)
    /// A line about the video tools (ffmpeg's version, each command line run): shown with `--verbose`.
    case videoTool(String)
    /// An unlisted album got a new address (`folder`, such as `family-k3j9x0q2ma/`), made of
    /// `token`: said once, with how to keep it without the cache.
    case unlistedAddress(album: String, folder: String, token: String)
    /// A private album got a new key and address (`folder`, such as `p-…/`): said once.
    case privateAddress(album: String, folder: String)
}

/// Progress of the download stage. URLs in here are already redacted.
public enum DownloadEvent: Equatable, Sendable {
    case started(total: Int)
    /// More body bytes arrived (for a progress bar's byte count and rate).
    case received(bytes: Int)
    case finished(url: String, outcome: DownloadOutcome, bytes: Int, done: Int, total: Int)
    case failed(url: String, problem: FetchProblem, done: Int, total: Int)
}

/// Where a remote source's bytes came from in this build.
public enum DownloadOutcome: String, Equatable, Sendable {
    case downloaded = "downloaded"
    case notModified = "not modified (304)"
    case fresh = "fresh in cache"
    case offline = "from cache (offline)"
    case fallback = "from cache (origin failed)"
}

/// An image that could not be built, and why.
public struct ImageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var source: String
    public var location: SourceLocation
    public var reason: String

    public init(source: String, location: SourceLocation, reason: String) {
        self.source = source
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(source) (\(location)): \(reason)" }
}

/// Why a `watermark:` image could not be had, in words that follow its path.
public struct WatermarkLoadError: Error, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// A source's SHA-256, and its bytes when they had to be read to find it: then rendering uses
/// those very bytes (no second read, and no chance that the file changed in between so that
/// renditions of other bytes are kept under this digest).
public struct SourceDigest: Sendable {
    public var digest: String
    public var bytes: [UInt8]?
    /// What the file's first bytes say it holds: a video is never read whole (it is hashed in
    /// pieces and given to ffmpeg by its path). A photo when not known.
    public var kind: MediaKind

    public init(digest: String, bytes: [UInt8]? = nil, kind: MediaKind = .photo) {
        self.digest = digest
        self.bytes = bytes
        self.kind = kind
    }

    /// A file read whole: a photo, or an animated PNG or WebP (a video: `MediaKind(contents:)`).
    public init(of bytes: [UInt8]) {
        self.init(digest: ContentHash.hex(bytes), bytes: bytes, kind: MediaKind(contents: bytes) ?? .photo)
    }
}
