import CZlib
import Foundation
import GalgenCore

/// Where a zip entry's bytes come from, read a chunk at a time.
public enum ZipSource: Sendable {
    case file(String)
    case bytes([UInt8])
    /// Bytes made on demand: `chunk(offset, count)` gives the `count` bytes at `offset` (tests:
    /// a stream of any length that is never held whole).
    case generated(@Sendable (_ offset: Int64, _ count: Int) -> [UInt8])
}

/// Writes a stored zip (`ZipLayout`, `ZipRecords`) to a sink that only appends, a chunk at a
/// time: no entry is ever held whole, whatever its size, and the sink sees the archive's bytes
/// in order (so the caller can hash them as they go). What is held grows only with the number
/// of entries (one central directory header each, ~100 bytes), never with their bytes.
///
/// Each entry is read twice: first for its CRC-32, which the local header states before the data
/// (no data descriptor, which some readers refuse for stored entries), then to copy it; the
/// second reading must come to the same size and CRC-32, or the file changed and the zip fails.
public enum ZipWriter {
    public struct Entry: Sendable {
        public var name: String
        public var size: Int64
        public var source: ZipSource

        public init(name: String, size: Int64, source: ZipSource) {
            self.name = name
            self.size = size
            self.source = source
        }
    }

    /// The most a source is asked for at once.
    public static let chunkSize = 1 << 20

    /// Writes the archive of `entries`, in order, to `sink`; returns its size.
    @discardableResult
    public static func write(_ entries: [Entry], to sink: ([UInt8]) throws -> Void) throws -> Int64 {
        var offset: Int64 = 0
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = try checksum(entry) { _ in }
            let header = ZipRecords.local(name: name, size: entry.size, crc: crc)
            try sink(header)
            guard try checksum(entry, copy: sink) == crc else { throw ZipError.changed(entry.name, entry.source) }
            directory += ZipRecords.central(name: name, size: entry.size, crc: crc, offset: offset)
            offset += Int64(header.count) + entry.size
        }
        try sink(directory)
        let end = ZipRecords.end(count: entries.count, directorySize: Int64(directory.count), directoryOffset: offset)
        try sink(end)
        return offset + Int64(directory.count) + Int64(end.count)
    }

    /// The CRC-32 of the entry's bytes, each chunk handed to `copy` as it is read.
    static func checksum(_ entry: Entry, copy: ([UInt8]) throws -> Void) throws -> UInt32 {
        var crc = crc32(0, nil, 0)
        var read: Int64 = 0
        try chunks(of: entry) { chunk in
            read += Int64(chunk.count)
            guard read <= entry.size else { throw ZipError.changed(entry.name, entry.source) }
            crc = chunk.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            try copy(chunk)
        }
        guard read == entry.size else { throw ZipError.changed(entry.name, entry.source) }
        return UInt32(crc)
    }

    /// The source's bytes, `chunkSize` at a time (reading a file until its end, so a file that
    /// grew is noticed).
    static func chunks(of entry: Entry, _ body: ([UInt8]) throws -> Void) throws {
        switch entry.source {
        case let .bytes(bytes):
            for start in stride(from: 0, to: bytes.count, by: chunkSize) { try body(Array(bytes[start..<min(bytes.count, start + chunkSize)])) }
        case let .generated(make):
            var offset: Int64 = 0
            while offset < entry.size {
                let count = Int(min(Int64(chunkSize), entry.size - offset))
                try body(make(offset, count))
                offset += Int64(count)
            }
        case let .file(path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw ZipError.unreadable(entry.name, path) }
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: chunkSize), !data.isEmpty { try body([UInt8](data)) }
        }
    }
}

/// Why an album's zip could not be written.
public enum ZipError: Error, CustomStringConvertible {
    case changed(String, ZipSource)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case let .changed(name, source):
            let place = if case let .file(path) = source { path } else { "its bytes" }
            return "\(name): \(place) changed while galgen wrote the zip; build again"
        case let .unreadable(name, path):
            return "\(name): cannot read \(path) for the zip; build again (a file removed from galgen's cache is made again)"
        }
    }
}
