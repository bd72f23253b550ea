import GalgenCore

/// The bytes that image renders may hold at once, shared by every job of a build.
///
/// Jobs bound how many photos are worked on at a time; the budget bounds what they hold. Most
/// photos need a few tens of megabytes and never wait, but two huge ones (a 200 MP progressive
/// JPEG keeps over a gigabyte of coefficients) take turns instead of allocating together. A
/// request larger than the whole budget waits until nothing else is held, then runs alone.
/// Requests are granted in order, so a large one is never starved by a stream of small ones.
public actor MemoryBudget {
    /// The least budget, and the whole of it where the machine's memory is not known.
    public static let defaultCapacity = 1 << 30

    /// The budget on a machine with `machineMemory` bytes (the smaller of its RAM and its
    /// control group's limit): an eighth of it, and at least `defaultCapacity`. An eighth leaves
    /// the rest to the encoders' own buffers, the system and what else runs; 1 GiB alone made two
    /// 4K videos' transcodes (660 MB each, every height in one run) take turns on any machine,
    /// one core idle (24 GiB here: 3 GiB, and they run together).
    public static func capacity(machineMemory: UInt64) -> Int {
        max(defaultCapacity, Int(clamping: machineMemory / 8))
    }

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
