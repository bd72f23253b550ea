import Foundation
import GalgenCore
import Synchronization

/// The live `RenditionStore`: rendered JPEGs in `<cache>/renditions/<sha256>.jpg` and a
/// manifest, `<cache>/manifest.json`, mapping
///
/// - each source path to the size, modification time and inode it had when it was
///   hashed, and its digest (so an unchanged file is not read again), and
/// - each rendition key (source digest + settings) to the rendered image, without bytes.
///
/// Files appear by rename of a complete temporary file; the manifest is replaced the same
/// way at the end of a build, so a killed build leaves the previous manifest intact.
public final class DiskRenditionStore: Sendable {
    public let root: String
    private let state: Mutex<Manifest?> = Mutex(nil)
    private let temporaries = TemporaryFiles()
    /// Set when this build changed the manifest; a no-op build does not rewrite it.
    private let changed = Mutex(false)
    private let usedSources = Mutex<Set<String>>([])

    struct Manifest: Codable {
        static let currentVersion = 2
        var version = Manifest.currentVersion
        var sources: [String: SourceStamp] = [:]
        var images: [String: RenderedImage] = [:]
        /// Page key → the page's file in the site, for the page cache.
        var pages: [String: PageRecord] = [:]
    }

    struct PageRecord: Codable, Equatable {
        var path: String
        var digest: String
        var byteCount: Int
    }

    struct SourceStamp: Codable, Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
        var digest: String
    }

    /// The site folder, where cached pages are found.
    public let output: String?
    private let usedPages = Mutex<Set<String>>([])

    public init(root: String, output: String? = nil) {
        self.root = root
        self.output = output
    }

    public var pageCache: PageCache {
        PageCache(lookup: lookupPage, keep: keepPage)
    }

    func lookupPage(_ key: String, _ path: String) -> OutputFile? {
        guard let output, let record = withManifest({ $0.pages[key] }), record.path == path else { return nil }
        var info = stat()
        guard stat(output + "/" + path, &info) == 0, Int(info.st_size) == record.byteCount else { return nil }
        usedPages.withLock { _ = $0.insert(key) }
        return OutputFile(path: path, file: output + "/" + path, digest: record.digest, byteCount: record.byteCount)
    }

    func keepPage(_ key: String, _ file: OutputFile) {
        withManifest { $0.pages[key] = PageRecord(path: file.path, digest: file.digest, byteCount: file.byteCount) }
        usedPages.withLock { _ = $0.insert(key) }
        changed.withLock { $0 = true }
    }

    /// Starts reading the manifest on another thread, so it overlaps with parsing gallery.yml.
    public func prefetch() {
        DispatchQueue.global().async { self.withManifest { _ in } }
    }

    var renditions: String { root + "/renditions" }
    var manifestPath: String { root + "/manifest.json" }

    public func path(_ digest: String) -> String { renditions + "/" + digest + ".jpg" }

    public var store: RenditionStore {
        RenditionStore(lookup: lookup, keep: keep, finish: finish)
    }

    private func withManifest<R>(_ body: (inout Manifest) throws -> R) rethrows -> R {
        try state.withLock { manifest in
            if manifest == nil { manifest = loadManifest() }
            return try body(&manifest!)
        }
    }

    /// Kept renditions are decoded as `.stored` at their path in this store.
    private var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[RenditionLocator.key] = RenditionLocator(path: path)
        return decoder
    }

    private func loadManifest() -> Manifest {
        guard let data = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? decoder.decode(Manifest.self, from: data),
              manifest.version == Manifest.currentVersion
        else { return Manifest() }
        return manifest
    }

    // MARK: RenditionStore

    public func digest(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Let the file reader say what is wrong, in the words it always uses.
            _ = try FileSystem.read(path)
            throw FileError(path: path, reason: String(cString: strerror(errno)))
        }
        let stamp = SourceStamp(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                inode: UInt64(info.st_ino), digest: "")
        usedSources.withLock { _ = $0.insert(path) }
        if let known = withManifest({ $0.sources[path] }),
           (known.size, known.modified, known.inode) == (stamp.size, stamp.modified, stamp.inode) {
            return known.digest
        }
        let digest = ContentHash.hex(try FileSystem.read(path))
        withManifest { $0.sources[path] = SourceStamp(size: stamp.size, modified: stamp.modified, inode: stamp.inode, digest: digest) }
        changed.withLock { $0 = true }
        return digest
    }

    public func lookup(_ key: String) -> RenderedImage? {
        guard let image = withManifest({ $0.images[key] }) else { return nil }
        var info = stat()
        let complete = image.renditions.allSatisfy { stat(path($0.digest), &info) == 0 && Int(info.st_size) == $0.byteCount }
        return complete ? image : nil
    }

    public func keep(_ key: String, _ image: RenderedImage) throws -> RenderedImage {
        try FileManager.default.createDirectory(atPath: renditions, withIntermediateDirectories: true)
        var kept = image
        for (index, rendition) in kept.renditions.enumerated() {
            let destination = path(rendition.digest)
            if case let .inMemory(bytes) = rendition.content, !FileManager.default.fileExists(atPath: destination) {
                // Not fsynced: a rendition lost to a crash is rendered again.
                try temporaries.writeAtomically(bytes, to: destination, durable: false)
            }
            kept.renditions[index] = rendition.stored(at: destination)
        }
        withManifest { $0.images[key] = kept }
        changed.withLock { $0 = true }
        return kept
    }

    /// Keeps the entries this build used, removes the rest and their files, saves the manifest.
    public func finish(_ used: Set<String>) throws {
        let sources = usedSources.withLock { $0 }, pages = usedPages.withLock { $0 }
        let (manifest, pruned) = withManifest { manifest -> (Manifest, Bool) in
            let before = [manifest.images.count, manifest.sources.count, manifest.pages.count]
            manifest.images = manifest.images.filter { used.contains($0.key) }
            manifest.sources = manifest.sources.filter { sources.contains($0.key) }
            manifest.pages = manifest.pages.filter { pages.contains($0.key) }
            return (manifest, before != [manifest.images.count, manifest.sources.count, manifest.pages.count])
        }
        // Nothing kept, nothing new, nothing pruned: the manifest and the store are as they were.
        guard pruned || changed.withLock({ $0 }) || !FileManager.default.fileExists(atPath: manifestPath) else { return }
        // Half-written files of a killed build. Such a build never saved its manifest, so this
        // build had work to do and gets here.
        TemporaryFiles.removeOrphans(in: [root, renditions])
        let wanted = Set(manifest.images.values.flatMap { $0.renditions.map { $0.digest + ".jpg" } })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: renditions)) ?? []
        where name.hasSuffix(".jpg") && !wanted.contains(name) {
            try? FileManager.default.removeItem(atPath: renditions + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(manifest))
        // Unchanged: leave the file alone (a no-op build writes nothing it does not have to).
        if let current = FileManager.default.contents(atPath: manifestPath), Array(current) == bytes { return }
        try temporaries.writeAtomically(bytes, to: manifestPath, durable: false)
    }
}
