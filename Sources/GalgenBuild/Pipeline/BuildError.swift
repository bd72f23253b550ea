import GalgenCore

/// Why a build stopped before writing the site. Image failures are not here:
/// they are collected in the summary and the site is still written.
public enum BuildError: Error, Equatable, Sendable, CustomStringConvertible {
    case configUnreadable(path: String, reason: String)
    case config(ConfigErrors)
    case template(TemplateError)
    case write(reason: String)
    /// A shard's renditions or records could not be kept in the cache.
    case cache(reason: String)
    /// A merge (`ShardMerge`) whose cache lacks items some shards were to render.
    case shardsMissing(MissingShardItems)
    /// Stopped before writing the site by its task's cancellation: `galgen serve` replaces its
    /// background build when the inputs change. (`galgen build` stops on a signal instead.)
    case cancelled
    /// A private album's password could not be read (`PrivateAccess.PasswordSource`): nothing is
    /// written.
    case privatePassword(album: String, source: String, reason: String)
    /// A `watermark:` image could not be read or drawn: nothing is written.
    case watermark(path: String, reason: String)

    /// The process exit status from the command-line contract.
    public var exitStatus: ExitStatus {
        switch self {
        case .configUnreadable, .config, .template, .privatePassword, .watermark: .invalidConfiguration
        case .write, .cache: .cannotWrite
        case .shardsMissing: .shardsMissing
        case .cancelled: .interrupted(signal: 2)  // as SIGINT: no build of its own ends this way
        }
    }

    public var exitCode: Int32 { exitStatus.code }

    public var description: String {
        switch self {
        case let .configUnreadable(path, reason):
            // `galgen init` is the answer to a missing file only (not to a FIFO, a cap or a lack of descriptors).
            reason.hasPrefix("no such file")
                ? "cannot read \(path): \(reason). Run `galgen init` to create one, or pass --config PATH."
                : "cannot read \(path): \(reason)."
        case let .config(errors): errors.description
        case let .template(error): "site template: \(error)"
        case let .write(reason): "cannot write the site: \(reason). The previous site, if any, was left as it was."
        case let .cache(reason): "cannot keep the shard's work in the cache: \(reason). Check that the cache folder (--cache-dir) is writable and has space, then run the shard again: what it kept is reused."
        case let .shardsMissing(missing): "nothing was written: \(missing)"
        case .cancelled: "the build was cancelled before writing the site; the previous site was left as it was."
        case let .privatePassword(album, source, reason):
            "the private album '\(album)' takes a password from \(source), which \(reason). Set it (a CI secret, or "
                + "`export NAME=…` in the shell that builds) and build again; nothing was written."
        case let .watermark(path, reason):
            "watermark: the image \(path) \(reason). Give the path of a PNG (with alpha) or an SVG, relative to gallery.yml; "
                + "nothing was written."
        }
    }
}

/// What a finished build made.
public struct BuildSummary: Equatable, Sendable {
    public var imagesBuilt: Int
    public var failures: [ImageFailure]
    public var filesWritten: Int
    public var pages: Int
    /// Images taken from the rendition store without decoding.
    public var imagesReused: Int = 0
    /// False when the site already held exactly these files and nothing was written.
    public var siteChanged: Bool = true
    /// Pages rendered by this build rather than taken from the page cache.
    public var pagesRendered: Int = 0
    /// The local files and folders this build read (gallery.yml, photos, the template folder),
    /// for `galgen serve` to watch.
    public var inputs: [String] = []
    /// Sources that are URLs (a build with any is never reused: they are revalidated).
    public var remoteSources: Int = 0
    /// Private albums sealed: their passwords are read from the environment or files that no
    /// stamp covers, so such a build is never reused without running (`LastBuild`).
    public var privateAlbums: Int = 0
    /// What the build did, for build-report.json.
    public var record: BuildRecord? = nil
    /// Formats left for a later build (`BuildPipeline.formatsLater`): the site has the others.
    public var later = FormatsLater()
    /// What gallery.yml's bytes and the build's settings came to (`LastBuild.key`), so that serve's
    /// background build can tell it is completing the same gallery.
    public var configurationKey: String? = nil
    /// A merge with `--allow-missing` left out items no shard made: the site is not recorded as
    /// up to date, so the next build tries again.
    public var missing: MissingShardItems? = nil
    /// `galgen build --shard`: what the shard did (it wrote no site).
    public var shardRun: ShardRun? = nil

    /// Everything built, or the site was written but some images failed.
    public var exitStatus: ExitStatus { failures.isEmpty ? .success : .imagesFailed }

    public var exitCode: Int32 { exitStatus.code }
}
