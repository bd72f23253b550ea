import Foundation
import ArgumentParser
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO
import GalgenSiteTemplate

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the site from gallery.yml into the output folder.")

    @OptionGroup var options: BuildOptions

    func run() async throws {
        let reporter = TerminalReporter(verbosity: options.verbosity)
        let fetcher = RemoteFetcher.live(options, reporter: reporter)
        let interrupt = Interruption.install(
            staging: SiteWriter(output: options.outputPath).staging, cleanUp: fetcher.close, reporter: reporter)
        defer {
            interrupt.cancel()
            fetcher.close()
        }
        switch await SiteBuild(options: options, fetcher: fetcher, reporter: reporter).run() {
        case let .failure(failure):
            reporter.line("error: \(failure)", style: "31")
            throw ExitCode(failure.exitCode)
        case let .success(summary):
            BuildReport.print(summary, output: options.outputPath, reporter: reporter, quiet: options.quiet)
            if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
        }
    }
}

extension BuildEffects {
    /// The real file system and terminal.
    static func live(output: String, cache: String, fetcher: RemoteFetcher, reporter: TerminalReporter) -> BuildEffects {
        let store = DiskRenditionStore(root: cache, output: output)
        store.prefetch()
        return BuildEffects(
            readFile: FileSystem.read,
            loadTemplate: { folder in
                guard let folder else { return BuiltInTemplate.template }
                // A template folder overrides the built-in files it contains.
                let files = try FileSystem.readFolder(folder)
                return SiteTemplate(files: BuiltInTemplate.files.merging(files) { $1 })
            },
            fetchRemote: fetcher.fetchAll,
            renditions: store.store,
            pages: store.pageCache,
            writeSite: SiteWriter(output: output).write,
            report: reporter.report)
    }
}

enum BuildReport {
    /// `<cache>/build-report.json`, replaced atomically; a failure to save it is only a warning.
    static func save(_ record: BuildRecord, cache: String, reporter: TerminalReporter) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(record)
            try data.write(to: URL(fileURLWithPath: cache + "/build-report.json"), options: .atomic)
        } catch {
            reporter.line("warning: cannot save \(cache)/build-report.json: \(error.localizedDescription)", style: "33")
        }
    }

    static func print(_ summary: BuildSummary, output: String, reporter: TerminalReporter, quiet: Bool) {
        if !quiet {
            let reused = summary.imagesReused > 0 ? " (\(summary.imagesReused) unchanged, not decoded again)" : ""
            if summary.siteChanged {
                reporter.line("Built \(summary.imagesBuilt) image(s)\(reused) and \(summary.pages) page(s) into \(output)", style: "32")
            } else {
                reporter.line("\(output) is up to date: nothing changed, nothing written\(reused)", style: "32")
            }
        }
        for (index, line) in failureLines(summary).enumerated() { reporter.line(line, style: index == 0 ? "31" : nil) }
    }

    /// "N image(s) failed:", then each image with its place in gallery.yml and the reason; none when none failed.
    static func failureLines(_ summary: BuildSummary) -> [String] {
        guard !summary.failures.isEmpty else { return [] }
        return ["\(summary.failures.count) image(s) failed:"]
            + summary.failures.map { "  \($0.location): \($0.source): \($0.reason)" }
    }
}

extension BuildLock.Failure {
    var isBusy: Bool {
        if case .busy = self { return true }
        return false
    }
}
