import Foundation
import GalgenCore

/// A record file's bytes: what `JSONEncoder` with sorted keys makes of `{"value": …, "version": …}`,
/// but a table (a dictionary by key, the value of every record file) is encoded an entry at a
/// time and handed on in pieces. The encoder builds a tree of the whole value before writing it,
/// and the file's bytes were one more copy: for the renditions of 100,000 photos the two were
/// most of a first build's peak memory (issue 25).
enum RecordEncoding {
    /// The whole file in memory (for tests and small values).
    static func encode<Value: Encodable>(_ value: Value, version: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(value, version: version) { bytes += $0 }
        return bytes
    }

    /// The file's bytes, piece by piece, to `write`.
    static func encode<Value: Encodable>(_ value: Value, version: Int, to write: ([UInt8]) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let table = value as? any RecordTable else {
            return try write(Array(try encoder.encode(Whole(value: value, version: version))))
        }
        try write(Array(#"{"value":"#.utf8))
        try table.encodeEntries(with: encoder, to: write)
        try write(Array(#","version":\#(version)}"#.utf8))
    }

    private struct Whole<Value: Encodable>: Encodable {
        var value: Value
        var version: Int
    }
}

/// A dictionary that can write itself as a JSON object one entry at a time.
protocol RecordTable {
    func encodeEntries(with encoder: JSONEncoder, to write: ([UInt8]) throws -> Void) throws
    /// The keys, in the order the file lists them.
    var sortedKeys: [String] { get }
}

extension Dictionary: RecordTable where Key == String, Value: Encodable {
    /// `{"key":value,…}` in key order, each key and value as `encoder` (sorted keys, no other
    /// formatting) writes them, by `RecordJSON`. Blocks of `entriesPerBlock` entries are encoded
    /// on every core at once, a few blocks at a time, and written in order: the bytes are those of
    /// one encoder, and no more than a few blocks are held.
    func encodeEntries(with encoder: JSONEncoder, to write: ([UInt8]) throws -> Void) throws {
        try write([UInt8(ascii: "{")])
        let keys = sortedKeys
        let table = ReadOnly(self)
        let formatting = encoder.outputFormatting
        try writeInBlocks(count: keys.count, perBlock: Self.entriesPerBlock, encode: { range in
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            var bytes: [UInt8] = []
            for index in range {
                guard let entry = table.value[keys[index]] else { continue }
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                RecordJSONEncoder.encode(keys[index], into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try RecordJSON.append(entry, to: &bytes, fallback: encoder)
            }
            return bytes
        }, write: write)
        try write([UInt8(ascii: "}")])
    }

    var sortedKeys: [String] { keys.sorted(byText: { $0 }) }

    /// Entries encoded together on one thread.
    static var entriesPerBlock: Int { 256 }
}

/// A value only read while several threads hold it: a dictionary may be read from any number of
/// threads at once, and nothing changes this copy of it. (Its entries need not be `Sendable`:
/// a record table's generic `Value` cannot promise it in a conditional conformance.)
private struct ReadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Writes a file through a temporary file beside it, a piece at a time, and renames it into place
/// unless it came out the same as the file already there (compared as it is written), so an
/// unchanged record is never rewritten and no copy of the whole file is held.
public final class PiecewiseFile {
    private let path: String
    private let temporary: String
    private let temporaries: TemporaryFiles
    private let fd: Int32
    private let current: FileHandle?
    private var buffer: [UInt8] = []
    private var same: Bool
    static let pieceSize = 1 << 20

    /// Writes what `produce` hands to its argument to `path`.
    public static func write(_ path: String, temporaries: TemporaryFiles, _ produce: (([UInt8]) throws -> Void) throws -> Void) throws {
        let file = try PiecewiseFile(path, temporaries: temporaries)
        do {
            try produce { try file.append($0) }
            try file.finish()
        } catch {
            file.abandon()
            throw error
        }
    }

    private init(_ path: String, temporaries: TemporaryFiles) throws {
        self.path = path
        self.temporaries = temporaries
        temporary = temporaries.make(in: (path as NSString).deletingLastPathComponent)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            temporaries.forget(temporary)
            throw FileError(path: temporary, reason: String(cString: strerror(errno)))
        }
        current = FileHandle(forReadingAtPath: path)
        same = current != nil
        buffer.reserveCapacity(Self.pieceSize)
    }

    private func append(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= Self.pieceSize { try flush() }
    }

    private func flush() throws {
        if same, let current {
            same = (try? current.read(upToCount: buffer.count)).map { $0.elementsEqual(buffer) } ?? false
        }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, buffer.count - offset) }
            guard written > 0 else { throw FileError(path: path, reason: "cannot write it (disk full or read-only?): \(String(cString: strerror(errno)))") }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func finish() throws {
        try flush()
        // The same bytes, and nothing after them.
        if same, let current, (try? current.read(upToCount: 1))?.isEmpty ?? true {
            abandon()
            return
        }
        closeFiles()
        guard rename(temporary, path) == 0 else {
            throw FileError(path: path, reason: "cannot write it (disk full or read-only?): \(String(cString: strerror(errno)))")
        }
        temporaries.forget(temporary)
    }

    /// Removes the temporary file (once).
    private func abandon() {
        closeFiles()
        unlink(temporary)
        temporaries.forget(temporary)
    }

    private var closed = false

    private func closeFiles() {
        guard !closed else { return }
        closed = true
        try? current?.close()
        close(fd)
    }
}
