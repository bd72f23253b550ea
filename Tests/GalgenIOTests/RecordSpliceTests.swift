import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenIO

/// A table folded from the shards' records is saved by copying their entries' bytes
/// (`RecordSplice`): the same file as encoding the table, and encoded after all whenever the
/// bytes on disk are no longer what the table holds.
struct RecordSpliceTests {
    struct Entry: Codable, Equatable, Sendable {
        var name: String
        var sizes: [Int]
        var note: String?
    }

    typealias Table = [String: Entry]

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func file(_ name: String) -> RecordFile<Table> {
        RecordFile(path: folder.path + "/" + name, temporaries: TemporaryFiles(), splices: true) { [:] }
    }

    /// Writes `table` as a record file, as a shard's build saves it.
    func write(_ table: Table, to name: String) throws {
        try Data(RecordEncoding.encode(table, version: RecordFile<Table>.formatVersion)).write(to: URL(fileURLWithPath: folder.path + "/" + name))
    }

    func saved(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name)))
    }

    /// The cache's own record, then two shards', folded as a merge folds them.
    func folded(own: Table?, shards: [Table]) throws -> RecordFile<Table> {
        if let own { try write(own, to: "own.json") }
        for (index, shard) in shards.enumerated() { try write(shard, to: "shard-\(index).json") }
        let merged = file("own.json")
        for index in shards.indices {
            file("shard-\(index).json").readWithOrigins { table, origins in merged.fold(table, from: origins) }
        }
        return merged
    }

    static let first: Table = [
        "c": Entry(name: "from the first shard", sizes: [1, 2], note: nil),
        "a/é": Entry(name: "slash and accent \"quoted\"", sizes: [], note: "kept"),
        "shared": Entry(name: "first shard's", sizes: [1], note: nil),
    ]
    static let second: Table = [
        "b": Entry(name: "from the second shard", sizes: [3], note: "\u{1F}"),
        "shared": Entry(name: "second shard's", sizes: [2, 2], note: nil),
        "unused": Entry(name: "pruned", sizes: [], note: nil),
    ]

    @Test func aFoldedTableIsSavedAsEncodingItWouldBe() throws {
        let merged = try folded(own: ["own": Entry(name: "the cache's", sizes: [], note: nil),
                                      "shared": Entry(name: "the cache's own wins", sizes: [], note: nil)],
                                shards: [Self.first, Self.second])
        merged.keepOnly(["own", "shared", "c", "a/é", "b"])
        let expected = merged.read { $0 }
        #expect(expected["shared"]?.name == "the cache's own wins")
        #expect(expected["unused"] == nil)
        try merged.save()
        #expect(try saved("own.json") == RecordEncoding.encode(expected, version: RecordFile<Table>.formatVersion))
        #expect(file("own.json").read { $0 } == expected)
    }

    @Test func theFirstShardHoldingAKeyGivesItsBytes() throws {
        let merged = try folded(own: nil, shards: [Self.first, Self.second])
        try merged.save()
        let back = file("own.json").read { $0 }
        #expect(back["shared"]?.name == "first shard's")
        #expect(back.count == 5)
        #expect(try saved("own.json") == RecordEncoding.encode(merged.read { $0 }, version: RecordFile<Table>.formatVersion))
    }

    /// A value as its file wrote it (here with spaces, which the encoder never writes) is what the
    /// saved record holds: its bytes were copied, not encoded again.
    @Test func theEntriesBytesAreCopied() throws {
        let version = RecordFile<Table>.formatVersion
        let text = #"{"value":{"k":{"name": "spaced" ,"sizes":[ 1 ]}},"version":\#(version)}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path + "/shard.json"))
        let merged = file("own.json")
        file("shard.json").readWithOrigins { table, origins in merged.fold(table, from: origins) }
        #expect(merged.read { $0 } == ["k": Entry(name: "spaced", sizes: [1], note: nil)])
        try merged.save()
        #expect(String(decoding: try saved("own.json"), as: UTF8.self) == text)
    }

    /// Files that keep no spans (sources, pages) are encoded, whatever they were read from.
    @Test func aFileThatDoesNotSpliceIsEncoded() throws {
        let version = RecordFile<Table>.formatVersion
        try Data(#"{"value":{"k":{"name": "spaced" ,"sizes":[ 1 ]}},"version":\#(version)}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path + "/own.json"))
        let own = RecordFile<Table>(path: folder.path + "/own.json", temporaries: TemporaryFiles()) { [:] }
        own.keepOnly([])
        own.fold(["k": Entry(name: "spaced", sizes: [1], note: nil)], from: nil)
        try own.save()
        #expect(try saved("own.json") == RecordEncoding.encode(own.read { $0 }, version: version))
    }

    /// Two shards' records of several of the reader's windows each, their keys interleaved.
    @Test func largeRecordsAreCopiedWhole() throws {
        func table(_ parity: Int) -> Table {
            Dictionary(uniqueKeysWithValues: (0..<3_000).filter { $0 % 2 == parity }.map { number in
                (String(format: "%064x", number * 7_919), Entry(name: String(repeating: "n\(number)", count: 20), sizes: [number], note: nil))
            })
        }
        let merged = try folded(own: nil, shards: [table(0), table(1)])
        // Written from the shards' bytes, not encoded after a failed attempt.
        let (keys, origins) = merged.readWithOrigins { value, origins in (value.keys.sorted(), origins) }
        var spliced: [UInt8] = []
        try RecordSplice.write(keys: keys, version: RecordFile<Table>.formatVersion, origins: try #require(origins)) { spliced += $0 }
        #expect(spliced == (try RecordEncoding.encode(merged.read { $0 }, version: RecordFile<Table>.formatVersion)))
        try merged.save()
        #expect(try saved("own.json").count > 2 * (1 << 18))
        #expect(try saved("own.json") == RecordEncoding.encode(merged.read { $0 }, version: RecordFile<Table>.formatVersion))
    }

    @Test func aShardRecordChangedSinceItWasReadIsNotCopied() throws {
        let merged = try folded(own: nil, shards: [Self.first, Self.second])
        // The same length, another name: copied bytes would carry it.
        var changed = Self.second
        changed["b"]?.name = "FROM THE SECOND SHARD"
        try write(changed, to: "shard-1.json")
        try merged.save()
        #expect(file("own.json").read { $0 }["b"]?.name == "from the second shard")
    }

    @Test func aShardRecordGoneSinceItWasReadIsNotNeeded() throws {
        let merged = try folded(own: nil, shards: [Self.first, Self.second])
        try FileManager.default.removeItem(atPath: folder.path + "/shard-0.json")
        try merged.save()
        #expect(file("own.json").read { $0 } == merged.read { $0 })
    }

    @Test func aTableChangedAfterTheFoldIsEncoded() throws {
        let merged = try folded(own: nil, shards: [Self.first, Self.second])
        merged.change { $0["c"]?.name = "changed after the fold" }
        try merged.save()
        #expect(file("own.json").read { $0 }["c"]?.name == "changed after the fold")
        #expect(try saved("own.json") == RecordEncoding.encode(merged.read { $0 }, version: RecordFile<Table>.formatVersion))
    }

    @Test func anEmptyValueThatIsNotEmptyIsNoFilesEntries() throws {
        try write(["k": Entry(name: "the shard's", sizes: [], note: nil)], to: "shard.json")
        let merged = RecordFile<Table>(path: folder.path + "/own.json", temporaries: TemporaryFiles(), splices: true) {
            ["k": Entry(name: "the default's", sizes: [], note: nil)]
        }
        file("shard.json").readWithOrigins { table, origins in merged.fold(table, from: origins) }
        try merged.save()
        #expect(file("own.json").read { $0 }["k"]?.name == "the default's")
    }
}
