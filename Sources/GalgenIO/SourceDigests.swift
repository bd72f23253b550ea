import Foundation
import GalgenBuild
import GalgenCore

/// The SHA-256 of each local source, remembered with the file's stamp (`CacheFolder.Layout.sourceDigests`),
/// so a photo that has not changed is not read again to find out.
public final class SourceDigests: Sendable {
    struct Known: Codable, Equatable, Sendable {
        var stamp: FileStamp
        var digest: String
        /// Nil in a record from before videos (a photo).
        var kind: MediaKind?
        /// True once a photo's record was written by a galgen that tells an animated PNG or WebP
        /// (a video) from a still; a photo's record without it is read again when the file is
        /// a PNG or WebP (`mayAnimate`).
        var animations: Bool?

        enum CodingKeys: String, CodingKey {
            case stamp, digest, kind
            case animations = "a"
        }
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
        if let known = file.read({ $0[path] }), known.stamp.sameContents(as: stamp),
           known.kind != nil || known.animations == true || !Self.mayAnimate(path) {
            if known.kind == nil, known.animations != true { file.change { $0[path]?.animations = true } }
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
        file.change {
            $0[path] = Known(stamp: stamp, digest: source.digest, kind: source.kind == .photo ? nil : source.kind,
                             animations: source.kind == .photo ? true : nil)
        }
        return source
    }

    /// A PNG or WebP, which may be an animation (a record from before galgen published them as
    /// videos does not say).
    static func mayAnimate(_ path: String) -> Bool {
        guard let (start, _) = try? FileSystem.start(of: path, count: ImageFormat.signatureLength, limit: .photo) else { return true }
        return [.png, .webp].contains(ImageFormat(signature: start))
    }

    /// Forgets the files this build did not read, and saves what changed.
    public func finish() throws {
        try file.finishUsed()
    }
}
