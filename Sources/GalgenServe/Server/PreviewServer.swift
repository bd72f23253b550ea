import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// `galgen serve`'s HTTP side: the output folder through Hummingbird's `FileMiddleware`
/// (ETag/If-None-Match, Range, content types), behind `SiteGuardMiddleware`, with the
/// live-reload script and events endpoint (`PreviewResponder`). `limits` bounds connections
/// (header-read and idle timeouts, a connection cap that closes the connection idle longest to
/// make room), and a failed `accept` (out of descriptors) does not stop it listening.
public struct PreviewServer: Sendable {
    public var root: String
    public var host: String
    public var port: Int
    public var basePath: String
    public var policy: HostPolicy
    public var events: LiveEvents
    public var limits: ServerLimits

    public init(root: String, host: String, port: Int, basePath: String, policy: HostPolicy, events: LiveEvents,
                limits: ServerLimits = ServerLimits()) {
        self.root = root
        self.host = host
        self.port = port
        self.basePath = basePath
        self.policy = policy
        self.events = events
        self.limits = limits
    }

    /// Serves until the task is cancelled, then stops gracefully (see `serve`). `started` gets the
    /// port actually bound (for `--port 0`). Throws `ServeError.cannotListen` when the address
    /// cannot be bound.
    public func run(started: @escaping @Sendable (Int) async -> Void) async throws {
        let connections = ConnectionTable(capacity: limits.maxConnections)
        let app = application(connections: connections, onServerRunning: { channel in await started(channel.localAddress?.port ?? port) })
        do {
            try await serve(app, connections: connections)
        } catch let error as IOError {
            throw ServeError.cannotListen(host: host, port: port, errno: error.errnoCode)
        } catch is SocketAddressError.UnknownHost {
            throw ServeError.unknownHost(host)
        } catch is SocketAddressError {
            throw ServeError.unknownHost(host)
        }
    }

    /// How long connections still answering (a page downloading slowly) may go on once the
    /// server stops, before they are closed.
    static let stopGrace = Duration.seconds(2)

    /// Runs `app` in a task of its own, which cancelling this one does not reach: cancelling
    /// Hummingbird's accept loop drops the connections accepted but not yet handed to it, and NIO
    /// traps on them ("Deinited NIOAsyncWriter without calling finish()", swift-nio#2637; the
    /// crash seen on stopping with hundreds of connections open). Cancellation instead starts a
    /// graceful shutdown: the listening socket closes, every connection accepted is handed over and
    /// closed once it is idle, the events streams end, and after `stopGrace` any still answering
    /// are closed. Returns once the server has stopped.
    private func serve(_ app: Application<PreviewResponder>, connections: ConnectionTable) async throws {
        let logger = app.logger
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let serving = Task { try await services.run() }
        let events = events
        try await withTaskCancellationHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // A comment now and then finds pages that went away without closing.
                    while true {
                        try await Task.sleep(for: .seconds(15))
                        events.ping()
                    }
                }
                defer { group.cancelAll() }
                try await serving.value
            }
        } onCancel: {
            Task {
                await services.triggerGracefulShutdown()
                events.finishAll()
                try? await Task.sleep(for: Self.stopGrace)
                connections.closeAll()
            }
        }
    }

    /// What `run` serves: the preview responder on this address, logging nothing (the terminal
    /// is galgen's). Tests drive it through HummingbirdTesting.
    func application(connections: ConnectionTable? = nil,
                     onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) -> Application<PreviewResponder> {
        let limits = limits
        let connections = connections ?? ConnectionTable(capacity: limits.maxConnections)
        // Hummingbird's idle timeout leaves a connection alone while a response is being sent.
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeaderTimeoutHandler(timeout: limits.headerTimeout, connections: connections)],
            idleTimeout: TimeAmount(limits.idleTimeout))
        let logger = Logger(label: "galgen.serve", factory: { _ in SwiftLogNoOpLogHandler() })
        return Application(
            responder: PreviewResponder(root: root, basePath: basePath, policy: policy, events: events),
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil,
                // The backstop when every connection is busy; below it, `connections` makes room.
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: logger)),
            onServerRunning: { channel in
                await Self.survivingAcceptErrors(channel, connections: connections)
                await onServerRunning(channel)
            },
            logger: logger)
    }

    /// Puts `AcceptErrorHandler` first in the listening channel's pipeline (Hummingbird has no
    /// option for the server channel's handlers; it is ready before anything is accepted).
    private static func survivingAcceptErrors(_ channel: any Channel, connections: ConnectionTable) async {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(AcceptErrorHandler(connections: connections), position: .first)
        }.get()
    }
}

public enum ServeError: Error, Equatable, CustomStringConvertible {
    case cannotListen(host: String, port: Int, errno: Int32)
    case unknownHost(String)

    public var description: String {
        switch self {
        case let .cannotListen(host, port, code) where code == EADDRINUSE:
            "port \(port) on \(host) is already in use (another galgen serve?). Stop it, or pick another port with --port \(port + 1) (--port 0 picks any free port)."
        case let .cannotListen(host, port, code) where code == EACCES:
            "not allowed to listen on port \(port) on \(host) (ports below 1024 need privileges). Use --port 8000 or another port above 1023."
        case let .cannotListen(host, port, code) where code == EADDRNOTAVAIL:
            "cannot listen on \(host): it is not an address of this machine. Use --host 127.0.0.1 (or 0.0.0.0 for every interface); port \(port)."
        case let .unknownHost(host):
            "cannot listen on \(host): no such host name on this machine. Use --host 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)."
        case let .cannotListen(host, port, code):
            "cannot listen on \(host):\(port): \(String(cString: strerror(code))). Check --host and --port."
        }
    }
}
