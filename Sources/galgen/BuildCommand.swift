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
        let reporter = TerminalReporter(verbosity: options.quiet ? .quiet : options.verbose ? .verbose : .normal)
        // No gallery.yml, no cache folder: the pipeline reports the missing file.
        var lock: BuildLock?
        if FileManager.default.fileExists(atPath: options.configPath) {
            do {
                lock = try BuildLock.acquire(cache: options.cachePath, wait: !options.noWait) { reporter.line($0, style: "33") }
            } catch {
                reporter.line("error: \(error)", style: "31")
                throw ExitCode(error.isBusy ? 4 : 3)
            }
        }
        defer { lock?.release() }
        let fetcher = RemoteFetcher(
            cache: DiskCache(root: options.cachePath), offline: options.offline,
            userAgent: "galgen/\(Galgen.version)", report: reporter.report)
        let interrupt = Interruption.install(
            staging: SiteWriter(output: options.outputPath).staging, cleanUp: fetcher.close, reporter: reporter)
        defer {
            interrupt.cancel()
            fetcher.close()
        }
        let pipeline = BuildPipeline(
            configPath: options.configPath, jobs: options.jobCount, renderer: JPEGImageRenderer.make(),
            effects: .live(output: options.outputPath, cache: options.cachePath, fetcher: fetcher, reporter: reporter),
            generator: "galgen \(Galgen.version)")
        let summary: BuildSummary
        do {
            summary = try await pipeline.run()
        } catch {
            reporter.line("error: \(error)", style: "31")
            throw ExitCode(error.exitCode)
        }
        BuildReport.print(summary, output: options.outputPath, reporter: reporter, quiet: options.quiet)
        if let record = summary.record { BuildReport.save(record, cache: options.cachePath, reporter: reporter) }
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
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
        guard !summary.failures.isEmpty else { return }
        reporter.line("\(summary.failures.count) image(s) failed:", style: "31")
        for failure in summary.failures {
            reporter.line("  \(failure.location): \(failure.source): \(failure.reason)")
        }
    }
}

extension BuildLock.Failure {
    var isBusy: Bool {
        if case .busy = self { return true }
        return false
    }
}
