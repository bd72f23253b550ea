import GalgenCore

/// What one shard did, kept in its `shards/K-of-N/shard.json` and written last, after its
/// records: a shard whose file is there finished, and the merge reads each item it could not
/// make from here (so a photo that fails on its shard fails the merge the same way, with the
/// same reason, as it would on one machine).
public struct ShardRun: Codable, Equatable, Sendable {
    public var shard: Shard
    /// The gallery's items (every distinct source) and how many of them were this shard's.
    public var galleryItems: Int
    public var items: Int
    /// Taken from the cache without decoding.
    public var reused: Int
    /// Each item that failed, by its stable key (`ShardItem.key`): why, as on one machine.
    public var failures: [String: String]
    public var milliseconds: Int
    /// The galgen that made it: a merge by another version renders nothing of it.
    public var generator: String

    public init(shard: Shard, galleryItems: Int, items: Int, reused: Int, failures: [String: String], milliseconds: Int, generator: String) {
        self.shard = shard
        self.galleryItems = galleryItems
        self.items = items
        self.reused = reused
        self.failures = failures
        self.milliseconds = milliseconds
        self.generator = generator
    }
}

/// What a merge knows before it starts: the shards whose runs its cache holds.
public struct ShardMerge: Equatable, Sendable {
    /// The shards that finished (their `shard.json` is there).
    public var runs: [ShardRun]
    /// The shards whose folder is there, finished or not (a shard killed half-way has no run).
    public var seen: [Shard]
    /// `--allow-missing`: write the site without the items no shard made.
    public var allowMissing: Bool

    public init(runs: [ShardRun], seen: [Shard], allowMissing: Bool) {
        self.runs = runs.sorted { ($0.shard.count, $0.shard.index) < ($1.shard.count, $1.shard.index) }
        self.seen = seen
        self.allowMissing = allowMissing
    }

    /// The number of shards the gallery was split into: the one most shards' folders were made
    /// with (the largest on a tie), so a stale folder of an older split does not decide.
    public var count: Int {
        let counts = Dictionary((seen + runs.map(\.shard)).map { ($0.count, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 1
    }

    /// "2 of 4 shards (1/4, 3/4)": what the merge found, for its first line.
    public var foundText: String {
        let finished = runs.filter { $0.shard.count == count }.map(\.shard.description)
        return "\(finished.count) of \(count) shard\(count == 1 ? "" : "s") (\(finished.joined(separator: ", ")))"
    }

    /// Why the shard that had the item under `key` could not make it, if it said so.
    public func failure(of key: String) -> String? {
        runs.lazy.compactMap { $0.failures[key] }.first
    }

    /// The shards of `count` that ran, by index.
    var ran: Set<Int> { Set(runs.filter { $0.shard.count == count }.map(\.shard.index)) }
}

/// Items a merge found in no shard's records, by the shard that was to make them.
public struct MissingShardItems: Equatable, Sendable, CustomStringConvertible {
    public var count: Int
    /// Shard index → the items' sources as gallery.yml writes them, in gallery order.
    public var byShard: [Int: [String]]
    /// The shards that never ran here (no `shard.json`), as opposed to ones whose records lack items.
    public var notRun: Set<Int>

    public init(count: Int, byShard: [Int: [String]], notRun: Set<Int>) {
        self.count = count
        self.byShard = byShard
        self.notRun = notRun
    }

    public var total: Int { byShard.values.reduce(0) { $0 + $1.count } }

    /// One line per shard: how many items, a few of them, and whether the shard ran here.
    public var lines: [String] {
        byShard.keys.sorted().map { index in
            let items = byShard[index] ?? []
            let shown = items.prefix(3).joined(separator: ", ") + (items.count > 3 ? ", …" : "")
            let why = notRun.contains(index)
                ? "its cache is not here (no shards/\(index)-of-\(count)/shard.json)"
                : "its cache is here but lacks them (made by another gallery.yml or galgen?)"
            return "shard \(index)/\(count): \(items.count) item\(items.count == 1 ? "" : "s") (\(shown)): \(why)"
        }
    }

    public var description: String {
        let shards = byShard.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
        return """
            the cache lacks \(total) item\(total == 1 ? "" : "s") that shard\(byShard.count == 1 ? "" : "s") \(shards) \
            \(byShard.count == 1 ? "was" : "were") to render:
            \(lines.map { "  " + $0 }.joined(separator: "\n"))
            Copy each shard's cache into this one (rclone copy, cp -rn) and build again, or run \
            'galgen build --shard K/\(count)' here for each missing shard, or pass --allow-missing to write \
            the site without them.
            """
    }
}
