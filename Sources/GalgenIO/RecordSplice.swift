import Foundation
import GalgenCore

/// A record file a table was read from, as it was when read, and where each entry's value lies
/// in it (`RecordDecoding.decodeSpanned`): the table's entries are still its bytes.
struct RecordOrigin: Equatable, Sendable {
    var path: String
    var stamp: FileStamp
    var spans: [String: Range<Int>]
}

/// A table saved by copying its entries' bytes from the files it was read from (`RecordOrigin`),
/// rather than encoding them again: a merge folds the shards' records into the cache's, and
/// encoding 10,000 photos' entries again was a tenth of its time, all of it at its very end.
///
/// The bytes are those `RecordEncoding` writes for the same table (the key order, each key
/// encoded as it does), with each value as its file holds it: the bytes it was decoded from.
/// Each key's value comes from the first origin that holds it, as `RecordFile.fold` keeps the
/// first (and, in one file, the last of a repeated key, as `decodeTable` does).
enum RecordSplice {
    /// Why a table cannot be written from its origins; it is then encoded.
    struct Unavailable: Error {
        var reason: String
    }

    /// Writes the table of `keys` from `origins` to `write`, or throws `Unavailable` before
    /// writing anything: an origin changed since it was read (its stamp), or a key is in none of
    /// them. Only the values are read again, where they lie.
    static func write(keys: [String], version: Int, origins: [RecordOrigin], to write: ([UInt8]) throws -> Void) throws {
        let files = try origins.map { origin in try OpenOrigin(origin) }
        defer { for file in files { close(file.descriptor) } }
        let found = try keys.map { key in
            guard let index = origins.firstIndex(where: { $0.spans[key] != nil }) else { throw Unavailable(reason: "no origin holds \(key)") }
            return (index, origins[index].spans[key]!)
        }
        try write(Array(#"{"value":{"#.utf8))
        var piece: [UInt8] = []
        piece.reserveCapacity(PiecewiseFile.pieceSize)
        for (position, (key, (index, value))) in zip(keys, found).enumerated() {
            if position > 0 { piece.append(UInt8(ascii: ",")) }
            RecordJSONEncoder.encode(key, into: &piece)
            piece.append(UInt8(ascii: ":"))
            try files[index].append(value, to: &piece)
            if piece.count >= PiecewiseFile.pieceSize {
                try write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        piece += Array(#"},"version":\#(version)}"#.utf8)
        try write(piece)
    }

    /// An origin opened, and found as it was read. Its values are read through a window that
    /// moves forward: a file lists its entries in key order, as the table is written, so the
    /// file is read once, in order, a window at a time.
    private final class OpenOrigin {
        let path: String
        let descriptor: Int32
        private var window: [UInt8] = []
        private var windowStart = 0
        static let windowSize = 1 << 18

        init(_ origin: RecordOrigin) throws {
            path = origin.path
            descriptor = open(origin.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Unavailable(reason: "\(origin.path) cannot be opened") }
            var info = stat()
            guard fstat(descriptor, &info) == 0, FileStamp(info) == origin.stamp else {
                close(descriptor)
                throw Unavailable(reason: "\(origin.path) changed since it was read")
            }
        }

        /// The bytes at `range`, from the window, moved to start there when it does not hold them.
        func append(_ range: Range<Int>, to bytes: inout [UInt8]) throws {
            if range.lowerBound < windowStart || range.upperBound > windowStart + window.count {
                try read(from: range.lowerBound, count: max(range.count, Self.windowSize))
                guard range.upperBound <= windowStart + window.count else {
                    throw FileError(path: path, reason: "it is shorter than when it was read")
                }
            }
            bytes += window[(range.lowerBound - windowStart)..<(range.upperBound - windowStart)]
        }

        private func read(from offset: Int, count: Int) throws {
            window = try FileSystem.readUp(descriptor, path, count: count, at: offset)
            windowStart = offset
        }
    }
}
