import Foundation
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

    /// Relative paths are taken from the current folder; the output and cache default to
    /// `_site` and `.galgen-cache` beside the gallery file.
    public init(config: String, output: String?, cacheDir: String?, jobs: Int?, offline: Bool, noWait: Bool,
                verbosity: TerminalReporter.Verbosity) {
        configPath = Paths.absolute(config)
        outputPath = output.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/_site"
        cachePath = cacheDir.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/.galgen-cache"
        self.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        self.offline = offline
        self.noWait = noWait
        self.verbosity = verbosity
    }

    public var quiet: Bool { verbosity == .quiet }
}

/// Paths as the command line takes them.
public enum Paths {
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    public static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}
