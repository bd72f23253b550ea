import Foundation
import Synchronization

/// The site's current version and build error, and every open events stream that hears of them.
public final class LiveEvents: Sendable {
    /// What a page needs to know: the site version, and why the last build failed (nil if it did not).
    public struct State: Equatable, Sendable, Codable {
        public var generation: String
        public var error: String?
    }

    private struct Listeners {
        var state: State
        var streams: [UUID: AsyncStream<String>.Continuation] = [:]
        var changes = 0
        /// The server is stopping: a stream opened now ends after its first message.
        var finished = false
    }

    private let listeners: Mutex<Listeners>
    private let session: String

    /// `session` tells this server run's versions apart from those of an earlier run, so a page
    /// left open across a restart reloads too.
    public init(session: String = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)) {
        self.session = session
        self.listeners = Mutex(Listeners(state: State(generation: session + "-0", error: nil)))
    }

    public var state: State { listeners.withLock { $0.state } }

    /// How many pages are listening now.
    public var openStreams: Int { listeners.withLock { $0.streams.count } }

    /// After a build: `siteChanged` moves the version on (pages reload); `error` is shown over them.
    public func publish(siteChanged: Bool, error: String?) {
        listeners.withLock { listeners in
            if siteChanged {
                listeners.changes += 1
                listeners.state.generation = "\(session)-\(listeners.changes)"
            }
            listeners.state.error = error
            let message = Self.message(listeners.state)
            for stream in listeners.streams.values { stream.yield(message) }
        }
    }

    /// A stream of server-sent-event messages that starts with the current state.
    public func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(4))
        let id = UUID()
        let finished = listeners.withLock { listeners in
            continuation.yield(Self.message(listeners.state))
            if !listeners.finished { listeners.streams[id] = continuation }
            return listeners.finished
        }
        if finished { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    func broadcast(_ message: String) {
        listeners.withLock { listeners in
            for stream in listeners.streams.values { stream.yield(message) }
        }
    }

    /// Ends every stream, and any opened from now on after its first message (the server is stopping).
    public func finishAll() {
        let streams = listeners.withLock { listeners in
            listeners.finished = true
            defer { listeners.streams = [:] }
            return Array(listeners.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    /// One `state` event; JSON keeps the data on one line.
    static func message(_ state: State) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: state\ndata: \(json)\n\n"
    }
}

extension LiveEvents {
    /// An SSE comment to every stream: a write to a page that has gone fails and ends its stream.
    public func ping() {
        broadcast(": ping\n\n")
    }
}
