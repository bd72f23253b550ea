import Foundation
import NIOCore
import NIOPosix
import Synchronization
@testable import GalgenServe

/// `PreviewServer.run` on a free loopback port, and raw client connections to it (NIO, so that
/// hundreds of them cost no thread each).
struct LoopbackServer {
    let port: Int
    private let task: Task<Void, any Error>

    enum Failure: Error { case didNotStart }

    init(_ site: PreviewSite, limits: ServerLimits) async throws {
        let server = PreviewServer(
            root: site.site, host: "127.0.0.1", port: 0, basePath: "/", policy: HostPolicy(boundHost: "127.0.0.1"),
            events: site.events, limits: limits)
        let (ports, started) = AsyncStream.makeStream(of: Int.self)
        task = Task {
            defer { started.finish() }
            try await server.run { started.yield($0) }
        }
        var waiting = ports.makeAsyncIterator()
        guard let port = await waiting.next() else { throw Failure.didNotStart }
        self.port = port
    }

    func stop() {
        task.cancel()
    }

    static func request(_ path: String, port: Int, close: Bool = false) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n"
    }

    /// A connection that sends `text` (nothing if nil) and records what comes back.
    func connect(sending text: String?) async throws -> ClientConnection {
        let received = ClientConnection.Received()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ClientConnection.Recorder(received: received))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        if let text { try await channel.writeAndFlush(ByteBuffer(string: text)) }
        return ClientConnection(channel: channel, received: received)
    }

    /// `silent` connections that send nothing, then `halfSent` that send `text` and stop.
    func flood(silent: Int, halfSent: Int, sending text: String) async throws -> [ClientConnection] {
        var connections: [ClientConnection] = []
        for index in 0..<(silent + halfSent) {
            connections.append(try await connect(sending: index < silent ? nil : text))
        }
        return connections
    }

    /// The whole answer to `GET path` (the connection closes after it); empty after `timeout`.
    func get(_ path: String, timeout: Duration = .seconds(10)) async throws -> String {
        let connection = try await connect(sending: Self.request(path, port: port, close: true))
        defer { connection.close() }
        _ = await connection.wait(timeout: timeout) { _ in !connection.isOpen }
        return connection.isOpen ? "" : connection.text
    }
}

/// One client connection and what it received.
struct ClientConnection {
    let channel: any Channel
    let received: Received

    final class Received: Sendable {
        let text = Mutex("")
        let closed = Mutex(false)
    }

    final class Recorder: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let received: Received

        init(received: Received) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = String(buffer: unwrapInboundIn(data))
            received.text.withLock { $0 += bytes }
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.closed.withLock { $0 = true }
            context.fireChannelInactive()
        }
    }

    var text: String { received.text.withLock { $0 } }
    var isOpen: Bool { !received.closed.withLock { $0 } }

    /// Waits until `condition` holds for what was received so far; false after `timeout`.
    func wait(timeout: Duration = .seconds(5), until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(text)
    }

    func close() {
        channel.close(promise: nil)
    }
}
