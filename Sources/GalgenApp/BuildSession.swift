import GalgenCore
import GalgenFetch
import GalgenIO

/// `galgen build` from start to end: one build, Ctrl-C handled, the summary printed.
public enum BuildSession {
    public static func run(_ settings: BuildSettings) async -> ExitStatus {
        let reporter = TerminalReporter(verbosity: settings.verbosity)
        let fetcher = RemoteFetcher.live(settings, reporter: reporter)
        let interrupt = Interruption.install(
            staging: SiteWriter(output: settings.outputPath).staging, cleanUp: fetcher.close, reporter: reporter)
        defer { interrupt.cancel() }
        var build = SiteBuild(settings: settings, fetcher: fetcher, reporter: reporter)
        build.mergesShards = true
        switch await build.run() {
        case let .failure(failure):
            reporter.line("error: \(failure)", style: .error)
            return failure.exitStatus
        case let .success(summary):
            BuildReport.print(summary, output: settings.outputPath, reporter: reporter, quiet: settings.quiet)
            return summary.exitStatus
        }
    }
}
