import Foundation
import GalgenBuild
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO
import GalgenSiteTemplate
import GalgenVideo
import Synchronization

/// One build with the command line's settings: the configuration, the cache lock, the rest of
/// the pipeline and the saved report. `galgen build` runs one; `galgen serve` one at start and
/// one per change.
struct SiteBuild {
    var settings: BuildSettings
    var fetcher: RemoteFetcher
    var reporter: TerminalReporter
    /// `galgen serve`'s first look: new images get their fallback format only (`BuildPipeline.formatsLater`).
    var formatsLater = false
    /// `galgen serve`'s background build completes the first look's gallery: when gallery.yml
    /// no longer comes to this key (it changed, or is being saved), it is cancelled before
    /// anything is read or written, and the watcher's rebuild takes over.
    var sameConfiguration: String? = nil
    /// `galgen build`: a cache holding shards' work (`shards/`) is merged, rendering nothing.
    /// (`galgen serve` renders what the shards left, as any build on one machine.)
    var mergesShards = false
    /// `galgen build`: the process ends with this build, so what it held is not freed (`KeptUntilExit`).
    var endsProcess = false

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

    /// The whole pipeline with the live effects and the stores of `cache`.
    func pipeline(cache: CacheFolder) -> BuildPipeline {
        var pipeline = BuildPipeline(
            configPath: settings.configPath, jobs: settings.jobs, renderer: PhotoRenderer.make(),
            effects: .live(output: settings.outputPath, cache: cache, fetcher: fetcher, reporter: reporter),
            generator: "galgen \(Version.current)", home: Paths.home)
        // Transcodes are written beside the renditions, so keeping one is a rename.
        let scratch = cache.layout.renditions
        let reporter = reporter
        pipeline.videoTools = LiveVideoTools.make(versionFile: cache.layout.ffmpegVersion, scratchFolder: scratch, log: { reporter.report(.videoTool($0)) })
        pipeline.cores = ProcessInfo.processInfo.activeProcessorCount
        pipeline.memory = MemoryBudget(capacity: MemoryBudget.capacity(machineMemory: MachineMemory.bytes))
        pipeline.albumZips = cache.zips.maker
        pipeline.sealedFiles = cache.sealed.keeper
        return pipeline
    }

    /// Why gallery.yml cannot be read, if it cannot (`galgen serve` refuses to start then); it
    /// is not parsed and no cache is opened: the first build reads it again, whole.
    static func configurationProblem(_ settings: BuildSettings) -> BuildError? {
        do {
            _ = try BuildPipeline.readConfiguration(at: settings.configPath) { try FileSystem.read($0, limit: $1) }
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
        let cache = CacheFolder(root: settings.cachePath, output: settings.outputPath, shard: settings.shard)
        var pipeline = pipeline(cache: cache)
        defer { if endsProcess { KeptUntilExit.keep(pipeline, cache) } }
        pipeline.formatsLater = formatsLater
        pipeline.endsProcess = endsProcess
        pipeline.shards = shardRole(cache)
        // gallery.yml read once, by the pipeline that builds it, before the cache's records are:
        // a build that changes nothing never opens them.
        let read = Result { () throws(BuildError) in try pipeline.readConfiguration() }
        let key = try? read.map(key).get()
        if let sameConfiguration, key != sameConfiguration { return .failure(.build(.cancelled)) }
        if pipeline.shards == .whole, let reused = reusedBuild(cache.lastBuild, key: key) { return .success(reused) }
        cache.prefetch()  // read while gallery.yml is parsed
        let warnings = WarningLog()
        pipeline.effects.report = { [report = pipeline.effects.report] event in
            warnings.note(event)
            report(event)
        }
        do {
            // The configuration first: a missing or broken gallery.yml or template fails before
            // anything is locked or created (no cache folder without a gallery).
            let loaded = try pipeline.load(read)
            let locks: [BuildLock]
            do {
                locks = try lock(cache)
            } catch {
                return .failure(.lock(error))
            }
            defer { for lock in locks { lock.release() } }
            if case let .merge(merge) = pipeline.shards, !settings.quiet {
                reporter.line("Merging the work of \(merge.foundText) from \(cache.layout.shards): nothing is decoded")
            }
            // A shard writes no site: the last build's record stays true.
            if settings.shard == nil { cache.lastBuild.forget() }
            var summary = try await pipeline.build(loaded)
            if endsProcess { KeptUntilExit.keep(loaded) }
            summary.configurationKey = key
            // The report and the last build's record, at once: neither reads the other.
            let (record, layout, reporter) = (summary.record, cache.layout, reporter)
            try? alongside({ if let record { BuildReport.save(record, cache: layout, reporter: reporter) } }) {
                if let key, settings.shard == nil {
                    cache.lastBuild.record(LastBuild(key: key, summary: summary, warnings: warnings.all), config: settings.configPath,
                                           readSince: started)
                }
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
    /// One build at a time per cache and per output (two caches may share an output); a shard
    /// writes no site and takes only its cache's lock.
    private func lock(_ folder: CacheFolder) throws(BuildLock.Failure) -> [BuildLock] {
        let warn = { (text: String) in reporter.line(text, style: .warning) }
        let cache = try folder.lock(wait: !settings.noWait, waiting: warn)
        if settings.shard != nil { return [cache] }
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

extension SiteBuild {
    /// A shard (`--shard`), the merge of the shards' work in the cache (`galgen build` over a
    /// cache with `shards/`), or a build on one machine.
    func shardRole(_ cache: CacheFolder) -> ShardRole {
        if let shard = settings.shard { return .shard(shard) }
        guard mergesShards else { return .whole }
        let seen = cache.shardsSeen()
        guard !seen.isEmpty else { return .whole }
        return .merge(ShardMerge(runs: cache.shardRuns(), seen: seen, allowMissing: settings.allowMissing))
    }
}
