import CFileShim
import Foundation
import GalgenBuild
import GalgenCore
import Synchronization

/// The published originals (`viewer.originals`), as galgen checked them: a `ContentStore`
/// (`CacheFolder.Layout.originals`).
///
/// A photo is checked (its location, its digest) when it is rendered, but the site is written
/// later, and a photo replaced in between must not be published under the old one's name and
/// verdict. So each original is first cloned (or copied) into this store and hashed there: a
/// snapshot whose bytes are not the ones checked is refused, and the site is written from the
/// snapshot, which nothing else changes. A snapshot already kept is reused without reading it.
public final class OriginalSnapshots: Sendable {
    let files: ContentStore
    private let used = Mutex<Set<String>>([])

    /// The store in `folder`; `CacheFolder` opens the cache's.
    public init(folder: String, temporaries: TemporaryFiles) {
        files = ContentStore(folder: folder, temporaries: temporaries)
    }

    /// The snapshot of `path` whose SHA-256 is `digest`, and its size; throws when the file's
    /// bytes are no longer those (it changed since it was checked) or cannot be copied.
    public func snapshot(_ path: String, digest: String) throws -> OriginalSnapshot {
        used.withLock { _ = $0.insert(digest) }
        let kept = files.path(digest)
        if !files.verify(digest) {
            try FileManager.default.createDirectory(atPath: files.folder, withIntermediateDirectories: true)
            let temporary = files.newTemporary()
            guard galgen_clone_or_copy(path, temporary) == 0 else {
                let reason = String(cString: strerror(errno))
                files.temporaries.forget(temporary)
                throw FileError(path: path, reason: "cannot copy the original into the cache: \(reason)")
            }
            guard ContentStore.digest(ofFile: temporary) == digest else {
                unlink(temporary)
                files.temporaries.forget(temporary)
                throw FileError(path: path, reason: "the file changed while galgen was building, so its original is not the one "
                    + "that was checked and is not published; build again")
            }
            _ = try files.adopt(temporary, digest: digest)
        }
        guard let stamp = FileStamp.of(kept) else { throw FileError(path: kept, reason: "the original's copy in the cache vanished; build again") }
        return OriginalSnapshot(path: kept, byteCount: Int(stamp.size))
    }

    /// Removes the snapshots this build did not use, and saves their stamps.
    public func finish() throws {
        let used = used.withLock { $0 }
        if FileManager.default.fileExists(atPath: files.folder) { files.removeAll(except: used) }
        try files.saveStamps()
    }
}
