import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Synchronization
import Testing
@testable import GalgenIO

/// The album zips, read back by an independent reader: Python's `zipfile`.
struct ZipWriterTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs a Python script on `zip`; its standard output, parsed as JSON.
    static func python(_ script: String, _ zip: String) throws -> Any {
        let result = try VideoClips.run("/usr/bin/env", ["python3", "-c", script, zip])
        #expect(result.code == 0, "\(result.errors)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    /// Every entry as Python's zipfile reads it, after `testzip()` checked every CRC-32.
    static let listing = """
        import json, sys, zipfile, zlib
        with zipfile.ZipFile(sys.argv[1]) as z:
            bad = z.testzip()
            print(json.dumps({"bad": bad, "entries": [
                {"name": i.filename, "method": i.compress_type, "crc": i.CRC, "size": i.file_size, "csize": i.compress_size,
                 "date": list(i.date_time), "extra": i.extra.hex(), "flags": i.flag_bits, "attr": i.external_attr >> 16,
                 "crc_of_data": zlib.crc32(z.read(i)), "offset": i.header_offset} for i in z.infolist()]}))
        """

    func write(_ entries: [ZipWriter.Entry], to name: String) throws -> String {
        let path = folder.path + "/" + name
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try ZipWriter.write(entries) { try handle.write(contentsOf: $0) }
        return path
    }

    func entries() throws -> [ZipWriter.Entry] {
        try folder.write("photo.jpg", String(repeating: "JPEG bytes ", count: 300_000))  // 3.3 MB: several chunks
        let photo = folder.path + "/photo.jpg"
        let size = try #require(FileStamp.of(photo)).size
        return [ZipWriter.Entry(name: "harbour.jpg", size: size, source: .file(photo)),
                ZipWriter.Entry(name: "café-ü.jpg", size: 5, source: .bytes(Array("hello".utf8))),
                ZipWriter.Entry(name: "empty.mp4", size: 0, source: .bytes([]))]
    }

    @Test func pythonReadsEveryEntryStoredWithItsCRCAndFixedTime() throws {
        let entries = try entries()
        let path = try write(entries, to: "a.zip")
        let read = try #require(try Self.python(Self.listing, path) as? [String: Any])
        #expect(read["bad"] is NSNull)
        let listed = try #require(read["entries"] as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == entries.map(\.name))
        for (entry, item) in zip(entries, listed) {
            #expect(item["method"] as? Int == 0, "stored")
            #expect(item["size"] as? Int64 == entry.size && item["csize"] as? Int64 == entry.size)
            #expect(item["crc"] as? Int == item["crc_of_data"] as? Int)
            #expect(item["date"] as? [Int] == [1980, 1, 1, 0, 0, 0])
            #expect(item["extra"] as? String == "", "no extra field below 4 GB")
            #expect(item["flags"] as? Int == 0x800, "UTF-8 names, no data descriptor")
            #expect(item["attr"] as? Int == 0o100644)
        }
        #expect(try #require(FileStamp.of(path)).size == ZipLayout.archiveSize(entries.map { ($0.name.utf8.count, $0.size) }))
    }

    @Test func twoWritesAreTheSameBytes() throws {
        let entries = try entries()
        let first = try Data(contentsOf: URL(fileURLWithPath: try write(entries, to: "1.zip")))
        let second = try Data(contentsOf: URL(fileURLWithPath: try write(entries, to: "2.zip")))
        #expect(first == second && !first.isEmpty)
    }

    /// Counts what the writer asks of a source and hands a sink: never more than a chunk.
    final class Sizes: Sendable {
        let asked = Mutex<Int>(0)
        let handed = Mutex<Int>(0)
    }

    @Test func theWriterStreamsAChunkAtATime() throws {
        let sizes = Sizes()
        let size = Int64(5 * ZipWriter.chunkSize + 123)
        let source = ZipSource.generated { offset, count in
            sizes.asked.withLock { $0 = max($0, count) }
            return (0..<count).map { UInt8(truncatingIfNeeded: (offset + Int64($0)) &* 31) }
        }
        let written = try ZipWriter.write([ZipWriter.Entry(name: "big.bin", size: size, source: source)]) { chunk in
            sizes.handed.withLock { $0 = max($0, chunk.count) }
        }
        #expect(written == ZipLayout.archiveSize([(7, size)]))
        #expect(sizes.asked.withLock { $0 } == ZipWriter.chunkSize)
        #expect(sizes.handed.withLock { $0 } == ZipWriter.chunkSize)
    }

    @Test func aSourceThatChangesBetweenItsTwoReadingsFailsTheZip() throws {
        let readings = Mutex<Int>(0)
        let changing = ZipSource.generated { _, count in
            let reading = readings.withLock { $0 += 1; return $0 }
            return [UInt8](repeating: UInt8(reading), count: count)
        }
        #expect(throws: ZipError.self) { try ZipWriter.write([ZipWriter.Entry(name: "x", size: 10, source: changing)]) { _ in } }
        let short = ZipWriter.Entry(name: "y", size: 10, source: .bytes([1, 2, 3]))
        #expect(throws: ZipError.self) { try ZipWriter.write([short]) { _ in } }
    }

    /// Past 4 GB, cheaply: a 4 GiB entry of zeros, made on demand and written as a hole of a
    /// sparse file (its whole chunks are skipped, not written), then a small entry whose
    /// offset is past 4 GB. Python reads both, checking the big one's CRC-32 over every byte.
    @Test func zip64PastFourGigabytesReadsBack() throws {
        let big = Int64(1) << 32 + 10
        let zeros = ZipSource.generated { _, count in [UInt8](repeating: 0, count: count) }
        let entries = [ZipWriter.Entry(name: "zeros.bin", size: big, source: zeros),
                       ZipWriter.Entry(name: "after.txt", size: 5, source: .bytes(Array("after".utf8)))]
        let path = folder.path + "/big.zip"
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        var position: UInt64 = 0
        try ZipWriter.write(entries) { chunk in
            // Only the zeros come in whole chunks.
            if chunk.count == ZipWriter.chunkSize { try handle.seek(toOffset: position + UInt64(chunk.count)) } else { try handle.write(contentsOf: chunk) }
            position += UInt64(chunk.count)
        }
        try handle.truncate(atOffset: position)
        try handle.close()
        #expect(Int64(position) == ZipLayout.archiveSize([(9, big), (9, 5)]))
        let script = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                infos = z.infolist()
                print(json.dumps({"bad": z.testzip(), "names": [i.filename for i in infos], "sizes": [i.file_size for i in infos],
                                  "methods": [i.compress_type for i in infos], "offsets": [i.header_offset for i in infos],
                                  "after": z.read("after.txt").decode()}))
            """
        let read = try #require(try Self.python(script, path) as? [String: Any])
        #expect(read["bad"] is NSNull, "every CRC-32 checks")
        #expect(read["names"] as? [String] == ["zeros.bin", "after.txt"])
        #expect((read["sizes"] as? [NSNumber])?.map(\.int64Value) == [big, 5])
        #expect(read["methods"] as? [Int] == [0, 0])
        #expect(((read["offsets"] as? [NSNumber])?.last?.int64Value ?? 0) > Int64(UInt32.max))
        #expect(read["after"] as? String == "after")
    }
}
