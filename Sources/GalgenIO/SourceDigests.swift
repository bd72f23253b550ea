import Foundation
import GalgenCore

/// The SHA-256 of each local source, remembered with the file's stamp (`CacheFolder.Layout.sourceDigests`),
/// so a photo that has not changed is not read again to find out.
public final class SourceDigests: Sendable {
    struct Known: Codable, Equatable, Sendable {
        var stamp: FileStamp
        var digest: String
        /// Nil in a record from before videos (a photo).
        var kind: MediaKind?
    }

    private let file: RecordFile<[String: Known]>

    /// The record at `path`; `CacheFolder` opens the cache's.
    public init(path: String, temporaries: TemporaryFiles) {
        file = RecordFile(path: path, temporaries: temporaries) { [:] }
    }

    public func prefetch() { file.prefetch() }

    public func digest(_ path: String) throws -> SourceDigest {
        guard let stamp = FileStamp.of(path) else {
            // Let the file reader say what is wrong, in the words it always uses.
            _ = try FileSystem.read(path, limit: .photo)
            throw FileError(path: path, reason: String(cString: strerror(errno)))
        }
        file.use(path)
        if let known = file.read({ $0[path] }), known.stamp.sameContents(as: stamp) {
            return SourceDigest(digest: known.digest, kind: known.kind ?? .photo)
        }
        let (start, size) = try FileSystem.start(of: path, count: ImageFormat.signatureLength, limit: .photo)
        let source: SourceDigest
        if MediaKind(signature: start) == .video {
            // A video is hashed in pieces, never held in memory.
            guard size <= ReadLimit.video.bytes else {
                throw FileError(path: path, reason: "it is larger than \(ReadLimit.video.shown), the most galgen reads for one video")
            }
            guard let digest = ContentStore.digest(ofFile: path) else { throw FileError(path: path, reason: "it cannot be read") }
            source = SourceDigest(digest: digest, kind: .video)
        } else {
            source = SourceDigest(of: try FileSystem.read(path, limit: .photo))
        }
        file.change { $0[path] = Known(stamp: stamp, digest: source.digest, kind: source.kind == .photo ? nil : source.kind) }
        return source
    }

    /// Forgets the files this build did not read, and saves what changed.
    public func finish() throws {
        try file.finishUsed()
    }
}
