import Foundation

/// One build at a time per cache folder (an exclusive `flock` on its `lock` file) and per
/// output folder (on the folder that holds it, since the output itself is replaced, and a
/// lock file beside it would be left in the user's folder).
///
/// The kernel releases the lock when the holder exits, however it exits (even SIGKILL),
/// so a stale lock file never blocks anyone.
public final class BuildLock {
    private let fd: Int32
    private var closed = false
    public let path: String

    public enum Failure: Error, CustomStringConvertible {
        case busy(path: String, holder: String?)
        case unavailable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .busy(path, holder):
                "another galgen build\(holder.map { " (pid \($0))" } ?? "") is using \(path); "
                    + "wait for it, or run without --no-wait to wait automatically"
            case let .unavailable(path, reason):
                "cannot lock \(path): \(reason)"
            }
        }
    }

    /// Takes the cache's lock, waiting (after calling `waiting`) unless `wait` is false.
    public static func acquire(cache: CacheFolder.Layout, wait: Bool, waiting: (String) -> Void) throws(Failure) -> BuildLock {
        try acquire(cache.lock, in: cache.root, subject: cache.root, wait: wait, waiting: waiting)
    }

    /// Takes the output folder's lock: on its parent folder (`SiteWriter.lockPath`).
    public static func acquire(output: String, wait: Bool, waiting: (String) -> Void) throws(Failure) -> BuildLock {
        let writer = SiteWriter(output: output)
        return try acquire(writer.lockPath, in: writer.lockPath, subject: writer.output, wait: wait, waiting: waiting)
    }

    /// `path`: a file (created, and the holder's pid written in it) or a folder. `subject`: what
    /// the lock guards, as messages name it.
    private static func acquire(_ path: String, in folder: String, subject: String, wait: Bool,
                                waiting: (String) -> Void) throws(Failure) -> BuildLock {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .unavailable(path: path, reason: (error as NSError).localizedDescription)
        }
        let isFolder = path == folder
        let fd = isFolder ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unavailable(path: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .unavailable(path: path, reason: reason)
            }
            let holder = Self.holder(fd)
            guard wait else {
                close(fd)
                throw .busy(path: isFolder ? "the output folder " + subject : path, holder: holder)
            }
            waiting("waiting for another galgen build\(holder.map { " (pid \($0))" } ?? "") to finish with \(subject)…")
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    throw .unavailable(path: path, reason: reason)
                }
            }
        }
        // Who holds it, for the message another build prints.
        if !isFolder {
            ftruncate(fd, 0)
            let pid = "\(getpid())\n"
            _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        }
        return BuildLock(fd: fd, path: path)
    }

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    private static func holder(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    public func release() {
        guard !closed else { return }
        closed = true
        flock(fd, LOCK_UN)
        close(fd)
    }

    deinit { release() }
}
