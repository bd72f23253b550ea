import Foundation
import GalgenBuild
import GalgenCore
import GalgenHash

/// The albums' zips in the cache (`CacheFolder.Layout.zips`): `<key>.zip`, named by the digest
/// of its entry list (`AlbumZip.key`), with `<key>.json` beside it holding the zip's SHA-256 and
/// the stamp it had when written. A zip whose stamp is unchanged is used as it is: a build of
/// an unchanged album neither reads nor writes it. Any other is written again, by streaming its
/// entries through `ZipWriter` into a temporary file (hashed as it is written) and a rename.
public final class AlbumZipStore: Sendable {
    public let folder: String
    let temporaries: TemporaryFiles

    public init(folder: String, temporaries: TemporaryFiles = TemporaryFiles()) {
        self.folder = folder
        self.temporaries = temporaries
    }

    /// For `BuildPipeline.albumZips`.
    public var maker: AlbumZipMaker { AlbumZipMaker(make: make, finish: finish) }

    struct Record: Codable, Equatable {
        var digest: String
        var stamp: FileStamp
    }

    public func zipPath(_ key: String) -> String { folder + "/" + key + ".zip" }
    func recordPath(_ key: String) -> String { folder + "/" + key + ".json" }

    /// The zip's file: the kept one when intact, else written now.
    public func make(_ zip: AlbumZip) throws -> OutputFile {
        let path = zipPath(zip.key)
        if let record = kept(zip.key), record.stamp.size == zip.byteCount {
            return OutputFile(path: zip.path, file: path, digest: record.digest, byteCount: Int(record.stamp.size))
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = temporaries.make(in: folder)
        defer { temporaries.forget(temporary) }
        let digest: String
        do {
            digest = try write(zip, to: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
        guard let stamp = FileStamp.of(path), stamp.size == zip.byteCount else {
            throw FileError(path: path, reason: "the zip came to another size than its layout says (\(zip.byteCount) bytes); report this as a bug")
        }
        let record = try JSONEncoder().encode(Record(digest: digest, stamp: stamp))
        try temporaries.writeAtomically(Array(record), to: recordPath(zip.key), durable: false)
        return OutputFile(path: zip.path, file: path, digest: digest, byteCount: Int(stamp.size))
    }

    /// The record of the kept zip `key`, when the zip is there with the stamp it was written with.
    func kept(_ key: String) -> Record? {
        guard let data = FileManager.default.contents(atPath: recordPath(key)),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              let current = FileStamp.of(zipPath(key)), record.stamp.sameContents(as: current) else { return nil }
        return record
    }

    /// Streams the zip into `path`; returns the SHA-256 of its bytes.
    private func write(_ zip: AlbumZip, to path: String) throws -> String {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw FileError(path: path, reason: "cannot create the zip in the cache")
        }
        defer { try? handle.close() }
        var hasher = SHA256Hasher()
        let entries = zip.entries.map { entry in
            let source: ZipSource = switch entry.content {
            case let .file(file): .file(file)
            case let .bytes(bytes): .bytes(bytes)
            }
            return ZipWriter.Entry(name: entry.name, size: Int64(entry.byteCount), source: source)
        }
        try ZipWriter.write(entries) { chunk in
            hasher.update(chunk)
            try handle.write(contentsOf: chunk)
        }
        return ContentHash.hex(digest: hasher.finalize())
    }

    /// Removes every kept zip (and its record) whose key is not in `used`, and temporary files
    /// of dead processes.
    public func finish(_ used: Set<String>) throws {
        guard FileManager.default.fileExists(atPath: folder) else { return }
        TemporaryFiles.removeOrphans(in: [folder])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            guard !used.contains(String(name.prefix { $0 != "." })) else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
