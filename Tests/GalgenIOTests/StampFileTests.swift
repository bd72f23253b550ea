import Foundation
import Testing
@testable import GalgenIO

/// A stamps file is written as bytes and reads back as it was, for every number a stamp holds.
struct StampFileTests {
    @Test(arguments: [Int64.min, Int64.min + 1, -1_000_000_007, -1, 0, 7, 10, 1_733_600_000_123_456_789, Int64.max])
    func aNumberIsWrittenInDecimal(_ number: Int64) {
        var bytes: [UInt8] = Array("x".utf8)
        StampFile.appendDecimal(number, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(number)")
        #expect(StampFile.number(bytes.dropFirst()) == number)
    }

    @Test func stampsReadBackAsWritten() throws {
        let folder = NSTemporaryDirectory() + "galgen-stamps-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stamps = [
            "a b.jpg": FileStamp(size: 0, modified: -5, inode: UInt64.max, device: 1 << 63),
            "é/ß.avif": FileStamp(size: Int64.max, modified: 1_733_600_000_123_456_789, inode: 12, device: 0),
        ]
        let file = StampFile(path: folder + "/x.stamps")
        try file.write(stamps, temporaries: TemporaryFiles())
        #expect(StampFile(path: file.path).load() == stamps)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == stamps.sorted { $0.key < $1.key }.map { StampFile.line($0.key, $0.value) }.joined())
        #expect(text.hasPrefix("0 -5 -1 -9223372036854775808 a b.jpg\n"))
    }

    /// Given in name order, a long list is written a piece at a time, line for line as the table
    /// would be; written again unchanged, the file is left as it is.
    @Test func aLongListInOrderIsWrittenInPieces() throws {
        let folder = NSTemporaryDirectory() + "galgen-stamps-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stamps = Dictionary(uniqueKeysWithValues: (0..<3000).map { index in
            ("photo-\(index)/index.html", FileStamp(size: Int64(index), modified: 1_733_600_000_000_000_000 + Int64(index), inode: UInt64(index), device: 7))
        })
        let ordered = stamps.sorted { $0.key < $1.key }.map { (name: $0.key, stamp: $0.value) }
        #expect(ordered.reduce(0) { $0 + StampFile.line($1.name, $1.stamp).utf8.count } > 2 * StampFile.pieceSize)
        let file = StampFile(path: folder + "/site.stamps")
        try file.write(inOrder: ordered, temporaries: TemporaryFiles())
        #expect(StampFile(path: file.path).load() == stamps)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == ordered.map { StampFile.line($0.name, $0.stamp) }.joined())
        #expect(file.read() == stamps, "a reader reads what the file now holds")
        let before = FileStamp.of(file.path)
        try file.write(inOrder: ordered, temporaries: TemporaryFiles())
        #expect(FileStamp.of(file.path) == before, "the same bytes are not written again")
    }
}
