import Foundation
import GalgenBuild
import GalgenCore
import GalgenFetch
import GalgenIO
import GalgenServe
import Synchronization

/// `galgen serve` from start to Ctrl-C: listen, build, then watch the inputs and rebuild,
/// telling open pages through `events`.
public final class PreviewSession: Sendable {
    let settings: BuildSettings
    let reporter: TerminalReporter
    let events = LiveEvents()
    private let fetcher: RemoteFetcher
    /// True while a build runs: Ctrl-C then removes its staging folder before exiting.
    private let building = Mutex(false)

    init(settings: BuildSettings, reporter: TerminalReporter) {
        self.settings = settings
        self.reporter = reporter
        self.fetcher = RemoteFetcher.live(settings, reporter: reporter)
    }

    /// `galgen serve`: refuses to start without a gallery.yml (as the pipeline's first stage finds
    /// it missing), then listens, builds and rebuilds until Ctrl-C.
    public static func serve(_ settings: BuildSettings, host: String, port: Int, basePath: String,
                             allowedHosts: [String]) async -> ExitStatus {
        let reporter = TerminalReporter(verbosity: settings.verbosity)
        guard settings.announceGalleryFile(reporter) else { return .invalidConfiguration }
        let session = PreviewSession(settings: settings, reporter: reporter)
        if let error = SiteBuild.configurationProblem(settings), case .configUnreadable = error {
            reporter.line("error: \(error)", style: .error)
            return error.exitStatus
        }
        // A server holds a descriptor per connection while builds open files: raise the soft
        // limit, and keep connections to a share of it (`ServerLimits`).
        let openFiles = OpenFileLimit.raise()
        let server = PreviewServer(
            root: settings.outputPath, host: host, port: port, basePath: basePath,
            policy: HostPolicy(boundHost: host, allowedNames: allowedHosts), events: session.events,
            limits: ServerLimits(openFiles: openFiles).overridden(by: ProcessInfo.processInfo.environment))
        do {
            try await session.run(server)
            return .success
        } catch {
            reporter.line("error: \(error)", style: .error)
            return .cannotListen
        }
    }

    /// `--base-path` as the server takes it ("/" or "/sub/"), or nil when it is not a plain URL path.
    public static func basePath(_ text: String) -> String? {
        BasePath.normalise(text)
    }

    func run(_ server: PreviewServer) async throws {
        let (stops, stop) = AsyncStream.makeStream(of: Int32.self)
        // Ctrl-C or SIGTERM: idle, a clean stop; during a build, its staging folder is removed
        // (the previous site stays) and it exits at once, as `galgen build` does.
        let interrupt = Interruption.install(
            staging: SiteWriter(output: settings.outputPath).staging, cleanUp: fetcher.close, reporter: reporter,
            message: "interrupted during a rebuild; the previous site was left as it was"
        ) { [self] number in
            guard !building.withLock({ $0 }) else { return false }
            stop.yield(number)
            return true
        }
        defer { interrupt.cancel() }
        let (ports, started) = AsyncStream.makeStream(of: Int.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { started.finish() }
                try await server.run { port in started.yield(port) }
            }
            var waiting = ports.makeAsyncIterator()
            guard let port = await waiting.next() else {
                try await group.next()  // the server's error
                return
            }
            // Listening first, so a port in use fails at once; the address is shown once there is a site.
            let firstBuild = FileStamp.now()
            let first = await build(after: nil)
            var inputs = first.inputs ?? [settings.configPath]
            // Taken before the address is shown, so a change made as soon as it is visible is seen;
            // inputs changed while the first build ran are rebuilt at once.
            // A photo folder changed during the build (a photo copied in as it ran) counts too,
            // unless it is the folder the site or cache is swapped into, which the build changes.
            let ours = Set([settings.outputPath, settings.cachePath].map(Paths.folder(of:)))
            var known = InputWatcher(paths: inputs).snapshot().forgettingChanges(since: firstBuild) { folder in
                ours.contains(String(folder.dropLast())) ? nil : FileStamp.of(folder)?.modified
            }
            announce(server, port: port)
            group.addTask { [self] in
                // The formats a build left for later are encoded while the watcher waits; a change
                // cancels that work (what it finished stays in the cache) and the rebuild starts it again.
                var background = encodeLater(first.later, of: first.configuration)
                while true {
                    let (settled, changed) = try await InputWatcher(paths: inputs).nextChange(after: known)
                    if let background {
                        background.cancel()
                        await background.value
                    }
                    let rebuilt = await build(after: changed)
                    inputs = rebuilt.inputs ?? Array(Set(inputs + [settings.configPath]))
                    background = encodeLater(rebuilt.later, of: rebuilt.configuration)
                    known = settled.carried(into: InputWatcher(paths: inputs).snapshot())
                }
            }
            for await _ in stops { break }
            reporter.line("Stopping.")
            events.finishAll()
            group.cancelAll()
        }
    }

    private func announce(_ server: PreviewServer, port: Int) {
        let everywhere = ["0.0.0.0", "::", "[::]"].contains(server.host)
        let shownHost = everywhere ? "localhost" : server.host.contains(":") ? "[\(server.host)]" : server.host
        let url = "http://\(shownHost):\(port)\(server.basePath)"
        let bound = everywhere ? " (listening on \(server.host))" : ""
        FileHandle.standardOutput.write(Data("Serving \(settings.outputPath) at \(url)\(bound) (Ctrl-C to stop)\n".utf8))
        if !HostPolicy.isLoopback(server.host) {
            reporter.line(
                "warning: listening on \(server.host), so other machines on the network can see this site"
                    + " (and your unpublished photos). Use --host 127.0.0.1 to keep it to this machine.", style: .warning)
        }
    }

    /// One build, new images with their fallback format only; what it read (for watching), or
    /// nil when it failed before knowing, and the formats it left for `encodeLater`.
    private func build(after changes: [String]?) async -> (inputs: [String]?, later: FormatsLater, configuration: String?) {
        let started = ContinuousClock.now
        let first = changes == nil
        if let changes { reporter.line("\(describe(changes)) changed; rebuilding…", style: .heading) }
        if !first && settings.verbosity == .normal { reporter.setVerbosity(.brief) }
        let result = await run(formatsLater: true)
        let took = (ContinuousClock.now - started).formatted(.units(allowed: [.seconds, .milliseconds], width: .abbreviated))
        switch result {
        case let .success(summary):
            events.publish(siteChanged: summary.siteChanged, error: summary.failures.isEmpty ? nil : Self.failureText(summary))
            if first {
                BuildReport.print(summary, output: settings.outputPath, reporter: reporter, quiet: settings.quiet)
            } else {
                BuildReport.print(summary, output: settings.outputPath, reporter: reporter, quiet: true)
                reporter.line("Rebuilt in \(took): \(Self.describe(summary))" + (summary.siteChanged
                    ? "; reloading \(events.openStreams) open page(s)." : "; the site did not change."), style: .success)
            }
            if !summary.later.isEmpty { reporter.line(Self.describeLater(summary), style: .heading) }
            return (summary.inputs, summary.later, summary.configurationKey)
        case let .failure(failure):
            events.publish(siteChanged: false, error: failure.description)
            reporter.line("error: \(failure)", style: .error)
            reporter.line("The build failed after \(took); still serving the last good site. Fix the error and save to rebuild.", style: .warning)
            return (nil, FormatsLater(), nil)
        }
    }

    func run(formatsLater: Bool, sameConfiguration: String? = nil) async -> Result<BuildSummary, SiteBuild.Failure> {
        building.withLock { $0 = true }
        defer { building.withLock { $0 = false } }
        return await SiteBuild(settings: settings, fetcher: fetcher, reporter: reporter, formatsLater: formatsLater,
                               sameConfiguration: sameConfiguration).run()
    }

    private func describe(_ changes: [String]) -> String {
        let folder = Paths.folder(of: settings.configPath) + "/"
        let names = changes.map { $0.hasPrefix(folder) ? String($0.dropFirst(folder.count)) : $0 }
        return names.count <= 3 ? names.joined(separator: ", ") : names.prefix(2).joined(separator: ", ") + " and \(names.count - 2) more"
    }

    static func describe(_ summary: BuildSummary) -> String {
        let rendered = summary.imagesBuilt - summary.imagesReused
        return "\(rendered) of \(summary.imagesBuilt + summary.failures.count) image(s) rendered, "
            + "\(summary.pagesRendered) of \(summary.pages) page(s) rendered"
    }

    static func failureText(_ summary: BuildSummary) -> String {
        BuildReport.failureLines(summary).joined(separator: "\n")
    }
}
