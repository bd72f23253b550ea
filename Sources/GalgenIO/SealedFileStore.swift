import Foundation
import GalgenBuild
import GalgenCore
import GalgenCrypto
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

    public var keeper: SealedFileKeeper { SealedFileKeeper(lookup: lookup, keep: keep, keepSealing: keepSealing, finish: finish) }

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

    /// The file at `path` sealed chunk by chunk into `<id>.bin` (through a temporary file and a
    /// rename), hashed as it is written: at most two chunks of it in memory.
    func keepSealing(_ id: String, _ path: String, _ header: [UInt8],
                     _ sealChunk: ([UInt8], Int, Bool) throws -> [UInt8]) throws -> SealedFileKeeper.Kept {
        precondition(Self.isID(id))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard let input = FileHandle(forReadingAtPath: path) else { throw FileError(path: path, reason: "it cannot be opened") }
        defer { try? input.close() }
        let temporary = temporaries.make(in: folder)
        defer { temporaries.forget(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let output = FileHandle(forWritingAtPath: temporary) else {
            throw FileError(path: temporary, reason: "it cannot be created")
        }
        var hasher = SHA256Hasher()
        var size = 0
        func write(_ bytes: [UInt8]) throws {
            try output.write(contentsOf: bytes)
            hasher.update(bytes)
            size += bytes.count
        }
        do {
            try write(header)
            var index = 0
            var chunk = try Self.read(input)
            while true {
                let next = chunk.count == SealedFile.chunkSize ? try Self.read(input) : []
                let last = next.isEmpty
                try write(try sealChunk(chunk, index, last))
                if last { break }
                (chunk, index) = (next, index + 1)
            }
            try output.close()
        } catch {
            try? output.close()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, filePath(id)) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: filePath(id), reason: reason)
        }
        guard let stamp = FileStamp.of(filePath(id)) else { throw FileError(path: filePath(id), reason: "it vanished as it was written") }
        let digest = ContentHash.hex(digest: hasher.finalize())
        try temporaries.writeAtomically(Array(try JSONEncoder().encode(Record(digest: digest, stamp: stamp))), to: recordPath(id), durable: false)
        return SealedFileKeeper.Kept(path: filePath(id), digest: digest, byteCount: size)
    }

    /// Up to one chunk of `input` (fewer bytes only at its end).
    private static func read(_ input: FileHandle) throws -> [UInt8] {
        var chunk: [UInt8] = []
        while chunk.count < SealedFile.chunkSize, let piece = try input.read(upToCount: SealedFile.chunkSize - chunk.count), !piece.isEmpty {
            chunk += piece
        }
        return chunk
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
