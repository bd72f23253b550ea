/// How the watched inputs looked at one moment: for each file, its size, modification time and
/// inode, or nil when it was missing. A folder is watched as the files under it.
public struct InputSnapshot: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        public var size: Int64
        public var modified: Int64
        public var inode: UInt64

        public init(size: Int64, modified: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.inode = inode
        }
    }

    public var stamps: [String: Stamp?]

    public init(_ stamps: [String: Stamp?] = [:]) {
        self.stamps = stamps
    }

    /// Paths that appeared, went away or changed between `self` and `later`, sorted.
    public func changes(to later: InputSnapshot) -> [String] {
        Set(stamps.keys).union(later.stamps.keys).filter { path in
            (stamps[path] ?? nil) != (later.stamps[path] ?? nil)
        }.sorted()
    }

    /// A snapshot of a new watch list that keeps what `self` saw for the paths it already knew,
    /// so a change made during a rebuild is still noticed after it.
    public func carried(into fresh: InputSnapshot) -> InputSnapshot {
        InputSnapshot(fresh.stamps.mapValues { $0 }.merging(stamps.filter { fresh.stamps.keys.contains($0.key) }) { _, known in known })
    }
}
