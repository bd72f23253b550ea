import Foundation
import GalgenCore
import GalgenHash

/// A body being downloaded: appended chunk by chunk to a temporary file, hashed as it goes.
/// Either `finish` moves it into the cache or `discard` deletes it; nothing partial is kept.
public final class BodyWriter {
    let path: String
    private let handle: FileHandle
    private let cache: DiskCache
    private var hasher = SHA256Hasher()
    public private(set) var size = 0

    init(path: String, handle: FileHandle, cache: DiskCache) {
        self.path = path
        self.handle = handle
        self.cache = cache
    }

    /// Throws `CacheError.cannotWrite` with the system's reason ("No space left on device"):
    /// a cache that cannot be written is not a broken connection, and no retry helps it.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        try writing { try handle.write(contentsOf: Data(bytes)) }
        size += bytes.count
    }

    /// Flushes to disk and moves the body into place; returns its digest and path.
    public func finish(transient: Bool) throws -> (digest: String, path: String) {
        try writing {
            try handle.synchronize()
            try handle.close()
        }
        let digest = ContentHash.hex(digest: hasher.finalize())
        return (digest, try cache.keep(self, digest: digest, transient: transient))
    }

    /// Runs a write to the file, its error as a `CacheError` that names the file and the reason.
    private func writing(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw CacheError.cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    /// The POSIX reason under Foundation's error ("No space left on device"), else its description.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.localizedDescription
    }

    public func discard() {
        try? handle.close()
        unlink(path)
        cache.temporaries.forget(path)
    }
}
