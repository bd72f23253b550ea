/// Which connection `galgen serve` closes to make room for a new one: the one that has been idle
/// longest. Idle means no request in progress: it has sent nothing yet, or part of a request head,
/// or it is a keep-alive connection between requests. A connection whose response is being sent
/// (the live-reload events stream is one long response) is never chosen. A pure value; the server
/// keeps one behind a lock (`ConnectionTable`) and closes what it names.
struct ConnectionRoster<ID: Hashable & Sendable>: Sendable {
    /// Connections open at once. When a new one makes `capacity`, an idle one is closed, so the
    /// server keeps accepting; only when every connection is busy does it stop. It drops when the
    /// process runs out of file descriptors.
    private(set) var capacity: Int
    private var connections: [ID: Connection] = [:]
    /// A counter, not a clock: only the order of events matters.
    private var ticks: UInt64 = 0

    private struct Connection: Sendable {
        /// Requests whose head arrived and whose response has not ended.
        var requests = 0
        /// When it last became idle (accepted, or its last response ended).
        var idleSince: UInt64
    }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { connections.count }

    /// A connection was accepted. Returns the connection to close to make room (no longer counted
    /// from now on), or nil while there is room or every other connection is busy.
    mutating func opened(_ id: ID) -> ID? {
        ticks += 1
        connections[id] = Connection(idleSince: ticks)
        guard connections.count >= capacity, let oldest = idle(1, except: id).first else { return nil }
        connections[oldest] = nil
        return oldest
    }

    /// A request head arrived on `id`.
    mutating func requestStarted(_ id: ID) {
        connections[id]?.requests += 1
    }

    /// A response on `id` ended; with no other request in progress, it is idle from now on.
    mutating func responseEnded(_ id: ID) {
        guard var connection = connections[id] else { return }
        ticks += 1
        connection.requests = max(0, connection.requests - 1)
        if connection.requests == 0 { connection.idleSince = ticks }
        connections[id] = connection
    }

    mutating func closed(_ id: ID) {
        connections[id] = nil
    }

    /// The process ran out of file descriptors with this many connections open: from now on at
    /// most three quarters of them stay open (at least 4), so the build and the files answers
    /// open have room again. Returns the idle connections to close now, longest idle first: those
    /// above the new capacity, and at least `minimum`.
    mutating func descriptorsRanOut(closingAtLeast minimum: Int) -> [ID] {
        capacity = max(min(4, capacity), min(capacity, connections.count * 3 / 4))
        return evict(max(minimum, connections.count - capacity + 1))
    }

    /// Takes up to `count` idle connections, longest idle first, off the roster (they are to be closed).
    mutating func evict(_ count: Int) -> [ID] {
        let chosen = idle(count, except: nil)
        for id in chosen { connections[id] = nil }
        return chosen
    }

    private func idle(_ count: Int, except excluded: ID?) -> [ID] {
        let candidates = connections.lazy.filter { $0.value.requests == 0 && $0.key != excluded }
        let longest = { (a: (key: ID, value: Connection), b: (key: ID, value: Connection)) in a.value.idleSince < b.value.idleSince }
        // One at a time as connections arrive: a scan, not a sort.
        if count == 1 { return candidates.min(by: longest).map { [$0.key] } ?? [] }
        return candidates.sorted(by: longest).prefix(count).map(\.key)
    }
}
