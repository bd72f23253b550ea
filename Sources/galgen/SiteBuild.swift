import Foundation
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO
import GalgenSiteTemplate

/// One build with the command line's options: the cache lock, the pipeline and the saved
/// report. `galgen build` runs one; `galgen serve` runs one at start and one per change.
struct SiteBuild {
    var options: BuildOptions
    var fetcher: RemoteFetcher
    var reporter: TerminalReporter

    enum Failure: Error, CustomStringConvertible {
        case lock(BuildLock.Failure)
        case build(BuildError)

        var exitCode: Int32 {
            switch self {
            case let .lock(failure): failure.isBusy ? 4 : 3
            case let .build(error): error.exitCode
            }
        }

        var description: String {
            switch self {
            case let .lock(failure): "\(failure)"
            case let .build(error): "\(error)"
            }
        }
    }

    func run() async -> Result<BuildSummary, Failure> {
        // No gallery.yml, no cache folder: the pipeline reports the missing file.
        var lock: BuildLock?
        if FileManager.default.fileExists(atPath: options.configPath) {
            do {
                lock = try BuildLock.acquire(cache: options.cachePath, wait: !options.noWait) { reporter.line($0, style: "33") }
            } catch {
                return .failure(.lock(error))
            }
        }
        defer { lock?.release() }
        let pipeline = BuildPipeline(
            configPath: options.configPath, jobs: options.jobCount, renderer: JPEGImageRenderer.make(),
            effects: .live(output: options.outputPath, cache: options.cachePath, fetcher: fetcher, reporter: reporter),
            generator: "galgen \(Galgen.version)")
        do {
            let summary = try await pipeline.run()
            if let record = summary.record { BuildReport.save(record, cache: options.cachePath, reporter: reporter) }
            return .success(summary)
        } catch {
            return .failure(.build(error))
        }
    }
}

extension RemoteFetcher {
    /// The fetcher a command's builds share.
    static func live(_ options: BuildOptions, reporter: TerminalReporter) -> RemoteFetcher {
        RemoteFetcher(
            cache: DiskCache(root: options.cachePath), offline: options.offline,
            userAgent: "galgen/\(Galgen.version)", report: reporter.report)
    }
}
