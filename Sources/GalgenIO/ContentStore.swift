import Foundation
import GalgenCore
import GalgenHash
import Synchronization

/// Files named by the SHA-256 of their bytes, in one folder: the download cache's bodies and
/// the rendered images both live in one of these.
///
/// A file appears by rename of a complete temporary file, so a reader never sees half of one.
/// Integrity is checked one way for every kind of file: the file's stamp (size, modification
/// time, inode) is recorded when it is written or verified; a file whose stamp is unchanged is
/// trusted, any other is hashed again and must match its name. The stamps are kept in a small
/// text file beside the folder, saved by `saveStamps()`.
public final class ContentStore: Sendable {
    public let folder: String
    let temporaries: TemporaryFiles
    private let stampFile: StampFile
    private let stamps = Mutex<Stamps?>(nil)

    private struct Stamps {
        var byDigest: [String: FileStamp]
        var changed = false
    }

    /// `stamps`: where its stamps file is (by default beside the folder, `stampsPath(of:)`).
    public init(folder: String, stamps: String? = nil, temporaries: TemporaryFiles = TemporaryFiles()) {
        self.folder = folder
        self.temporaries = temporaries
        self.stampFile = StampFile(path: stamps ?? Self.stampsPath(of: folder))
    }

    /// The file for `digest`, named by it and `suffix` (none for downloads and snapshots; a
    /// rendition is named with its format's suffix, `.avif`).
    public func path(_ digest: String, suffix: String = "") -> String { folder + "/" + digest + suffix }

    /// The stamps file of the store in `folder`: beside it, `<folder>.stamps`.
    public static func stampsPath(of folder: String) -> String { folder + ".stamps" }

    /// Whether the file for `digest` is there with exactly the bytes its name says.
    public func verify(_ digest: String, suffix: String = "") -> Bool {
        guard let current = FileStamp.of(path(digest, suffix: suffix)) else { return false }
        if let known = withStamps({ $0.byDigest[digest] }), known.sameContents(as: current) { return true }
        guard Self.digest(ofFile: path(digest, suffix: suffix)) == digest else { return false }
        record(digest, current)
        return true
    }

    /// Writes `bytes` under their digest, unless an intact copy is there already; returns the path.
    /// `durable` adds fsync (for files that cannot be made again).
    @discardableResult
    public func put(_ bytes: [UInt8], digest: String, suffix: String = "", durable: Bool) throws -> String {
        let destination = path(digest, suffix: suffix)
        if verify(digest, suffix: suffix) { return destination }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try temporaries.writeAtomically(bytes, to: destination, durable: durable)
        if let stamp = FileStamp.of(destination) { record(digest, stamp) }
        return destination
    }

    /// A fresh temporary file in the folder, for bytes that stream in (`adopt` it when complete).
    public func newTemporary() -> String {
        temporaries.make(in: folder)
    }

    /// Moves a complete temporary file in under its digest; returns the path.
    public func adopt(_ temporary: String, digest: String, suffix: String = "") throws -> String {
        let destination = path(digest, suffix: suffix)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { temporaries.forget(temporary) }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: destination, reason: reason)
        }
        TemporaryFiles.syncFolder(folder)
        if let stamp = FileStamp.of(destination) { record(digest, stamp) }
        return destination
    }

    /// Removes every stored file but those named in `kept` (a digest and its suffix: a file of
    /// a kept digest under another suffix goes too), and temporary files of dead processes.
    public func removeAll(except kept: Set<String>) {
        TemporaryFiles.removeOrphans(in: [folder])
        // The names as the folder holds them (no Foundation listing: a merge's store holds 20,000).
        for bytes in DirectoryNames.read(folder) ?? [] where bytes.first != UInt8(ascii: ".") {
            let name = String(decoding: bytes, as: UTF8.self)
            if !kept.contains(name) { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
        }
        // A digest has no dot; what follows its first is the suffix.
        let digests = Set(kept.map { name in String(name.utf8.prefix { $0 != UInt8(ascii: ".") })! })
        withStamps { stamps in
            let known = stamps.byDigest.filter { digests.contains($0.key) }
            if known.count != stamps.byDigest.count {
                stamps.byDigest = known
                stamps.changed = true
            }
        }
    }

    /// Writes the stamps file if a stamp was recorded since it was read.
    public func saveStamps() throws {
        let changed: [String: FileStamp]? = withStamps { stamps in
            guard stamps.changed else { return nil }
            stamps.changed = false
            return stamps.byDigest
        }
        if let changed { try stampFile.write(changed, temporaries: temporaries) }
    }

    // MARK: Helpers

    private func record(_ digest: String, _ stamp: FileStamp) {
        withStamps { $0.byDigest[digest] = stamp; $0.changed = true }
    }

    /// Reads the stamps file on another thread, so it overlaps with other start-up work.
    public func prefetch() {
        DispatchQueue.global().async { self.withStamps { _ in } }
    }

    private func withStamps<R>(_ body: (inout Stamps) -> R) -> R {
        stamps.withLock { stamps in
            if stamps == nil { stamps = Stamps(byDigest: stampFile.load()) }
            return body(&stamps!)
        }
    }

    /// The SHA-256 of a file, read in 256 KB pieces; nil when it cannot be read. With `open` and
    /// `read` into one buffer: a `FileHandle` and a `Data` per piece cost more than hashing a
    /// small rendition (a merge verifies every one it takes from the shards).
    public static func digest(ofFile path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hasher = SHA256Hasher()
        let size = 1 << 18
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, size)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return ContentHash.hex(digest: hasher.finalize())
    }
}
