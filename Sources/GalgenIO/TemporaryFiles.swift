import Foundation
import Synchronization

/// This process's temporary files, so a write is atomic (temporary file in the same folder,
/// then rename), and what is left over is removed: on close or Ctrl-C for our own, by the
/// next build for those of a process that was killed.
///
/// A name is `.partial-<pid>-<run>-<n>[-tag]`: the pid tells a later build whether the writer
/// is still running, and `run`, random for each process, tells this process's files from those
/// an earlier process with the same pid left (in a container, every build is pid 1), so names
/// never collide and leftovers are removed whatever their pid. The download cache and the
/// rendition store share this.
public final class TemporaryFiles: Sendable {
    private let paths = Mutex<Set<String>>([])
    /// Numbers names across every instance: two writers in one folder never get the same name.
    private static let next = Atomic<Int>(0)

    /// This process's run: random, so no earlier process used it.
    static let run = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    public init() {}

    /// A fresh name in `folder`, remembered until `forget` (or `removeAll`).
    public func make(in folder: String, tag: String? = nil) -> String {
        let number = Self.next.add(1, ordering: .relaxed).newValue
        let path = "\(folder)/.partial-\(getpid())-\(Self.run)-\(number)" + (tag.map { "-\($0)" } ?? "")
        _ = paths.withLock { $0.insert(path) }
        return path
    }

    public func forget(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    public func removeAll() {
        let all = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in all { unlink(path) }
    }

    /// Writes `bytes` to `path` through a temporary file beside it. `durable` adds fsync of
    /// the file and the folder (for entries that cannot be recomputed).
    public func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = make(in: folder)
        defer { forget(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw FileError(path: temporary, reason: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { break }
            offset += written
        }
        let synced = !durable || fsync(fd) == 0
        close(fd)
        guard offset == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: path, reason: "cannot write it (disk full or read-only?): \(reason)")
        }
        if durable { Self.syncFolder(folder) }
    }

    public static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Removes temporary files in `folders` whose writing process is gone: another pid that is
    /// not running, or this pid in an earlier run.
    public static func removeOrphans(in folders: [String]) {
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where isOrphan(name) {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    static func isOrphan(_ name: String) -> Bool {
        guard name.hasPrefix(".partial-") else { return false }
        let parts = name.dropFirst(".partial-".count).split(separator: "-")
        guard let pid = parts.first.flatMap({ pid_t($0) }) else { return true }
        if pid == getpid() { return parts.count < 2 || parts[1] != run }
        return !(kill(pid, 0) == 0 || errno == EPERM)
    }
}
