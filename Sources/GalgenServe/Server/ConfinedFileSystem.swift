import Foundation
import GalgenIO
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Hummingbird's `LocalFileSystem`, confined to the site folder and with small files kept in
/// memory. `FileMiddleware` still does all of HTTP (ETag, 304, Range, types); this only says
/// what a path is and hands over its bytes.
///
/// - A path whose real location (symlinks resolved) is outside the folder does not exist, and
///   the resolved path is the one opened, so what is checked is what is served.
/// - A small file's bytes are read with the same `fstat` its attributes come from, so the
///   headers always describe the body, even while a rebuild replaces the file.
/// - Modification times keep their nanoseconds, so the ETag changes when a rebuild replaces
///   a file within the same second and at the same size.
final class ConfinedFileSystem: FileProvider {
    /// One request's file: its real path and, once its attributes are read, the bytes they describe.
    final class FileIdentifier: Sendable {
        let path: String
        /// What `stat` said when the path was checked (nil: missing).
        let info: stat?
        let contents = Mutex<ByteBuffer?>(nil)

        init(path: String, info: stat?) {
            self.path = path
            self.info = info
        }
    }

    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    let root: String
    private let files: LocalFileSystem
    private let knownRoot = Mutex<String?>(nil)
    /// Paths found inside the folder, with the file each led to.
    private let verified = SharedTable<FileStamp>(limit: 65536)
    private let cache: FileCache

    init(root: String, cache: FileCache = FileCache()) {
        self.root = root
        self.cache = cache
        self.files = LocalFileSystem(
            rootFolder: root, threadPool: .singleton, logger: Logger(label: "galgen.serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// Nil when the real path is outside the folder; a missing file keeps its plain path (and is then not found).
    ///
    /// Resolving symlinks costs a system call per path component, so a path once found inside
    /// is remembered with the identity of the file it led to (device, inode, size, times); while
    /// one `stat` of the path still finds that very file, it is not resolved again. Moving a
    /// file or replacing it changes its change time, and a symlink leads to another inode.
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        guard let full = files.getFileIdentifier(path) else { return nil }
        var info = stat()
        guard stat(full, &info) == 0 else { return FileIdentifier(path: full, info: nil) }
        let stamp = FileStamp(info)
        if verified[full] == stamp { return FileIdentifier(path: full, info: info) }
        guard let real = Self.realPath(full), let realRoot = realRoot(), Self.isInside(real, root: realRoot) else { return nil }
        var resolved = stat()
        // Only what is still the same file at its real path is remembered.
        if stat(real, &resolved) == 0, FileStamp(resolved) == stamp { verified.keep(stamp, for: full) }
        return FileIdentifier(path: real, info: info)
    }

    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        guard let info = id.info else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return FileAttributes(info, isFolder: true)
        case S_IFREG where Int(info.st_size) <= cache.largestFile:
            if let bytes = cache.contents(of: id.path, FileStamp(info)) {
                id.contents.withLock { $0 = bytes }
                return FileAttributes(info, isFolder: false)
            }
            guard let (opened, bytes) = Self.read(id.path) else { return nil }
            cache.keep(bytes, of: id.path, FileStamp(opened))
            id.contents.withLock { $0 = bytes }
            return FileAttributes(opened, isFolder: false)
        case S_IFREG:
            return FileAttributes(info, isFolder: false)
        default:
            return nil
        }
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        if let bytes = id.contents.withLock({ $0 }) { return ResponseBody(byteBuffer: bytes) }
        return try await files.loadFile(id: id.path, context: context)
    }

    /// FileMiddleware has clamped the range to the file.
    func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        if let bytes = id.contents.withLock({ $0 }) {
            let lower = max(0, range.lowerBound), upper = min(range.upperBound, bytes.readableBytes - 1)
            return ResponseBody(byteBuffer: bytes.getSlice(at: bytes.readerIndex + lower, length: max(0, upper - lower + 1)) ?? ByteBuffer())
        }
        return try await files.loadFile(id: id.path, range: range, context: context)
    }

    /// A page's file: its path and identity, which change whenever the file is replaced or edited.
    struct PageFile: Equatable, Sendable {
        var path: String
        var stamp: FileStamp
    }

    /// Which file a page path is (a folder path ending in "/" is its index.html); nil when there is none.
    func identity(ofPage path: String) -> PageFile? {
        guard let id = getFileIdentifier(path), let info = id.info else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return PageFile(path: id.path, stamp: FileStamp(info))
        case S_IFDIR where path.hasSuffix("/"):
            return identity(ofPage: path + "index.html")
        default:
            return nil
        }
    }

    /// The folder's real path, found once it exists (a rebuild replaces the folder at the same path).
    private func realRoot() -> String? {
        if let known = knownRoot.withLock({ $0 }) { return known }
        let real = Self.realPath(root)
        knownRoot.withLock { $0 = real }
        return real
    }

    /// A whole small file and the `fstat` of the very file read.
    static func read(_ path: String) -> (stat, ByteBuffer)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let complete = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { pointer in
            var done = 0
            while done < size {
                let count = Foundation.read(descriptor, pointer.baseAddress! + done, size - done)
                guard count > 0 else { break }
                done += count
            }
            return done
        } == size
        return complete ? (info, buffer) : nil
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
        self.init(isFolder: isFolder, size: Int(info.st_size),
                  modificationDate: Date(timeIntervalSince1970: Double(info.modificationTime.tv_sec) + fraction * 0.999))
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

/// Small site files in memory, each under the `FileStamp` of the file it was read from, so a
/// replaced file is never served stale.
final class FileCache: Sendable {
    private struct Entries {
        var files: [String: (stamp: FileStamp, bytes: ByteBuffer)] = [:]
        var total = 0
    }

    let largestFile: Int
    let capacity: Int
    private let entries = Mutex(Entries())

    init(largestFile: Int = 2 << 20, capacity: Int = 128 << 20) {
        self.largestFile = largestFile
        self.capacity = capacity
    }

    func contents(of path: String, _ stamp: FileStamp) -> ByteBuffer? {
        entries.withLock { entries in
            guard let entry = entries.files[path], entry.stamp == stamp else { return nil }
            return entry.bytes
        }
    }

    /// Keeps a file, making room by dropping others (whichever come first: a preview server's
    /// site mostly fits).
    func keep(_ bytes: ByteBuffer, of path: String, _ stamp: FileStamp) {
        guard bytes.readableBytes <= largestFile else { return }
        entries.withLock { entries in
            if let old = entries.files.removeValue(forKey: path) { entries.total -= old.bytes.readableBytes }
            while entries.total + bytes.readableBytes > capacity, let victim = entries.files.first {
                entries.files.removeValue(forKey: victim.key)
                entries.total -= victim.value.bytes.readableBytes
            }
            entries.files[path] = (stamp, bytes)
            entries.total += bytes.readableBytes
        }
    }
}
