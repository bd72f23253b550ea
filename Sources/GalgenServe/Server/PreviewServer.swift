import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `galgen serve`'s HTTP side: the output folder through Hummingbird's `FileMiddleware`
/// (ETag/If-None-Match, Range, content types), behind `SiteGuardMiddleware`, with the
/// live-reload script and events endpoint (`PreviewResponder`). `limits` bounds connections
/// (header-read and idle timeouts, a connection cap).
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

    /// Serves until the task is cancelled. `started` gets the port actually bound (for `--port 0`).
    /// Throws `ServeError.cannotListen` when the address cannot be bound.
    public func run(started: @escaping @Sendable (Int) async -> Void) async throws {
        let app = application(onServerRunning: { channel in await started(channel.localAddress?.port ?? port) })
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await app.run() }
                group.addTask {
                    // A comment now and then finds pages that went away without closing.
                    while !Task.isCancelled {
                        try await Task.sleep(for: .seconds(15))
                        events.ping()
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        } catch let error as IOError {
            throw ServeError.cannotListen(host: host, port: port, errno: error.errnoCode)
        } catch is SocketAddressError.UnknownHost {
            throw ServeError.unknownHost(host)
        } catch is SocketAddressError {
            throw ServeError.unknownHost(host)
        }
    }

    /// What `run` serves: the preview responder on this address, logging nothing (the terminal
    /// is galgen's). Tests drive it through HummingbirdTesting.
    func application(onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) -> Application<PreviewResponder> {
        let limits = limits
        // Hummingbird's idle timeout leaves a connection alone while a response is being sent.
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeaderTimeoutHandler(timeout: limits.headerTimeout)],
            idleTimeout: TimeAmount(limits.idleTimeout))
        let logger = Logger(label: "galgen.serve", factory: { _ in SwiftLogNoOpLogHandler() })
        return Application(
            responder: PreviewResponder(root: root, basePath: basePath, policy: policy, events: events),
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: logger)),
            onServerRunning: onServerRunning,
            logger: logger)
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
