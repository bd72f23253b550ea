import Foundation
import Synchronization

/// This process's temporary files, so a write is atomic (temporary file in the same folder,
/// then rename), and what is left over is removed: on close or Ctrl-C for our own, by the
/// next build for those of a process that was killed.
///
/// A name is `.partial-<pid>-<n>[-tag]`: the pid tells a later build whether the writer is
/// still running. The download cache and the rendition store share this.
public final class TemporaryFiles: Sendable {
    private let state = Mutex<(next: Int, paths: Set<String>)>((0, []))

    public init() {}

    /// A fresh name in `folder`, remembered until `forget` (or `removeAll`).
    public func make(in folder: String, tag: String? = nil) -> String {
        state.withLock { state in
            state.next += 1
            let path = "\(folder)/.partial-\(getpid())-\(state.next)" + (tag.map { "-\($0)" } ?? "")
            state.paths.insert(path)
            return path
        }
    }

    public func forget(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    public func removeAll() {
        let paths = state.withLock { state in
            defer { state.paths.removeAll() }
            return state.paths
        }
        for path in paths { unlink(path) }
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

    /// Removes temporary files in `folders` whose writing process is gone.
    public static func removeOrphans(in folders: [String]) {
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                guard let pid = owner(of: name), !isAlive(pid) else { continue }
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix(".partial-") else { return nil }
        return name.dropFirst(".partial-".count).split(separator: "-").first.flatMap { pid_t($0) }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
