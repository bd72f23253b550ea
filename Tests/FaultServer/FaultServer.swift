import Foundation
import GalgenTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTLS
import NIOCore
import NIOSSL
import Synchronization

/// A real HTTP (or HTTPS) server on 127.0.0.1 and a free port, serving JPEGs with faults
/// chosen per request by query parameters, so every test URL says what it does:
///
///     /img/NAME?latency=200            wait 200 ms before answering
///     /img/NAME?status=404             answer 404 (with a small HTML body)
///     /img/NAME?fail=2                 answer 500 to the first 2 requests for this URL, then 200
///     /img/NAME?throttle=1&retry_after=1   429 with Retry-After: 1 once, then 200
///     /img/NAME?etag=1&last_modified=1 validators; conditional requests get 304
///     /img/NAME?etag=weak              a weak ETag
///     /img/NAME?wrong_304=1            304 with a different strong ETag
///     /img/NAME?max_age=60  /  ?no_store=1  /  ?no_cache=1
///     /img/NAME?cut=1000               Content-Length of the whole body, connection closed after 1000 bytes
///     /img/NAME?chunk=1                the first byte alone, the rest 100 ms later
///     /img/NAME?stall=1                headers and the first bytes, then nothing
///     /img/NAME?drip=1000              the first 1000 bytes, then one byte a second (slow but live)
///     /img/NAME?pad=N                  the JPEG followed by N extra bytes (a body larger than a cap)
///     /img/NAME?html=1                 200 with an HTML page
///     /loop/N                          redirects to /loop/N+1 … forever (`?cycle=1`: back to /loop/0)
///     /redirect?to=URL                 302 to any URL (https→http tests)
///
/// NAME is a file under Tests/Fixtures/orientation (Landscape_1.jpg …) unless a test
/// replaced it with `setBody`. Every request is logged.
public final class FaultServer: Sendable {
    public struct Logged: Sendable, Equatable {
        public var path: String
        public var query: String
        public var status: Int
        public var bodyBytes: Int
        public var conditional: Bool
        public var host: String
        public var authorization: String?
    }

    public let port: Int
    public let scheme: String
    private let task: Task<Void, any Error>
    let recorder: Recorder

    public var base: String { "\(scheme)://127.0.0.1:\(port)" }

    public func url(_ pathAndQuery: String) -> String { base + pathAndQuery }

    public var log: [Logged] { recorder.state.withLock { $0.log } }

    /// Body bytes sent with status 200, over all requests so far.
    public var bodyBytesSent: Int { log.filter { $0.status == 200 }.map(\.bodyBytes).reduce(0, +) }

    /// The most requests that were in flight at once for one Host header value.
    public func maxInFlight(host: String) -> Int { recorder.state.withLock { $0.maxInFlight[host] ?? 0 } }

    public func requests(to path: String) -> [Logged] { log.filter { $0.path == path } }

    /// Makes /img/NAME answer this status (with an HTML body) until set back to nil.
    public func setStatus(_ name: String, _ status: Int?) {
        recorder.state.withLock { $0.statuses[name] = status }
    }

    /// Replaces what /img/NAME serves (its ETag follows the bytes).
    public func setBody(_ name: String, _ bytes: [UInt8]) {
        recorder.state.withLock { $0.bodies[name] = bytes }
    }

    public static func start(tls: TLSConfiguration? = nil) async throws -> FaultServer {
        let recorder = Recorder()
        let router = Router()
        Routes(recorder: recorder).add(to: router)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: try tls.map { try .tls(.http1(), tlsConfiguration: $0) } ?? .http1(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: .init(label: "fault-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw FaultServerError.didNotStart }
        return FaultServer(port: port, scheme: tls == nil ? "http" : "https", task: task, recorder: recorder)
    }

    private init(port: Int, scheme: String, task: Task<Void, any Error>, recorder: Recorder) {
        self.port = port
        self.scheme = scheme
        self.task = task
        self.recorder = recorder
    }

    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}

enum FaultServerError: Error { case didNotStart }

/// What the server remembers: the request log, per-URL counters, concurrency, replaced bodies.
final class Recorder: Sendable {
    struct State {
        var log: [FaultServer.Logged] = []
        var counts: [String: Int] = [:]
        var inFlight: [String: Int] = [:]
        var maxInFlight: [String: Int] = [:]
        var bodies: [String: [UInt8]] = [:]
        var statuses: [String: Int] = [:]
    }

    let state = Mutex(State())
}

import Logging
