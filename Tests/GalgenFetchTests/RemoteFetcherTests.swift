import FaultServer
import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenFetch
import GalgenTestSupport
import Synchronization
import Testing

/// The live fetcher against the real fault server, without the rest of the build.
@Suite(.serialized)
struct RemoteFetcherTests {
    final class Events: Sendable {
        let list = Mutex<[BuildEvent]>([])
        var all: [BuildEvent] { list.withLock { $0 } }
        func add(_ event: BuildEvent) { list.withLock { $0.append(event) } }
    }

    func fetcher(_ folder: TemporaryFolder, events: Events, offline: Bool = false) -> RemoteFetcher {
        RemoteFetcher(cache: DiskCache(root: folder.path + "/cache"), offline: offline, userAgent: "galgen-test",
                      retry: RetryPolicy(baseDelay: 0.05), extraTrustRoots: nil, report: events.add)
    }

    @Test func returnsTheCachedFileForEachURLAndReportsProgress() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let events = Events()
        let a = server.url("/img/Landscape_1.jpg"), b = server.url("/img/Landscape_2.jpg?status=410")

        let results = await fetcher(folder, events: events).fetchAll([a, b, a], settings: DownloadSettings())
        let path = try #require(try? results[a]?.get().path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(try Fixtures.bytes("orientation/Landscape_1.jpg")))
        #expect(results[b] == .failure(.status(410)))
        #expect(results.count == 2)
        #expect(server.log.count == 2)
        #expect(events.all.first == .download(.started(total: 2)))
        let size = try Fixtures.bytes("orientation/Landscape_1.jpg").count
        let received = events.all.reduce(0) { sum, event in
            if case let .download(.received(bytes)) = event { sum + bytes } else { sum }
        }
        #expect(received == size)
        let finished = events.all.compactMap { event -> String? in
            switch event {
            case let .download(.finished(url, outcome, bytes, _, 2)): "\(url) \(outcome) \(bytes)"
            case let .download(.failed(url, problem, _, 2)): "\(url) \(problem)"
            default: nil
            }
        }
        #expect(Set(finished) == ["\(a) downloaded \(size)", "\(b) the server answered HTTP 410 Gone"])
    }

    @Test func cancellingTheBuildMidDownloadKeepsNothing() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fetcher = fetcher(folder, events: Events())
        let url = server.url("/img/Landscape_1.jpg?stall=1")

        let task = Task { await fetcher.fetchAll([url], settings: DownloadSettings()) }
        let deadline = Date().addingTimeInterval(10)
        while !folder.list("cache/bodies").contains(where: { $0.contains(".partial-") }) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(folder.list("cache/bodies").count == 1, "the download should be under way")
        task.cancel()
        let results = await task.value
        #expect(results[url].map { if case .failure = $0 { true } else { false } } == true)
        #expect(folder.list("cache/bodies").isEmpty && folder.list("cache/index").isEmpty)

        // Nothing half-downloaded is mistaken for the photo next time.
        // (The stalled server times the download out; on a loaded machine the connection itself
        // may be what times out. Either way it fails, and is never the half-downloaded file.)
        let again = await self.fetcher(folder, events: Events()).fetchAll([server.url("/img/Landscape_1.jpg?stall=1")], settings: DownloadSettings(timeoutSeconds: 1))
        #expect(again[url].map { if case .failure = $0 { true } else { false } } == true, "\(String(describing: again[url]))")
    }

    @Test func aRevalidationSendsTheHeadersTheDecisionCarries() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fetcher = fetcher(folder, events: Events())
        try fetcher.cache.prepare()
        let url = server.url("/img/Landscape_1.jpg?etag=1")
        let settings = DownloadSettings()
        let session = fetcher.makeSession(settings)
        // The entry has no validators of its own: whatever is conditional came from the decision.
        let entry = CacheEntry(url: url, digest: "0", size: 0, storedAt: Date())
        let transfer = Transfer(fetcher: fetcher, session: session, settings: settings, url: url,
                                revalidating: .init(entry: entry, headers: ["If-None-Match": "\"another\""]))
        let outcome = await transfer.run()
        await session.shutdown()
        guard case let .done(fetched) = outcome else { Issue.record("\(outcome)"); return }
        #expect(fetched.outcome == DownloadOutcome.downloaded)
        #expect(server.log.map(\.conditional) == [true])
    }

    @Test("The JPEG check reads the body's first bytes, however the network splits them", arguments: [1, 2])
    func theSniffSpansChunks(_ first: Int) async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = server.url("/img/Landscape_1.jpg?chunk=\(first)")
        let results = await fetcher(folder, events: Events()).fetchAll([url], settings: DownloadSettings())
        let path = try #require(try? results[url]?.get().path, "\(String(describing: results[url]))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(try Fixtures.bytes("orientation/Landscape_1.jpg")))
    }

    @Test("Credentials go to their own origin, after a redirect too, and never to another port", arguments: [
        // Same origin: sent again.
        ("/img/Landscape_1.jpg", true), ("http://127.0.0.1:FIRST/img/Landscape_1.jpg", true),
        // Another port on the same host: not sent, neither the written ones nor any in the Location.
        ("http://127.0.0.1:PORT/img/Landscape_1.jpg", false),
        ("http://alice:s3cret@127.0.0.1:PORT/img/Landscape_1.jpg", false),
    ])
    func credentialsAfterARedirect(_ location: String, _ sentAgain: Bool) async throws {
        let first = try await FaultServer.start(), second = try await FaultServer.start()
        defer { Task { await first.stop(); await second.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = location.replacingOccurrences(of: "PORT", with: "\(second.port)")
            .replacingOccurrences(of: "FIRST", with: "\(first.port)")
        let query = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let url = "http://alice:s3cret@127.0.0.1:\(first.port)/redirect?to=\(query)"

        let results = await fetcher(folder, events: Events()).fetchAll([url], settings: DownloadSettings())
        #expect((try? results[url]?.get()) != nil, "\(String(describing: results[url]))")
        let basic = "Basic YWxpY2U6czNjcmV0"
        let followed = first.log.dropFirst() + second.log
        #expect(first.log.first?.authorization == basic)
        #expect(followed.map(\.path) == ["/img/Landscape_1.jpg"])
        #expect(followed.map(\.authorization) == [sentAgain ? basic : nil])
    }

    @Test func offlineMakesNoRequest() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = server.url("/img/Landscape_1.jpg")
        let results = await fetcher(folder, events: Events(), offline: true).fetchAll([url], settings: DownloadSettings())
        #expect(results[url] == .failure(.offlineMissing))
        #expect(server.log.isEmpty)
    }
}
