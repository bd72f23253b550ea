import Foundation
import GalgenCore

/// A record file a table was read from, as it was when read: the table's entries are still its bytes.
struct RecordOrigin: Equatable, Sendable {
    var path: String
    var stamp: FileStamp
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
    /// writing anything: an origin changed since it was read (its stamp), does not scan as a
    /// table of `version`, or a key is in none of them.
    static func write(keys: [String], version: Int, origins: [RecordOrigin], to write: ([UInt8]) throws -> Void) throws {
        let files = try origins.map { origin in try OpenOrigin(origin) }
        defer { for file in files { close(file.descriptor) } }
        var found: [String: (file: Int, value: Range<Int>)] = [:]
        found.reserveCapacity(keys.count)
        let decoder = JSONDecoder()
        for (index, file) in files.enumerated() {
            let bytes = try file.bytes()
            guard let (entries, fileVersion) = RecordDecoding.entries(of: bytes), fileVersion == version else {
                throw Unavailable(reason: "\(file.path) is not a table of version \(version)")
            }
            let scanner = JSONScan(bytes)
            for entry in entries {
                guard let key = scanner.text(of: entry.key, decoder: decoder) else { throw Unavailable(reason: "a key of \(file.path)") }
                // An earlier file's entry stays; in one file, the last of a key.
                if found[key].map({ $0.file == index }) ?? true { found[key] = (index, entry.value) }
            }
        }
        try write(Array(#"{"value":{"#.utf8))
        var piece: [UInt8] = []
        piece.reserveCapacity(PiecewiseFile.pieceSize)
        for (position, key) in keys.enumerated() {
            guard let (index, value) = found[key] else { throw Unavailable(reason: "no origin holds \(key)") }
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

    /// An origin opened, and found as it was read.
    private struct OpenOrigin {
        let path: String
        let descriptor: Int32
        let size: Int

        init(_ origin: RecordOrigin) throws {
            path = origin.path
            descriptor = open(origin.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Unavailable(reason: "\(origin.path) cannot be opened") }
            var info = stat()
            guard fstat(descriptor, &info) == 0, FileStamp(info) == origin.stamp else {
                close(descriptor)
                throw Unavailable(reason: "\(origin.path) changed since it was read")
            }
            size = Int(info.st_size)
        }

        /// The whole file, to find its entries (held while it is scanned only).
        func bytes() throws -> [UInt8] {
            var range = [UInt8]()
            try append(0..<size, to: &range)
            return range
        }

        /// The bytes at `range`, read where they are.
        func append(_ range: Range<Int>, to bytes: inout [UInt8]) throws {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: range.count))
            var done = 0
            while done < range.count {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + start + done, range.count - done, off_t(range.lowerBound + done))
                }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { throw FileError(path: path, reason: "it could not be read again: \(String(cString: strerror(errno)))") }
                done += got
            }
        }
    }
}
