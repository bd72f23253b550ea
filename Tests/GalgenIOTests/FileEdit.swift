import Foundation
import GalgenIO

/// Changes to a file made behind a store's back, the way a user, a disk or another program would.
enum FileEdit {
    struct Failed: Error { var path: String }

    /// Writes `bytes` over the start of the file, in place: same inode, same size if they fit.
    static func overwrite(_ path: String, with bytes: [UInt8]) throws {
        guard let handle = FileHandle(forUpdatingAtPath: path) else { throw Failed(path: path) }
        defer { try? handle.close() }
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(bytes))
    }

    /// Sets the file's access and modification times (nanoseconds since 1970).
    static func setModified(_ path: String, _ nanoseconds: Int64) throws {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw Failed(path: path) }
    }

    /// Edits the file in place and puts its modification time back: to `stat`, the same file.
    static func overwriteKeepingStamp(_ path: String, with bytes: [UInt8]) throws {
        guard let before = FileStamp.of(path) else { throw Failed(path: path) }
        try overwrite(path, with: bytes)
        try setModified(path, before.modified)
    }

    /// Edits the file in place, dated a second after it was last written, as any later edit
    /// is (file times come from a coarse clock, so an edit straight after the write could
    /// otherwise keep its time).
    static func editInPlace(_ path: String, with bytes: [UInt8]) throws {
        guard let before = FileStamp.of(path) else { throw Failed(path: path) }
        try overwrite(path, with: bytes)
        try setModified(path, before.modified + 1_000_000_000)
    }

    static func truncate(_ path: String, to size: Int) throws {
        guard Foundation.truncate(path, off_t(size)) == 0 else { throw Failed(path: path) }
    }
}
