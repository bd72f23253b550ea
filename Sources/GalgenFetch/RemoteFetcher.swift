import Foundation
import GalgenBuild
import GalgenCore

/// The live fetch effect: downloads remote sources into the `DiskCache`, reusing and
/// revalidating what it holds. The decisions are made by GalgenCore's pure rules
/// (`FetchDecision`, `ResponseRules`, `RetryPolicy`, `RedirectPolicy`, `DownloadQueue`);
/// this type only performs them.
public final class RemoteFetcher: Sendable {
    public let cache: DiskCache
    let offline: Bool
    let retry: RetryPolicy
    let report: @Sendable (BuildEvent) -> Void
    let now: @Sendable () -> Date
    let userAgent: String
    /// Extra certificate authorities (PEM file), like curl's SSL_CERT_FILE.
    let extraTrustRoots: String?

    public init(cache: DiskCache, offline: Bool, userAgent: String, retry: RetryPolicy = .init(),
                extraTrustRoots: String? = ProcessInfo.processInfo.environment["SSL_CERT_FILE"],
                now: @escaping @Sendable () -> Date = Date.init,
                report: @escaping @Sendable (BuildEvent) -> Void) {
        self.cache = cache
        self.offline = offline
        self.retry = retry
        self.userAgent = userAgent
        self.extraTrustRoots = extraTrustRoots
        self.now = now
        self.report = report
    }

    /// Every URL once, `settings.concurrency` at a time and at most `settings.perHost` per host.
    /// One libcurl session serves the whole batch and is shut down before this returns; making it
    /// opens no connection, so an offline batch has one too and never uses it.
    public func fetchAll(_ urls: [String], settings: DownloadSettings,
                         each: @escaping BuildEffects.FetchedOne = { _, _ in }) async
        -> [String: Result<FetchedSource, FetchProblem>] {
        var queue = DownloadQueue(urls: urls, concurrency: settings.concurrency, perHost: settings.perHost)
        let total = Set(urls).count
        report(.download(.started(total: total)))
        do {
            try cache.prepare()
        } catch {
            return Dictionary(urls.map { ($0, .failure(.cache("\(error)"))) }) { first, _ in first }
        }
        let session = makeSession(settings)
        var results: [String: Result<FetchedSource, FetchProblem>] = [:]
        await withTaskGroup(of: (String, Result<Fetched, FetchProblem>).self) { group in
            func startWhatCan() {
                while let url = queue.start() {
                    group.addTask { (url, await self.fetch(url, session: session, settings: settings)) }
                }
            }
            startWhatCan()
            while let (url, result) = await group.next() {
                queue.finish(url)
                let shown = URLRedaction.redact(url)
                switch result {
                case let .success(fetched):
                    results[url] = .success(FetchedSource(path: fetched.path, warning: fetched.warning))
                    each(url, .success(FetchedSource(path: fetched.path, warning: fetched.warning)))
                    if let warning = fetched.warning { report(.imageWarning(source: shown, message: warning)) }
                    report(.download(.finished(url: shown, outcome: fetched.outcome, bytes: fetched.bytes,
                                               done: results.count, total: total)))
                case let .failure(problem):
                    results[url] = .failure(problem)
                    each(url, .failure(problem))
                    report(.download(.failed(url: shown, problem: problem, done: results.count, total: total)))
                }
                startWhatCan()
            }
        }
        await session.shutdown()
        return results
    }

    /// Removes this process's transient and partial files. Call when the build is over.
    public func close() {
        cache.removeTemporaryFiles()
    }

    struct Fetched: Sendable {
        var path: String
        var outcome: DownloadOutcome
        var bytes: Int
        var warning: String?
    }

    // MARK: One URL

    func fetch(_ url: String, session: CurlSession, settings: DownloadSettings) async -> Result<Fetched, FetchProblem> {
        let lookup = cache.lookup(url)
        let outcome: Result<Fetched, FetchProblem>
        switch FetchDecision.decide(lookup, now: now(), offline: offline) {
        case let .useCached(entry):
            return .success(Fetched(path: cache.bodyPath(entry.digest), outcome: offline ? .offline : .fresh, bytes: 0))
        case .unavailableOffline:
            return .failure(.offlineMissing)
        case .download:
            outcome = await download(url, revalidating: nil, session: session, settings: settings)
        case let .revalidate(entry, headers):
            outcome = await download(url, revalidating: .init(entry: entry, headers: headers), session: session, settings: settings)
        }
        // The origin is down but the cache has a copy: better an old photo than none.
        if case let .failure(problem) = outcome, problem.isOriginFailure, let entry = lookup.usable {
            let stored = ISO8601DateFormatter().string(from: entry.storedAt)
            return .success(Fetched(path: cache.bodyPath(entry.digest), outcome: .fallback, bytes: 0,
                                    warning: "\(problem); used the cached copy from \(stored)"))
        }
        return outcome
    }

    /// Attempts with retries: each attempt follows redirects and either stores a body,
    /// refreshes the entry from a 304, or says why not. All of them end by one deadline
    /// (`DownloadDeadline`); a retry starts only with time left for it.
    private func download(_ url: String, revalidating: Transfer.Revalidation?, session: CurlSession,
                          settings: DownloadSettings) async -> Result<Fetched, FetchProblem> {
        var revalidating = revalidating
        var attempt = 0
        let deadline = ContinuousClock.now + .seconds(DownloadDeadline.seconds(settings))
        while true {
            attempt += 1
            let transfer = Transfer(fetcher: self, session: session, settings: settings, url: url, revalidating: revalidating,
                                    deadline: deadline)
            switch await transfer.run() {
            case let .done(fetched):
                return .success(fetched)
            case .mismatch:
                // The 304 was about some other body: ask again, unconditionally.
                revalidating = nil
            case let .failed(problem, retryAfter):
                let remaining = (deadline - .now) / .seconds(1)
                guard problem.isRetryable,
                      let delay = retry.delay(afterAttempt: attempt, retryAfter: retryAfter, jitter: Double.random(in: 0..<1),
                                              remaining: remaining, minimumAttempt: 1)
                else { return .failure(problem) }
                do {
                    try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                } catch {
                    return .failure(.connection("cancelled"))
                }
            }
        }
    }

    func makeSession(_ settings: DownloadSettings) -> CurlSession {
        CurlSession(.init(connectTimeoutSeconds: settings.timeoutSeconds, idleTimeoutSeconds: settings.timeoutSeconds,
                          perHost: settings.perHost, extraTrustRoots: extraTrustRoots))
    }
}
