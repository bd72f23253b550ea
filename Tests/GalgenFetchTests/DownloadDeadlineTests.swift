import FaultServer
import Foundation
import GalgenCore
import GalgenFetch
import GalgenTestSupport
import Synchronization
import Testing

/// One bound on a photo's whole download (`DownloadDeadline`), against the real fault server.
@Suite(.serialized)
struct DownloadDeadlineTests {
    func fetcher(_ folder: TemporaryFolder, events: RemoteFetcherTests.Events) -> RemoteFetcher {
        RemoteFetcher(cache: DiskCache(root: folder.path + "/cache"), offline: false, userAgent: "galgen-test",
                      retry: RetryPolicy(baseDelay: 0.05), extraTrustRoots: nil, report: events.add)
    }

    /// A body sent at a byte a second is never silent for download.timeout, so only the whole
    /// download's deadline stops it: once, after 4 × 2 s, and without another attempt. (Before,
    /// each attempt had 10 × 2 s and was made 3 times: a minute here, 15 minutes at timeout 30.)
    @Test func aDrippingBodyFailsOnceAtTheWholeDownloadsDeadline() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let events = RemoteFetcherTests.Events()
        let url = server.url("/img/Landscape_1.jpg?drip=250")
        let clock = ContinuousClock()
        let started = clock.now
        let results = await fetcher(folder, events: events).fetchAll([url], settings: DownloadSettings(timeoutSeconds: 3))
        let elapsed = clock.now - started

        guard case let .failure(.deadline(seconds, timeout, received)) = results[url] else {
            Issue.record("\(String(describing: results[url]))")
            return
        }
        #expect((seconds, timeout) == (12, 3) && (received ?? 0) >= 1000)
        // Generous: the machine may be loaded; before, this took minutes.
        #expect(elapsed < .seconds(60), "\(elapsed)")
        #expect(server.log.count == 1, "a slow body is not an outage: \(server.log.count) requests")
        // What the build prints: the URL, then the reason and how to fix it.
        let failed = events.all.compactMap { event -> String? in
            if case let .download(.failed(shown, problem, _, _)) = event { "\(shown): \(problem)" } else { nil }
        }
        #expect(failed.count == 1)
        #expect(failed.first?.hasPrefix(url + ": the download took longer than 12 s (4 × download.timeout of 3 s) with data still arriving") == true)
        #expect(failed.first?.contains("raise download.timeout in gallery.yml") == true)
        #expect(folder.list("cache/bodies").isEmpty)
    }

    @Test func anOutageIsStillTriedThreeTimesWithinTheDeadline() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = server.url("/img/Landscape_1.jpg?fail=2")
        let results = await fetcher(folder, events: .init()).fetchAll([url], settings: DownloadSettings(timeoutSeconds: 10))
        #expect((try? results[url]?.get()) != nil)
        #expect(server.log.map(\.status) == [500, 500, 200])
    }

    @Test func aRetryThatCannotStartBeforeTheDeadlineIsNotMade() async throws {
        // 429 asking for 10 s: with timeout 2 the whole download has 8 s, so no second attempt.
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = server.url("/img/Landscape_1.jpg?throttle=1&retry_after=10")
        let clock = ContinuousClock()
        let started = clock.now
        let results = await fetcher(folder, events: .init()).fetchAll([url], settings: DownloadSettings(timeoutSeconds: 2))
        #expect(results[url] == .failure(.tooManyRequests))
        #expect(server.log.count == 1, "no second attempt")
        #expect(clock.now - started < .seconds(9), "it did not wait for a retry that could not fit")
    }
}
