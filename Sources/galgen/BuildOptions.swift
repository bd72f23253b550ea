import ArgumentParser
import GalgenApp
import GalgenBuild
import GalgenCore
import GalgenIO

/// Options every command that builds shares.
struct BuildOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The gallery file (default: gallery.yml in the current folder or the nearest folder above it).", valueName: "path"))
    var config: String?

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

    /// `--quiet` or `--verbose`, at most one: ArgumentParser refuses both.
    @Flag var loudness: Loudness?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
        if let problem = settings.overlapProblem { throw ValidationError("Nothing was written: \(problem).") }
    }

    var settings: BuildSettings {
        BuildSettings(config: config, output: output, cacheDir: cacheDir, jobs: jobs, offline: offline, noWait: noWait,
                      verbosity: loudness?.verbosity ?? .normal)
    }
}

/// How much a build prints besides its summary.
enum Loudness: String, EnumerableFlag {
    case quiet, verbose

    static func name(for value: Loudness) -> NameSpecification {
        value == .quiet ? [.customShort("q"), .long] : .long
    }

    static func help(for value: Loudness) -> ArgumentHelp? {
        switch value {
        case .quiet: "Print only errors."
        case .verbose: "Print every image as it is built."
        }
    }

    var verbosity: TerminalReporter.Verbosity {
        switch self {
        case .quiet: .quiet
        case .verbose: .verbose
        }
    }
}

extension ExitStatus {
    /// Ends the command with this status (nothing to do for success).
    func exit() throws {
        if self != .success { throw ExitCode(code) }
    }
}
