import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO

/// What one build needs from the command line, resolved: absolute paths, a job count.
public struct BuildSettings: Sendable {
    public var configPath: String
    public var outputPath: String
    public var cachePath: String
    public var jobs: Int
    public var offline: Bool
    /// Exit (status 4) instead of waiting when another build uses the cache.
    public var noWait: Bool
    public var verbosity: TerminalReporter.Verbosity
    /// `--shard K/N`: render this shard's items into the cache, write no site.
    public var shard: Shard? = nil
    /// `--allow-missing`: a merge writes the site without the items no shard made.
    public var allowMissing = false
    /// Where gallery.yml was found (`--config` or the search from the current folder up).
    public var gallerySearch = GalleryFileSearch.given

    /// Relative paths are taken from the current folder; the output and cache default to
    /// `_site` and `.galgen-cache` beside the gallery file. Without `config`, the gallery file
    /// is the current folder's gallery.yml or the nearest one above it (`GalleryFileSearch`).
    public init(config: String?, output: String?, cacheDir: String?, jobs: Int?, offline: Bool, noWait: Bool,
                verbosity: TerminalReporter.Verbosity) {
        if let config {
            configPath = Paths.absolute(config)
        } else {
            (configPath, gallerySearch) = GalleryFileSearch.search(from: Paths.absolute("."), isFile: GalleryFileSearch.isFile)
        }
        outputPath = output.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/_site"
        cachePath = cacheDir.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/" + CacheFolder.defaultName
        self.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        self.offline = offline
        self.noWait = noWait
        self.verbosity = verbosity
    }

    public var quiet: Bool { verbosity == .quiet }

    /// Why the cache and the output cannot be where they are, or nil: they must not be the same
    /// folder or one inside the other (a build replaces its output whole, and the cache must
    /// never be published). Symlinks are followed, as the writes would follow them.
    public var overlapProblem: String? {
        let output = Paths.resolvingSymlinks(outputPath), cache = Paths.resolvingSymlinks(cachePath)
        if output == cache {
            return "the output folder and the cache folder are the same (\(outputPath)); choose another --output or --cache-dir"
        }
        if Paths.isInside(cache, output) {
            return "the cache folder (\(cachePath)) is inside the output folder (\(outputPath)), which every build replaces "
                + "and publishes; choose a --cache-dir outside it"
        }
        if Paths.isInside(output, cache) {
            return "the output folder (\(outputPath)) is inside the cache folder (\(cachePath)); choose an --output outside it"
        }
        return nil
    }
}

/// Paths as the command line takes them.
public enum Paths {
    /// The user's home folder, for `~/…` in gallery.yml ($HOME, as a shell expands `~`).
    public static var home: String? {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    public static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }

    /// The path with every symlink in its existing part followed (the rest kept as written).
    public static func resolvingSymlinks(_ path: String) -> String {
        var existing = absolute(path), rest: [String] = []
        while true {
            if let real = real(existing) {
                return ([real] + rest).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            guard existing != "/" else { return absolute(path) }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = folder(of: existing)
        }
    }

    /// realpath(3), or nil when the path does not exist.
    private static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is strictly inside `folder` (both absolute and resolved).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
