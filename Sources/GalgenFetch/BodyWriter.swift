import Crypto
import Foundation
import GalgenCore

/// A body being downloaded: appended chunk by chunk to a temporary file, hashed as it goes.
/// Either `finish` moves it into the cache or `discard` deletes it; nothing partial is kept.
public final class BodyWriter {
    let path: String
    private let handle: FileHandle
    private let cache: DiskCache
    private var hasher = SHA256()
    public private(set) var size = 0

    init(path: String, handle: FileHandle, cache: DiskCache) {
        self.path = path
        self.handle = handle
        self.cache = cache
    }

    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        try handle.write(contentsOf: Data(bytes))
        size += bytes.count
    }

    /// Flushes to disk and moves the body into place; returns its digest and path.
    public func finish(transient: Bool) throws -> (digest: String, path: String) {
        try handle.synchronize()
        try handle.close()
        let digest = ContentHash.hex(digest: hasher.finalize())
        return (digest, try cache.keep(self, digest: digest, transient: transient))
    }

    public func discard() {
        try? handle.close()
        unlink(path)
        cache.temporaries.forget(path)
    }
}
