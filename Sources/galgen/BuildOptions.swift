import ArgumentParser
import Foundation
import GalgenIO

/// Options every command that builds shares.
struct BuildOptions: ParsableArguments {
    @Option(name: .long, help: "The gallery file.")
    var config = "gallery.yml"

    @Option(name: .long, help: "Where to write the site (default: _site beside the gallery file).")
    var output: String?

    @Option(name: .customLong("cache-dir"), help: "Download cache (default: .galgen-cache beside the gallery file).")
    var cacheDir: String?

    @Option(name: [.customShort("j"), .long], help: "Images processed at once (default: number of cores).")
    var jobs: Int?

    @Flag(name: .long, help: "Use only cached downloads; make no network requests.")
    var offline = false

    @Flag(name: .customLong("no-wait"), help: "Exit (status 4) instead of waiting when another build uses the cache.")
    var noWait = false

    @Flag(name: [.customShort("q"), .long], help: "Print only errors.")
    var quiet = false

    @Flag(name: .long, help: "Print every image as it is built.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("Use either --quiet or --verbose, not both.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
    }

    var configPath: String { Paths.absolute(config) }

    var outputPath: String {
        output.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/_site"
    }

    var cachePath: String {
        cacheDir.map(Paths.absolute) ?? Paths.folder(of: configPath) + "/.galgen-cache"
    }

    var verbosity: TerminalReporter.Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

    var jobCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}

enum Paths {
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}
