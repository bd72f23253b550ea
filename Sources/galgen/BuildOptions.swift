import ArgumentParser
import GalgenApp
import GalgenCore

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
        if let problem = settings.overlapProblem { throw ValidationError("Nothing was written: \(problem).") }
    }

    var settings: BuildSettings {
        BuildSettings(config: config, output: output, cacheDir: cacheDir, jobs: jobs, offline: offline, noWait: noWait,
                      verbosity: quiet ? .quiet : verbose ? .verbose : .normal)
    }
}

extension ExitStatus {
    /// Ends the command with this status (nothing to do for success).
    func exit() throws {
        if self != .success { throw ExitCode(code) }
    }
}
