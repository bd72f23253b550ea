import Foundation
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO

/// One build with the command line's settings: the configuration, the cache lock, the rest of
/// the pipeline and the saved report. `galgen build` runs one; `galgen serve` one at start and
/// one per change.
struct SiteBuild {
    var settings: BuildSettings
    var fetcher: RemoteFetcher
    var reporter: TerminalReporter

    enum Failure: Error, CustomStringConvertible {
        case lock(BuildLock.Failure)
        case build(BuildError)

        var exitStatus: ExitStatus {
            switch self {
            case let .lock(failure): failure.isBusy ? .busy : .cannotWrite
            case let .build(error): error.exitStatus
            }
        }

        var description: String {
            switch self {
            case let .lock(failure): "\(failure)"
            case let .build(error): "\(error)"
            }
        }
    }

    var pipeline: BuildPipeline {
        BuildPipeline(
            configPath: settings.configPath, jobs: settings.jobs, renderer: JPEGImageRenderer.make(),
            effects: .live(output: settings.outputPath, cache: settings.cachePath, fetcher: fetcher, reporter: reporter),
            generator: "galgen \(Version.current)")
    }

    /// What the configuration stage alone finds wrong with gallery.yml or its template, if anything;
    /// no cache is opened and no photo is touched.
    static func configurationProblem(_ settings: BuildSettings) -> BuildError? {
        let pipeline = BuildPipeline(configPath: settings.configPath, jobs: 1, renderer: JPEGImageRenderer.make(),
                                     effects: .configurationOnly, generator: "galgen \(Version.current)")
        do {
            _ = try pipeline.load()
            return nil
        } catch {
            return error
        }
    }

    func run() async -> Result<BuildSummary, Failure> {
        let pipeline = pipeline
        // Its downloads' no-store copies and partial files are this build's alone: serve's
        // next build fetches again, so none may outlive it.
        defer { fetcher.close() }
        do {
            // The configuration first: a missing or broken gallery.yml or template fails before
            // anything is locked or created (no cache folder without a gallery).
            let loaded = try pipeline.load()
            let locks: [BuildLock]
            do {
                locks = try lock()
            } catch {
                return .failure(.lock(error))
            }
            defer { for lock in locks { lock.release() } }
            let summary = try await pipeline.build(loaded)
            if let record = summary.record { BuildReport.save(record, cache: settings.cachePath, reporter: reporter) }
            return .success(summary)
        } catch {
            return .failure(.build(error))
        }
    }
}

/// galgen's version, as `--version` and the generator tag show it.
public enum Version {
    public static let current = "0.1.0"
}

extension SiteBuild {
    /// One build at a time per cache and per output (two caches may share an output).
    private func lock() throws(BuildLock.Failure) -> [BuildLock] {
        let warn = { (text: String) in reporter.line(text, style: .warning) }
        let cache = try BuildLock.acquire(cache: settings.cachePath, wait: !settings.noWait, waiting: warn)
        do {
            return [cache, try BuildLock.acquire(output: settings.outputPath, wait: !settings.noWait, waiting: warn)]
        } catch {
            cache.release()
            throw error
        }
    }
}

extension BuildLock.Failure {
    var isBusy: Bool {
        if case .busy = self { return true }
        return false
    }
}
