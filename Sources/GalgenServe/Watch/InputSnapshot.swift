import GalgenIO

/// How the watched inputs looked at one moment: for each file, its size, modification time and
/// inode, or nil when it was missing. A folder is watched as the files under it.
public struct InputSnapshot: Equatable, Sendable {
    public typealias Stamp = FileStamp

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

    /// This snapshot with every file changed at or after `instant` (nanoseconds since 1970) marked
    /// as unseen, so the next poll reports it: for inputs edited while the first build read them.
    /// A photo folder's listing stamp (a path ending in `/`) has no time: `folderModified` tells
    /// when the folder itself last changed (nil: not known, or changed by galgen's own output).
    public func forgettingChanges(since instant: Int64, folderModified: (String) -> Int64? = { _ in nil }) -> InputSnapshot {
        InputSnapshot(Dictionary(uniqueKeysWithValues: stamps.map { path, stamp in
            guard let stamp else { return (path, stamp) }
            let changed = path.hasSuffix("/")
                ? (folderModified(path).map { $0 >= instant } ?? false)
                : stamp.changed >= instant || stamp.modified >= instant
            return (path, changed ? Self.unseen : stamp)
        }))
    }

    static let unseen = Stamp(size: -1, modified: -1, changed: -1, inode: 0)

    /// A snapshot of a new watch list that keeps what `self` saw for the paths it already knew,
    /// so a change made during a rebuild is still noticed after it.
    public func carried(into fresh: InputSnapshot) -> InputSnapshot {
        InputSnapshot(fresh.stamps.mapValues { $0 }.merging(stamps.filter { fresh.stamps.keys.contains($0.key) }) { _, known in known })
    }
}
