import GalgenBuild
import GalgenCore
import GalgenFetch
import GalgenIO

/// `galgen build` from start to end: one build, Ctrl-C handled, the summary printed.
public enum BuildSession {
    public static func run(_ settings: BuildSettings) async -> ExitStatus {
        let reporter = TerminalReporter(verbosity: settings.verbosity)
        guard settings.announceGalleryFile(reporter) else { return .invalidConfiguration }
        let fetcher = RemoteFetcher.live(settings, reporter: reporter)
        let interrupt = Interruption.install(
            staging: SiteWriter(output: settings.outputPath).staging, cleanUp: fetcher.close, reporter: reporter)
        defer { interrupt.cancel() }
        var build = SiteBuild(settings: settings, fetcher: fetcher, reporter: reporter)
        build.mergesShards = true
        build.endsProcess = true
        switch await build.run() {
        case let .failure(failure):
            reporter.line("error: \(failure)", style: .error)
            return failure.exitStatus
        case let .success(summary):
            BuildReport.print(summary, output: settings.outputPath, reporter: reporter, quiet: settings.quiet)
            KeptUntilExit.keep(summary)
            return summary.exitStatus
        }
    }
}

extension BuildSettings {
    /// Says which gallery.yml the command uses when it is not the current folder's (`GalleryFileSearch`);
    /// false, with the error said, when there is none to use.
    func announceGalleryFile(_ reporter: TerminalReporter) -> Bool {
        if let problem = gallerySearch.problem {
            reporter.line("error: \(problem)", style: .error)
            return false
        }
        if let line = gallerySearch.line, !quiet { reporter.line(line) }
        return true
    }
}
