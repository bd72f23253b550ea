import Foundation
import GalgenCore
import Testing
@testable import GalgenIO

/// Record files are written a table entry at a time (issue 25), in the very bytes the whole-value
/// encoder made, so files written before read back and an unchanged table is not rewritten.
struct RecordEncodingTests {
    struct Whole<Value: Encodable>: Encodable {
        var version: Int
        var value: Value
    }

    static func whole<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(Whole(version: 3, value: value)))
    }

    @Test func aTableIsWrittenAsTheWholeValueEncoderWroteIt() throws {
        let images = [
            "b1": RenderedImage(width: 10, height: 5, renditions: [Rendition(width: 10, height: 5, jpeg: [1, 2])], placeholder: "data:x/y"),
            "a10": RenderedImage(width: 2, height: 1, renditions: [], warnings: ["a \"quoted\" / slashed warning é"]),
            "a9": RenderedImage(width: 3, height: 1, renditions: []),
        ]
        #expect(try RecordEncoding.encode(images, version: 3) == Self.whole(images))
        let paths = ["/photos/é.jpg": "ab", "/photos/a.jpg": "cd"]
        #expect(try RecordEncoding.encode(paths, version: 3) == Self.whole(paths))
        let empty: [String: Int] = [:]
        #expect(try RecordEncoding.encode(empty, version: 3) == Self.whole(empty))
        // A value that is not a table is encoded whole.
        #expect(try RecordEncoding.encode([1, 2], version: 3) == Self.whole([1, 2]))
    }

    /// 2.5 MB in pieces of 1,000 bytes: several of the writer's own pieces.
    static func produce(_ last: UInt8 = 0) -> (([UInt8]) throws -> Void) throws -> Void {
        { write in
            for piece in 0..<2_500 { try write([UInt8](repeating: UInt8(piece % 251), count: 999) + [piece == 2_499 ? last : 0]) }
        }
    }

    static func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]) as? UInt64
    }

    @Test func aFileWrittenInPiecesReplacesTheOldOneOnlyWhenItDiffers() throws {
        let folder = NSTemporaryDirectory() + "galgen-piecewise-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/record.json", temporaries = TemporaryFiles()
        try PiecewiseFile.write(path, temporaries: temporaries, Self.produce())
        var expected: [UInt8] = []
        try Self.produce()({ expected += $0 })
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == expected)
        let first = Self.inode(path)
        // The same bytes: the file is left as it was.
        try PiecewiseFile.write(path, temporaries: temporaries, Self.produce())
        #expect(Self.inode(path) == first)
        // The last byte differs, or there is less: replaced.
        try PiecewiseFile.write(path, temporaries: temporaries, Self.produce(7))
        #expect(Self.inode(path) != first && FileManager.default.contents(atPath: path)?.last == 7)
        try PiecewiseFile.write(path, temporaries: temporaries) { try $0([1, 2, 3]) }
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == [1, 2, 3])
        // A failure leaves the file and no temporary behind.
        #expect(throws: FakeFailure.self) { try PiecewiseFile.write(path, temporaries: temporaries) { _ in throw FakeFailure() } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["record.json"])
    }

    struct FakeFailure: Error {}

    @Test func aSavedTableReadsBack() throws {
        let folder = NSTemporaryDirectory() + "galgen-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = RecordFile<[String: Int]>(path: folder + "/table.json", temporaries: TemporaryFiles()) { [:] }
        file.change { $0 = ["b": 2, "a": 1] }
        try file.save()
        let again = RecordFile<[String: Int]>(path: folder + "/table.json", temporaries: TemporaryFiles()) { [:] }
        #expect(again.read { $0 } == ["a": 1, "b": 2])
    }
}
