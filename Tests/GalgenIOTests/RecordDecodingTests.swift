import Foundation
import GalgenCore
import Testing
@testable import GalgenIO

/// Record files are read a table entry at a time, into the value the whole-file decoder made.
struct RecordDecodingTests {
    /// An entry with what a record's entries hold: text to escape, lists, objects, absent fields.
    struct Entry: Codable, Equatable {
        var width: Int
        var warnings: [String] = []
        var sizes: [String: [Double]] = [:]
        var placeholder: String?
    }

    static let images = [
        "b1": Entry(width: 10, sizes: ["a": [1, 2.5], "b": []], placeholder: "data:x/y"),
        "a10": Entry(width: -2, warnings: ["a \"quoted\" / slashed {warning} [é] \\ \u{1}", ""]),
        "/photos/é \"x\".jpg": Entry(width: 3),
    ]

    static func decoded<Value: Decodable>(_ type: Value.Type, _ bytes: [UInt8]) -> (value: Value, version: Int)? {
        RecordDecoding.decode(type, from: bytes, decoder: JSONDecoder())
    }

    @Test func aTableReadsBackEntryByEntry() throws {
        let bytes = try RecordEncoding.encode(Self.images, version: 3)
        #expect([String: Entry].decodeTable(bytes, decoder: JSONDecoder()).map(\.value) == Self.images)
        #expect(Self.decoded([String: Entry].self, bytes)?.value == Self.images)
        #expect(Self.decoded([String: Entry].self, bytes)?.version == 3)
        let paths = ["/a/b.jpg": "x", "c\\d": "y\"", "": "", "é": "\u{1F600}"]
        #expect(Self.decoded([String: String].self, try RecordEncoding.encode(paths, version: 7))?.value == paths)
        #expect(Self.decoded([String: String].self, try RecordEncoding.encode(paths, version: 7))?.version == 7)
        let numbers = ["a": -1.5e3, "b": 0]
        #expect(Self.decoded([String: Double].self, try RecordEncoding.encode(numbers, version: 3))?.value == numbers)
        let empty: [String: Int] = [:]
        #expect([String: Int].decodeTable(try RecordEncoding.encode(empty, version: 3), decoder: JSONDecoder())?.value == empty)
    }

    /// What `JSONEncoder` wrote whole (files from before, the fallback) reads the same.
    @Test func otherLayoutsAreDecodedWhole() throws {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        struct Whole: Encodable { var value: [String: Entry]; var version: Int }
        let spaced = Array(try pretty.encode(Whole(value: Self.images, version: 3)))
        #expect([String: Entry].decodeTable(spaced, decoder: JSONDecoder()) == nil)
        #expect(Self.decoded([String: Entry].self, spaced)?.value == Self.images)
        // Not a table: decoded whole.
        #expect(Self.decoded([Int].self, try RecordEncoding.encode([1, 2], version: 3))?.value == [1, 2])
    }

    /// A file cut short, with bytes after it, or whose entry is not what it should be, is no record.
    @Test(arguments: [0, 1, 9, 10, 40, -1, -2])
    func aDamagedFileIsNoRecord(_ cut: Int) throws {
        let bytes = try RecordEncoding.encode(Self.images, version: 3)
        let damaged = Array(bytes.prefix(cut >= 0 ? cut : bytes.count + cut))
        #expect([String: Entry].decodeTable(damaged, decoder: JSONDecoder()) == nil)
        #expect(Self.decoded([String: Entry].self, damaged) == nil)
        #expect(Self.decoded([String: Entry].self, bytes + Array(" x".utf8)) == nil)
        let wrongEntry = try RecordEncoding.encode(["a": "text"], version: 3)
        #expect(Self.decoded([String: Int].self, wrongEntry) == nil)
    }

    @Test func aSavedTableOfAnotherVersionIsEmpty() throws {
        let folder = NSTemporaryDirectory() + "galgen-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/table.json"
        try Data(RecordEncoding.encode(["a": 1], version: RecordFile<[String: Int]>.formatVersion + 1)).write(to: URL(fileURLWithPath: path))
        #expect(RecordFile<[String: Int]>(path: path, temporaries: TemporaryFiles()) { ["empty": 0] }.read { $0 } == ["empty": 0])
        try Data(RecordEncoding.encode(["a": 1], version: RecordFile<[String: Int]>.formatVersion)).write(to: URL(fileURLWithPath: path))
        #expect(RecordFile<[String: Int]>(path: path, temporaries: TemporaryFiles()) { ["empty": 0] }.read { $0 } == ["a": 1])
    }
}
