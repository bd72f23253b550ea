import Foundation
import GalgenIO
import Hummingbird
import Logging
import NIOCore

/// Hummingbird's `LocalFileSystem`, confined to the site folder. `FileMiddleware` still does all
/// of HTTP (ETag, 304, Range, types); this only says what a path is and hands over its bytes.
///
/// - A path whose real location (symlinks resolved) is outside the folder does not exist, and
///   the resolved path is the one opened, so what is checked is what is served. Every request
///   resolves its path again: a file replaced by a symlink to outside is refused at once.
/// - A small file is read whole through the descriptor its attributes come from, so the headers
///   always describe the body, even while a rebuild replaces the file. Larger files are
///   streamed by `LocalFileSystem`.
/// - The ETag changes whenever the file does (`FileAttributes.init`).
struct ConfinedFileSystem: FileProvider {
    /// One request's file: its real path, what `stat` said about it and, for a small regular
    /// file, the bytes that very `stat` describes.
    struct FileIdentifier: Sendable {
        var path: String
        var info: stat
        var contents: ByteBuffer?
    }

    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    let root: String
    /// Files up to this size are read whole (a page must be whole anyway, to add the script).
    let wholeFileLimit: Int
    private let files: LocalFileSystem

    init(root: String, wholeFileLimit: Int = 2 << 20) {
        self.root = root
        self.wholeFileLimit = wholeFileLimit
        self.files = LocalFileSystem(
            rootFolder: root, threadPool: .singleton, logger: Logger(label: "galgen.serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// Nil when there is no such file or folder, or when its real path is outside the folder
    /// (whose own real path is looked up each time too: a rebuild replaces it).
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        guard let full = files.getFileIdentifier(path), let real = Self.realPath(full),
              let realRoot = Self.realPath(root), Self.isInside(real, root: realRoot)
        else { return nil }
        return Self.inspect(real, wholeFileLimit: wholeFileLimit)
    }

    /// Folders and regular files only: nothing else in the folder is served.
    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        switch id.info.st_mode & S_IFMT {
        case S_IFDIR: FileAttributes(id.info, isFolder: true)
        case S_IFREG: FileAttributes(id.info, isFolder: false)
        default: nil
        }
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        if let bytes = id.contents { return ResponseBody(byteBuffer: bytes) }
        return try await files.loadFile(id: id.path, context: context)
    }

    /// The range is inside the file as `ByteRangeMiddleware` saw it; clamped again here in case it shrank since.
    func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        if let bytes = id.contents {
            let lower = max(0, range.lowerBound), upper = min(range.upperBound, bytes.readableBytes - 1)
            return ResponseBody(byteBuffer: bytes.getSlice(at: bytes.readerIndex + lower, length: max(0, upper - lower + 1)) ?? ByteBuffer())
        }
        return try await files.loadFile(id: id.path, range: range, context: context)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

extension ConfinedFileSystem {
    /// What is at `path` now: a folder, or a regular file (with its bytes, when it is small).
    static func inspect(_ path: String, wholeFileLimit: Int) -> FileIdentifier? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= wholeFileLimit else {
            return FileIdentifier(path: path, info: info, contents: nil)
        }
        return readWhole(path, wholeFileLimit: wholeFileLimit)
    }

    /// A whole small file, with the `fstat` of the very file read; nil when it cannot be read whole.
    static func readWhole(_ path: String, wholeFileLimit: Int) -> FileIdentifier? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        // Replaced by something else since the `stat`: described, not read.
        guard info.st_mode & S_IFMT == S_IFREG, size <= wholeFileLimit else { return FileIdentifier(path: path, info: info, contents: nil) }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let done = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { pointer in
            var done = 0
            while done < size {
                let count = Foundation.read(descriptor, pointer.baseAddress! + done, size - done)
                guard count > 0 else { break }
                done += count
            }
            return done
        }
        return done == size ? FileIdentifier(path: path, info: info, contents: buffer) : nil
    }
}

extension ConfinedFileSystem.FileAttributes {
    /// `FileMiddleware` makes its ETag from the modification date and the size, and its
    /// Last-Modified from the date's whole seconds. File times move in clock ticks of a few
    /// milliseconds, so a rebuild can replace a file within one tick at the same size; the
    /// date's fraction of a second is therefore taken from the file's identity (inode, change
    /// and modification times) instead, and the ETag changes whenever the file does.
    init(_ info: stat, isFolder: Bool) {
        let stamp = FileStamp(info)
        var hasher = FNV1a()
        for value in [Int64(bitPattern: stamp.inode), stamp.modified, stamp.changed, Int64(bitPattern: stamp.device)] { hasher.add(value) }
        let fraction = Double(hasher.value >> 11) / Double(1 << 53)
        let seconds = stamp.modified / 1_000_000_000
        self.init(isFolder: isFolder, size: Int(info.st_size),
                  modificationDate: Date(timeIntervalSince1970: Double(seconds) + fraction * 0.999))
    }
}

/// A small stable hash (Swift's `Hasher` is seeded per process, which would change every ETag on restart).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ number: Int64) {
        withUnsafeBytes(of: number.littleEndian) { bytes in
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x100_0000_01b3
            }
        }
    }
}
