import Foundation

/// How long a connection to `galgen serve` may take and how many may be open at once: a client
/// that connects and stalls (or a thousand of them) cannot stop the server answering, nor take the
/// file descriptors the next rebuild needs.
public struct ServerLimits: Sendable, Equatable {
    /// From accepting a connection, or from the first bytes of a later request on it, to the end of
    /// the request's head. A browser sends a head in one packet as soon as it connects; a client
    /// that sends nothing, or is still sending a head after this, is stalled (or slowloris), and
    /// is closed.
    public var headerTimeout: Duration
    /// A keep-alive connection with no request in progress is closed after this. A response being
    /// sent is never idle, so the live-reload events stream, which is one long response, stays open.
    public var idleTimeout: Duration
    /// Connections open at once. When a new one reaches it, the connection idle longest (no request
    /// in progress) is closed to make room; only when every one is busy answering does the server
    /// stop accepting, and new connections wait in the listen queue until one closes.
    public var maxConnections: Int

    public init(headerTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(60), maxConnections: Int = 512) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// The limits for a process that may open `openFiles` descriptors: at most a quarter of them,
    /// and at most 512, for connections (each may open a file to answer, too); the rest stay for the
    /// build (photos read, renditions and site files written, downloads, the cache's records).
    public init(openFiles: Int) {
        self.init(maxConnections: max(4, min(512, openFiles / 4)))
    }

    /// Environment variables that shorten the timeouts, in seconds (fractions allowed), so tests
    /// need not wait, and that change the connection cap, so a test can run the process out of
    /// file descriptors. Not meant for users: the defaults suit a preview on this machine.
    public static let headerTimeoutVariable = "GALGEN_SERVE_HEADER_TIMEOUT"
    public static let idleTimeoutVariable = "GALGEN_SERVE_IDLE_TIMEOUT"
    public static let maxConnectionsVariable = "GALGEN_SERVE_MAX_CONNECTIONS"

    /// These limits with what `environment` sets; anything but a number of seconds above 0 and at
    /// most an hour, or a whole number of connections from 1 to 100,000, is ignored.
    public func overridden(by environment: [String: String]) -> ServerLimits {
        func seconds(_ name: String) -> Duration? {
            guard let text = environment[name], let value = Double(text), value > 0, value <= 3600 else { return nil }
            return .milliseconds(Int64(value * 1000))
        }
        var limits = self
        limits.headerTimeout = seconds(Self.headerTimeoutVariable) ?? headerTimeout
        limits.idleTimeout = seconds(Self.idleTimeoutVariable) ?? idleTimeout
        if let text = environment[Self.maxConnectionsVariable], let count = Int(text), (1...100_000).contains(count) {
            limits.maxConnections = count
        }
        return limits
    }
}
