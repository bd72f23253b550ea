import Synchronization

/// A dictionary shared between requests that forgets everything once it holds `limit` entries:
/// what it keeps can always be worked out again, so this only bounds its memory.
final class SharedTable<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    subscript(key: String) -> Value? {
        entries.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: String) {
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    /// The kept answer of a pure function of the key, or the function's answer, then kept.
    func value(_ key: String, _ compute: (String) -> Value) -> Value {
        if let known = self[key] { return known }
        let value = compute(key)
        keep(value, for: key)
        return value
    }
}
