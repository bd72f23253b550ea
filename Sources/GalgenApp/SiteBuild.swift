import Foundation
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO
import GalgenSiteTemplate
import Synchronization

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

    /// The whole pipeline with the live effects; `siteStamps` is shared with the last-build check,
    /// so the site's stamps are read once.
    func pipeline(siteStamps: StampFile) -> BuildPipeline {
        BuildPipeline(
            configPath: settings.configPath, jobs: settings.jobs, renderer: PhotoRenderer.make(),
            effects: .live(output: settings.outputPath, cache: settings.cachePath, siteStamps: siteStamps,
                           fetcher: fetcher, reporter: reporter),
            generator: "galgen \(Version.current)", home: Paths.home)
    }

    /// The pipeline with only the configuration stage's effects: no cache is opened, nothing written.
    static func configurationPipeline(_ settings: BuildSettings) -> BuildPipeline {
        BuildPipeline(configPath: settings.configPath, jobs: 1, renderer: PhotoRenderer.make(),
                      effects: .configurationOnly, generator: "galgen \(Version.current)", home: Paths.home)
    }

    /// What the configuration stage alone finds wrong with gallery.yml or its template, if anything;
    /// no cache is opened and no photo is touched.
    static func configurationProblem(_ settings: BuildSettings) -> BuildError? {
        do {
            _ = try configurationPipeline(settings).load()
            return nil
        } catch {
            return error
        }
    }

    func run() async -> Result<BuildSummary, Failure> {
        // Its downloads' no-store copies and partial files are this build's alone: serve's
        // next build fetches again, so none may outlive it.
        defer { fetcher.close() }
        let started = FileStamp.now()
        let siteStamps = StampFile(path: settings.cachePath + "/site.stamps")
        let lastBuild = LastBuildFile(cache: settings.cachePath, site: SiteWriter(output: settings.outputPath, stamps: siteStamps))
        // Read without opening the cache's records (the live effects start reading them at once).
        let bytes = try? Self.configurationPipeline(settings).readConfiguration()
        let key = bytes.map(key)
        if let reused = reusedBuild(lastBuild, key: key) { return .success(reused) }
        let warnings = WarningLog()
        var pipeline = pipeline(siteStamps: siteStamps)
        pipeline.effects.report = { [report = pipeline.effects.report] event in
            warnings.note(event)
            report(event)
        }
        do {
            // The configuration first: a missing or broken gallery.yml or template fails before
            // anything is locked or created (no cache folder without a gallery).
            let loaded = try pipeline.load(bytes)
            let locks: [BuildLock]
            do {
                locks = try lock()
            } catch {
                return .failure(.lock(error))
            }
            defer { for lock in locks { lock.release() } }
            lastBuild.forget()
            let summary = try await pipeline.build(loaded)
            if let record = summary.record { BuildReport.save(record, cache: settings.cachePath, reporter: reporter) }
            if let key {
                lastBuild.record(LastBuild(key: key, summary: summary, warnings: warnings.all), config: settings.configPath, readSince: started)
            }
            return .success(summary)
        } catch {
            return .failure(.build(error))
        }
    }

    /// The last build's summary, its warnings reported again, when gallery.yml has the same bytes,
    /// no other input changed and its site is intact: nothing to parse, plan, render or write.
    /// `--verbose` always runs the whole pipeline, to show what each stage does.
    private func reusedBuild(_ lastBuild: LastBuildFile, key: String?) -> BuildSummary? {
        guard let key, settings.verbosity != .verbose,
              let last = lastBuild.unchanged(key: key, config: settings.configPath) else { return nil }
        for warning in last.warnings { reporter.report(LastBuild.event(warning)) }
        return last.summary
    }

    /// What a build of gallery.yml's `bytes` with these settings and this galgen is recorded under.
    private func key(_ bytes: [UInt8]) -> String {
        LastBuild.key(config: settings.configPath, bytes: bytes, output: settings.outputPath,
                      generator: "galgen \(Version.current)", templateDigest: Self.builtInTemplateDigest)
    }

    /// The built-in template's files, so a galgen built with other ones never reuses a build.
    static let builtInTemplateDigest = ContentHash.hex(
        BuiltInTemplate.files.sorted { $0.key < $1.key }.flatMap { Array($0.key.utf8) + [0] + $0.value + [0] })
}

/// The warnings a build reports, for its `LastBuild` record.
final class WarningLog: Sendable {
    private let warnings = Mutex<[LastBuild.Warning]>([])

    func note(_ event: BuildEvent) {
        if let warning = LastBuild.warning(in: event) { warnings.withLock { $0.append(warning) } }
    }

    var all: [LastBuild.Warning] { warnings.withLock { $0 } }
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
