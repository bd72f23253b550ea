import Foundation
import Hummingbird
import Logging
import NIOPosix
import Synchronization

/// Hummingbird's `LocalFileSystem`, confined to the site folder: a path whose real location
/// (symlinks resolved) is outside the folder, or that names a hidden file, does not exist.
///
/// Modification times keep their nanoseconds, so `FileMiddleware`'s ETag changes when a rebuild
/// replaces a file within the same second and at the same size.
final class ConfinedFileSystem: FileProvider {
    typealias FileIdentifier = String
    typealias FileAttributes = Attributes

    struct Attributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    let root: String
    private let files: LocalFileSystem
    private let knownRoot = Mutex<String?>(nil)

    init(root: String) {
        self.root = root
        self.files = LocalFileSystem(
            rootFolder: root, threadPool: .singleton, logger: Logger(label: "galgen.serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// The file's real path (symlinks resolved), so what is checked is what is opened; nil when
    /// that is outside the folder. A missing file keeps its plain path and is then not found.
    func getFileIdentifier(_ path: String) -> String? {
        guard let full = files.getFileIdentifier(path) else { return nil }
        guard let real = Self.realPath(full) else { return full }
        guard let realRoot = realRoot(), Self.isInside(real, root: realRoot) else { return nil }
        return real
    }

    func getAttributes(id path: String) async throws -> Attributes? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        guard type == S_IFDIR || type == S_IFREG else { return nil }
        let time = info.modificationTime
        return Attributes(
            isFolder: type == S_IFDIR, size: Int(info.st_size),
            modificationDate: Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9))
    }

    /// The folder's real path, found once it exists (a rebuild replaces the folder at the same path).
    private func realRoot() -> String? {
        if let known = knownRoot.withLock({ $0 }) { return known }
        let real = Self.realPath(root)
        knownRoot.withLock { $0 = real }
        return real
    }

    func loadFile(id path: String, context: some RequestContext) async throws -> ResponseBody {
        try await files.loadFile(id: path, context: context)
    }

    func loadFile(id path: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await files.loadFile(id: path, range: range, context: context)
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

extension stat {
    var modificationTime: timespec {
        #if os(Linux)
        st_mtim
        #else
        st_mtimespec
        #endif
    }
}
