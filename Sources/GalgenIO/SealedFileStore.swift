import Foundation
import GalgenCore
import GalgenHash

/// Private albums' sealed files in the cache (`CacheFolder.Layout.sealed`): `<id>.bin`, named by
/// the file id (`SealedFile`), with `<id>.json` beside it holding its SHA-256 and the stamp it
/// had when written. A file whose stamp is unchanged is used as it is; any other is written
/// again. After a build, the files it did not use are removed (`finish`).
public final class SealedFileStore: Sendable {
    public let folder: String
    let temporaries: TemporaryFiles

    public init(folder: String, temporaries: TemporaryFiles = TemporaryFiles()) {
        self.folder = folder
        self.temporaries = temporaries
    }

    public var keeper: SealedFileKeeper { SealedFileKeeper(lookup: lookup, keep: keep, finish: finish) }

    struct Record: Codable, Equatable {
        var digest: String
        var stamp: FileStamp
    }

    func filePath(_ id: String) -> String { folder + "/" + id + ".bin" }
    func recordPath(_ id: String) -> String { folder + "/" + id + ".json" }

    func lookup(_ id: String) -> SealedFileKeeper.Kept? {
        guard Self.isID(id), let data = FileManager.default.contents(atPath: recordPath(id)),
              let record = try? JSONDecoder().decode(Record.self, from: data), FileStamp.of(filePath(id)) == record.stamp else { return nil }
        return SealedFileKeeper.Kept(path: filePath(id), digest: record.digest, byteCount: Int(record.stamp.size))
    }

    func keep(_ id: String, _ sealed: [UInt8]) throws -> SealedFileKeeper.Kept {
        precondition(Self.isID(id))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try temporaries.writeAtomically(sealed, to: filePath(id), durable: false)
        guard let stamp = FileStamp.of(filePath(id)) else { throw FileError(path: filePath(id), reason: "it vanished as it was written") }
        let digest = ContentHash.hex(sealed)
        try temporaries.writeAtomically(Array(try JSONEncoder().encode(Record(digest: digest, stamp: stamp))), to: recordPath(id), durable: false)
        return SealedFileKeeper.Kept(path: filePath(id), digest: digest, byteCount: sealed.count)
    }

    func finish(_ used: Set<String>) throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let id = name.hasSuffix(".bin") ? String(name.dropLast(4)) : name.hasSuffix(".json") ? String(name.dropLast(5)) : name
            if !used.contains(id) { unlink(folder + "/" + name) }
        }
    }

    static func isID(_ id: String) -> Bool { id.utf8.count == 64 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) } }
}
