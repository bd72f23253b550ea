/// The bytes that image renders may hold at once, shared by every job of a build.
///
/// Jobs bound how many photos are worked on at a time; the budget bounds what they hold. Most
/// photos need a few tens of megabytes and never wait, but two huge ones (a 200 MP progressive
/// JPEG keeps over a gigabyte of coefficients) take turns instead of allocating together. A
/// request larger than the whole budget waits until nothing else is held, then runs alone.
/// Requests are granted in order, so a large one is never starved by a stream of small ones.
public actor MemoryBudget {
    public static let defaultCapacity = 1 << 30

    public let capacity: Int
    private var held = 0
    private var queue: [(bytes: Int, grant: CheckedContinuation<Void, Never>)] = []

    public init(capacity: Int = MemoryBudget.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Bytes currently granted and not yet given back.
    public var inUse: Int { held }

    /// Waits until `bytes` fit, then holds them; give them back with `release` of the same amount.
    public func reserve(_ bytes: Int) async {
        let bytes = charge(bytes)
        if queue.isEmpty && held + bytes <= capacity {
            held += bytes
            return
        }
        await withCheckedContinuation { queue.append((bytes, $0)) }
    }

    public func release(_ bytes: Int) {
        held -= charge(bytes)
        while let next = queue.first, held + next.bytes <= capacity {
            queue.removeFirst()
            held += next.bytes
            next.grant.resume()
        }
    }

    private func charge(_ bytes: Int) -> Int { min(max(0, bytes), capacity) }
}
