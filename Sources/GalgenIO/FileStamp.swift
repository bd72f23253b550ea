import Foundation

/// A file's identity as `stat` sees it. It changes whenever the file is written, replaced
/// (a new inode) or moved or relinked (a new change time), even within one clock tick when
/// the inode differs. The watcher compares stamps; the content store and the source-digest
/// memo trust a file whose contents' stamp is unchanged. The only place that reads `stat`'s
/// time fields, on Linux and macOS alike.
public struct FileStamp: Equatable, Sendable, Codable {
    public var size: Int64
    /// Nanoseconds since 1970: the contents' last modification and the inode's last change.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int64, modified: Int64, changed: Int64 = 0, inode: UInt64, device: UInt64 = 0) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    public init(_ info: stat) {
        self.init(size: Int64(info.st_size), modified: Self.nanoseconds(info.modificationTime),
                  changed: Self.nanoseconds(info.changeTime), inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    /// The stamp of the file at `path` (following symlinks), or nil when there is none.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStamp(info) : nil
    }

    /// Same size, modification time, inode and device: the same contents, unless someone set the
    /// time back by hand. The change time is left out: linking a file into a site changes it.
    public func sameContents(as other: FileStamp) -> Bool {
        (size, modified, inode, device) == (other.size, other.modified, other.inode, other.device)
    }

    /// Whether the file at `path` still has this stamp's contents (false when it is gone).
    public func isCurrent(at path: String) -> Bool {
        Self.ofInput(path)?.sameContents(as: self) == true
    }

    /// Now, on the clock file times are taken from.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The time fields of `stat`, named the same on Linux and macOS.
public extension stat {
    var modificationTime: timespec {
        #if os(Linux)
        st_mtim
        #else
        st_mtimespec
        #endif
    }

    var changeTime: timespec {
        #if os(Linux)
        st_ctim
        #else
        st_ctimespec
        #endif
    }
}
