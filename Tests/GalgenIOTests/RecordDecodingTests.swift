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
        RecordDecoding.decode(type, from: bytes, decoder: JSONDecoder()).map { ($0.value, $0.version) }
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

    /// A table's entries as read are the bytes one encoder writes for them (`"key":value`), so a
    /// table saved with them is the file encoding every entry writes.
    @Test func keptEntriesAreWhatEncodingWrites() throws {
        let bytes = try RecordEncoding.encode(Self.images, version: 3)
        let read = try #require([String: Entry].decodeTable(bytes, decoder: JSONDecoder()))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(Set(read.entries.keys) == Set(Self.images.keys))
        for (key, entry) in Self.images {
            #expect(Array(read.entries[key] ?? []) == Array(try encoder.encode(key)) + Array(":".utf8) + Array(try encoder.encode(entry)))
        }
        #expect(try RecordEncoding.encode(Self.images, version: 3, kept: read.entries) == bytes)
    }

    /// Saving after `set`, `change`, `keepOnly` and `take` writes what encoding the whole table
    /// anew writes: no entry is ever saved as bytes it no longer has.
    @Test func aSavedTableIsTheTableEncodedAnew() throws {
        let folder = NSTemporaryDirectory() + "galgen-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let version = RecordFile<[String: Entry]>.formatVersion
        func file(_ name: String, _ table: [String: Entry]) throws -> RecordFile<[String: Entry]> {
            try Data(RecordEncoding.encode(table, version: version)).write(to: URL(fileURLWithPath: folder + "/" + name))
            return RecordFile<[String: Entry]>(path: folder + "/" + name, temporaries: TemporaryFiles()) { [:] }
        }
        func saved(_ record: RecordFile<[String: Entry]>) throws -> [UInt8] {
            try record.save()
            return Array(try Data(contentsOf: URL(fileURLWithPath: record.path)))
        }
        var expected = Self.images
        let own = try file("own.json", Self.images)
        own.set("b1") { $0?.width = 11 }
        expected["b1"]?.width = 11
        #expect(try saved(own) == (try RecordEncoding.encode(expected, version: version)))
        own.change { $0["a10"]?.warnings = [] }
        expected["a10"]?.warnings = []
        #expect(try saved(own) == (try RecordEncoding.encode(expected, version: version)))
        // Another table's entries come with their bytes; this one's own entry wins.
        let other = try file("other.json", ["b1": Entry(width: 99), "c": Entry(width: 5, placeholder: "</x>")])
        let (table, kept) = other.entries()
        own.take(table, kept: kept)
        expected["c"] = Entry(width: 5, placeholder: "</x>")
        #expect(try saved(own) == (try RecordEncoding.encode(expected, version: version)))
        own.keepOnly(["c", "b1"])
        expected = expected.filter { ["c", "b1"].contains($0.key) }
        #expect(try saved(own) == (try RecordEncoding.encode(expected, version: version)))
        // Read back, changed nowhere but one entry, and into an empty table.
        let again = RecordFile<[String: Entry]>(path: own.path, temporaries: TemporaryFiles()) { [:] }
        again.set("c") { $0 = nil }
        expected["c"] = nil
        #expect(try saved(again) == (try RecordEncoding.encode(expected, version: version)))
        let empty = RecordFile<[String: Entry]>(path: folder + "/empty.json", temporaries: TemporaryFiles()) { [:] }
        empty.take(table, kept: kept)
        #expect(try saved(empty) == (try RecordEncoding.encode(table, version: version)))
    }
}
