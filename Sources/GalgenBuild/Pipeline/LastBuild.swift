import GalgenCore
import GalgenHash

/// What the last complete build read and reported, kept so the next build can tell that nothing
/// changed without parsing gallery.yml, planning or looking up a single rendition: a no-op then
/// costs one `stat` per input and per site file (the site's own integrity check), whatever the
/// gallery's size.
///
/// Only a build that a repeat would reproduce exactly is kept: no failed image (it is tried
/// again), no remote source (it is revalidated), no private album (its passwords are not files:
/// a changed password must reach the page, and no quick fingerprint of a password is kept) and
/// no format left for later. Its key covers everything else the site
/// depends on that is not a file stamp: galgen itself, the built-in template, gallery.yml's bytes,
/// and where it was read and written.
public struct LastBuild: Equatable, Sendable {
    /// A warning the build reported, to be reported again by a build that reuses it.
    public enum Warning: Equatable, Sendable {
        case image(source: String, message: String)
        case templateFile(file: String, reason: String)
        case folder(entry: String, summary: String)
    }

    public var key: String
    public var images: Int
    public var pages: Int
    /// The local files and folders the build read, gallery.yml first (for `galgen serve` to watch).
    public var inputs: [String]
    public var warnings: [Warning]

    public init(key: String, images: Int, pages: Int, inputs: [String], warnings: [Warning]) {
        self.key = key
        self.images = images
        self.pages = pages
        self.inputs = inputs
        self.warnings = warnings
    }

    /// What to keep of a finished build, or nil when a repeat would not reproduce it (or the
    /// site lacks formats left for later, which the next build must add).
    public init?(key: String, summary: BuildSummary, warnings: [Warning]) {
        guard summary.failures.isEmpty, summary.remoteSources == 0, summary.privateAlbums == 0, summary.later.isEmpty, summary.missing == nil,
              summary.shardRun == nil else { return nil }
        self.init(key: key, images: summary.imagesBuilt, pages: summary.pages, inputs: summary.inputs, warnings: warnings)
    }

    /// The warning an event reports, if it is one a reused build must repeat.
    public static func warning(in event: BuildEvent) -> Warning? {
        switch event {
        case let .imageWarning(source, message): .image(source: source, message: message)
        case let .templateFileSkipped(file, reason): .templateFile(file: file, reason: reason)
        case let .folderSkipped(entry, summary): .folder(entry: entry, summary: summary)
        default: nil
        }
    }

    /// The event that reports `warning`.
    public static func event(_ warning: Warning) -> BuildEvent {
        switch warning {
        case let .image(source, message): .imageWarning(source: source, message: message)
        case let .templateFile(file, reason): .templateFileSkipped(file: file, reason: reason)
        case let .folder(entry, summary): .folderSkipped(entry: entry, summary: summary)
        }
    }

    /// The summary of a build that found this one's site up to date: nothing rendered or written.
    public var summary: BuildSummary {
        var summary = BuildSummary(imagesBuilt: images, failures: [], filesWritten: 0, pages: pages,
                                   imagesReused: images, siteChanged: false)
        summary.inputs = inputs
        return summary
    }

    /// The key of a build of gallery.yml's `bytes` read from `config` into `output` by `generator`
    /// with the built-in template whose digest is `templateDigest`.
    public static func key(config: String, bytes: [UInt8], output: String, generator: String, templateDigest: String) -> String {
        var hash = SHA256Hasher()
        for part in ["galgen last build 1", config, output, generator, templateDigest] {
            hash.update(Array(part.utf8) + [0])
        }
        hash.update(bytes)
        return ContentHash.hex(digest: hash.finalize())
    }
}
