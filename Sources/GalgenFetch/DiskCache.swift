import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO

/// The download cache on disk, in the cache folder's `bodies/`, `index/` and `transient/`
/// (`CacheFolder.Layout`): bodies named by their content digest, one JSON `CacheEntry` per URL
/// named by the URL's SHA-256, and no-store bodies only for the build that fetched them.
///
/// Bodies are a `ContentStore` (checked the way renditions are). Every file appears by rename
/// of a fully written, fsynced temporary file in the same folder, so a reader never sees half a
/// file. Temporary names carry the writer's process id, so files left by a killed build are
/// recognised and removed.
public final class DiskCache: Sendable {
    public let root: String
    let temporaries = TemporaryFiles()
    let bodyStore: ContentStore

    let layout: CacheFolder.Layout

    /// Nothing is created until `prepare()`: a gallery of local files leaves no cache folder.
    /// `shard`: a build of one shard keeps its bodies' stamps in its own folder (`Layout.stamps(of:)`).
    public init(root: String, shard: Shard? = nil) {
        self.root = root
        layout = CacheFolder.Layout(root: root, shard: shard)
        self.bodyStore = ContentStore(folder: layout.bodies, stamps: layout.stamps(of: layout.bodies), temporaries: temporaries)
    }

    /// Creates the folders and removes what killed builds left behind.
    public func prepare() throws {
        for folder in [bodies, index, transient] {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CacheError.cannotWrite(path: folder, reason: (error as NSError).localizedDescription)
            }
        }
        removeOrphans()
    }

    var bodies: String { layout.bodies }
    var index: String { layout.downloadIndex }
    var transient: String { layout.transient }

    public func bodyPath(_ digest: String) -> String { bodyStore.path(digest) }

    func indexPath(_ url: String) -> String { index + "/" + ContentHash.hex(Array(url.utf8)) + ".json" }

    // MARK: Reading

    /// The entry for a URL, checked against its body: a body that is missing or whose
    /// bytes are not those of the recorded digest makes the entry corrupt.
    public func lookup(_ url: String) -> CacheLookup {
        guard let data = FileManager.default.contents(atPath: indexPath(url)),
              let entry = try? Self.decoder.decode(CacheEntry.self, from: data)
        else { return .missing }
        return bodyStore.verify(entry.digest) ? .intact(entry) : .corrupt(entry)
    }

    // MARK: Writing

    /// A new body, written to a temporary file as it streams in.
    public func newBody() throws -> BodyWriter {
        let path = bodyStore.newTemporary()
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else {
            temporaries.forget(path)
            throw CacheError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        return BodyWriter(path: path, handle: handle, cache: self)
    }

    /// Moves a finished body into place under its digest (or into `transient/` for a
    /// no-store response, which is removed when the fetcher closes).
    func keep(_ writer: BodyWriter, digest: String, transient keepTransient: Bool) throws -> String {
        guard keepTransient else {
            do {
                let path = try bodyStore.adopt(writer.path, digest: digest)
                try? bodyStore.saveStamps()
                return path
            } catch let error as FileError {
                throw CacheError.cannotWrite(path: error.path, reason: error.reason)
            }
        }
        let destination = temporaries.make(in: transient, tag: digest)
        if rename(writer.path, destination) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: writer.path)
            temporaries.forget(writer.path)
            throw CacheError.cannotWrite(path: destination, reason: reason)
        }
        temporaries.forget(writer.path)
        TemporaryFiles.syncFolder(transient)
        return destination
    }

    /// Records (or replaces) the entry for a URL, atomically.
    public func store(_ entry: CacheEntry, for url: String) throws {
        let data = try Self.encoder.encode(entry)
        do {
            try temporaries.writeAtomically(Array(data), to: indexPath(url), durable: true)
        } catch let error as FileError {
            throw CacheError.cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Forgets a URL (a no-store response replacing what was cached).
    public func remove(_ url: String) {
        try? FileManager.default.removeItem(atPath: indexPath(url))
    }

    // MARK: Clean-up

    /// Removes this process's temporary and transient files: on close and on Ctrl-C.
    public func removeTemporaryFiles() {
        temporaries.removeAll()
    }

    /// Removes temporary files whose writing process is gone (killed mid-download).
    func removeOrphans() {
        TemporaryFiles.removeOrphans(in: [bodies, index, transient])
    }

    // MARK: Helpers

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

public enum CacheError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path) in the download cache: \(reason)"
        }
    }
}
