import Foundation
import GalgenBuild
import GalgenCore

/// Reading files, with errors that say what went wrong in plain words.
public enum FileSystem {
    /// The whole of a regular file, at most `limit.bytes` long.
    ///
    /// Anything else is refused before it is read: a FIFO (opened without blocking, so a
    /// named pipe with no writer cannot hang the build), a device (`/dev/zero` cannot fill
    /// memory), a socket or a folder. The checks are made on the opened file itself (`fstat`),
    /// so a file swapped for another after a first look is still checked; `sameFileAs` also
    /// requires the very file (device and inode) looked at earlier. No more than
    /// `limit.bytes + 1` bytes are read, so a file that grows while it is read, or a kernel file
    /// (`/proc`, `/sys`) that claims another size than it has, cannot blow memory either; such a
    /// file is refused.
    public static func read(_ path: String, limit: ReadLimit, sameFileAs expected: FileStamp? = nil) throws -> [UInt8] {
        try stamped(path, limit: limit, sameFileAs: expected).bytes
    }

    /// `read`, with the stamp of the file it read (its `fstat` as it was opened).
    public static func stamped(_ path: String, limit: ReadLimit, sameFileAs expected: FileStamp? = nil) throws
        -> (bytes: [UInt8], stamp: FileStamp) {
        let (descriptor, info) = try openRegular(path, limit)
        defer { close(descriptor) }
        if let expected, (expected.inode, expected.device) != (UInt64(info.st_ino), UInt64(info.st_dev)) {
            throw FileError(path: path, reason: "it was replaced while galgen read it; build again")
        }
        let claimed = Int(info.st_size)
        guard claimed <= limit.bytes else { throw FileError(path: path, reason: tooLarge("\(claimed) bytes", limit)) }
        // One byte more than the size claimed, so a file that grew is noticed; read(2) straight into
        // the array (Foundation's FileHandle reads 4 KB at a time and copies them once more).
        var bytes = try readUp(descriptor, path, count: claimed + 1)
        // More than it claimed (a kernel file claims 0): on, up to the cap and one byte.
        while bytes.count > claimed && bytes.count <= limit.bytes {
            let more = try readUp(descriptor, path, count: min(1 << 20, limit.bytes + 1 - bytes.count))
            if more.isEmpty { break }
            bytes += more
        }
        guard bytes.count <= limit.bytes else { throw FileError(path: path, reason: tooLarge("over \(limit.shown)", limit)) }
        guard bytes.count == claimed else {
            throw FileError(path: path, reason: claimed == 0
                ? "its size is 0 but it has contents: a kernel file (/proc, /sys), not a file on disk; galgen reads \(limit.what) only from regular files"
                : "its size changed while galgen read it (\(claimed) bytes, then \(bytes.count)); build again once it is written")
        }
        return (bytes, FileStamp(info))
    }

    /// The first `count` bytes (or fewer, in a shorter file) of a regular file, with the same
    /// checks as `read`, and its size: enough to tell its format without reading it whole.
    public static func start(of path: String, count: Int, limit: ReadLimit) throws -> (bytes: [UInt8], size: Int) {
        let (descriptor, info) = try openRegular(path, limit)
        defer { close(descriptor) }
        return (try readUp(descriptor, path, count: count), Int(info.st_size))
    }

    /// `path` opened for reading, with its `fstat`, when it is a regular file: looked at first, so
    /// a device is not even opened (opening some does something), then checked again on the opened
    /// descriptor (without blocking, so a FIFO with no writer cannot hang). The caller closes it.
    private static func openRegular(_ path: String, _ limit: ReadLimit) throws -> (descriptor: Int32, info: stat) {
        var info = stat()
        if stat(path, &info) == 0, let kind = Self.kind(of: info), kind != .regular {
            throw FileError(path: path, reason: notRegular(kind, limit))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reason: reason(errno)) }
        guard fstat(descriptor, &info) == 0 else {
            let failure = errno
            close(descriptor)
            throw FileError(path: path, reason: reason(failure))
        }
        if let kind = Self.kind(of: info), kind != .regular {
            close(descriptor)
            throw FileError(path: path, reason: notRegular(kind, limit))
        }
        return (descriptor, info)
    }

    /// Up to `count` bytes from `descriptor`, from where it is or, `at` an offset, from there
    /// (`pread`, the descriptor's position unmoved): fewer only at the end of the file.
    static func readUp(_ descriptor: Int32, _ path: String, count wanted: Int, at offset: Int? = nil) throws -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = if let offset {
                    pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(offset + count))
                } else {
                    Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                }
                if got > 0 { count += got; continue }
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                break
            }
        }
        if failure != 0 { throw FileError(path: path, reason: reason(failure)) }
        return bytes
    }

    enum Kind: String {
        case regular = "a regular file"
        case folder = "a folder"
        case fifo = "a FIFO (named pipe)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case symlink = "a symlink"
    }

    static func kind(of info: stat) -> Kind? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .symlink
        default: nil
        }
    }

    private static func notRegular(_ kind: Kind, _ limit: ReadLimit) -> String {
        "not a regular file but \(kind.rawValue); galgen reads \(limit.what) only from regular files"
    }

    private static func tooLarge(_ size: String, _ limit: ReadLimit) -> String {
        "too large (\(size)); galgen reads \(limit.what) of at most \(limit.shown)"
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a folder on its path is a file"
        case ELOOP: "too many levels of symlinks"
        default: String(cString: strerror(code))
        }
    }
}

public struct FileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(reason) (\(path))" }
}
