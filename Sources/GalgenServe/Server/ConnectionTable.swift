import NIOCore
import Synchronization

/// The server's open connections, on every event loop, and the closing of those that
/// `ConnectionRoster` picks to make room. Each connection's `HeaderTimeoutHandler` reports to it.
final class ConnectionTable: Sendable {
    private struct State {
        var roster: ConnectionRoster<ObjectIdentifier>
        var channels: [ObjectIdentifier: any Channel] = [:]
    }

    private let state: Mutex<State>

    init(capacity: Int) {
        state = Mutex(State(roster: ConnectionRoster(capacity: capacity)))
    }

    /// Connections counted now.
    var count: Int { state.withLock { $0.roster.count } }

    /// A connection was accepted: it is counted until it closes, and at capacity the connection
    /// idle longest is closed for it.
    func opened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let evicted = state.withLock { state -> (any Channel)? in
            state.channels[id] = channel
            return state.roster.opened(id).flatMap { state.channels.removeValue(forKey: $0) }
        }
        channel.closeFuture.whenComplete { [self] _ in
            state.withLock { state in
                state.roster.closed(id)
                state.channels[id] = nil
            }
        }
        evicted?.close(promise: nil)
    }

    func requestStarted(on channel: any Channel) {
        state.withLock { $0.roster.requestStarted(ObjectIdentifier(channel)) }
    }

    func responseEnded(on channel: any Channel) {
        state.withLock { $0.roster.responseEnded(ObjectIdentifier(channel)) }
    }

    /// The process ran out of file descriptors: lowers the capacity (`ConnectionRoster`) and
    /// closes idle connections, at least `minimum`; their close futures (empty when none is idle).
    func descriptorsRanOut(closingAtLeast minimum: Int) -> [EventLoopFuture<Void>] {
        let evicted = state.withLock { state in
            state.roster.descriptorsRanOut(closingAtLeast: minimum).compactMap { state.channels.removeValue(forKey: $0) }
        }
        for channel in evicted { channel.close(promise: nil) }
        return evicted.map(\.closeFuture)
    }

    var capacity: Int { state.withLock { $0.roster.capacity } }
}

extension ConnectionTable {
    /// Closes every connection still open (the server is stopping and they outlasted the grace).
    func closeAll() {
        let open = state.withLock { Array($0.channels.values) }
        for channel in open { channel.close(promise: nil) }
    }
}
