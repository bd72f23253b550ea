import Foundation
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
        var info = stat()
        // A first look, so a device is not even opened (opening some does something).
        if stat(path, &info) == 0, let kind = Self.kind(of: info), kind != .regular {
            throw FileError(path: path, reason: notRegular(kind, limit))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reason: reason(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, reason: reason(errno)) }
        if let kind = Self.kind(of: info), kind != .regular {
            throw FileError(path: path, reason: notRegular(kind, limit))
        }
        if let expected, (expected.inode, expected.device) != (UInt64(info.st_ino), UInt64(info.st_dev)) {
            throw FileError(path: path, reason: "it was replaced while galgen read it; build again")
        }
        let claimed = Int(info.st_size)
        guard claimed <= limit.bytes else { throw FileError(path: path, reason: tooLarge("\(claimed) bytes", limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(claimed + 1)
        do {
            while bytes.count <= limit.bytes {
                let wanted = min(1 << 20, limit.bytes + 1 - bytes.count)
                guard let chunk = try handle.read(upToCount: wanted), !chunk.isEmpty else { break }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw FileError(path: path, reason: "\(error.localizedDescription)")
        }
        guard bytes.count <= limit.bytes else { throw FileError(path: path, reason: tooLarge("over \(limit.shown)", limit)) }
        guard bytes.count == claimed else {
            throw FileError(path: path, reason: claimed == 0
                ? "its size is 0 but it has contents: a kernel file (/proc, /sys), not a file on disk; galgen reads \(limit.what) only from regular files"
                : "its size changed while galgen read it (\(claimed) bytes, then \(bytes.count)); build again once it is written")
        }
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
