import Synchronization
import Testing
@testable import GalgenCore

@Suite("Blocks encoded on every core, written in order")
struct BlockEncodingTests {
    struct Failed: Error, Equatable {
        var block: Int
    }

    /// The bytes of index `i`: its number and a comma.
    static func bytes(_ range: Range<Int>) -> [UInt8] {
        range.flatMap { Array("\($0),".utf8) }
    }

    @Test(arguments: [0, 1, 7, 8, 9, 100, 1001])
    func theBytesAreThoseOfOneEncoderInOrder(count: Int) throws {
        var written: [[UInt8]] = []
        try writeInBlocks(count: count, perBlock: 8, threads: 3, encode: Self.bytes) { written.append($0) }
        #expect(written.flatMap { $0 } == Self.bytes(0..<count))
        #expect(written.count == (count + 7) / 8, "one write per block")
    }

    @Test func theFirstBlockToFailInOrderStopsItAndNothingAfterItIsWritten() {
        var written: [[UInt8]] = []
        // Blocks 3 and 5 fail (on other threads, in any order): block 3's error is the one thrown.
        #expect(throws: Failed(block: 3)) {
            try writeInBlocks(count: 80, perBlock: 8, threads: 2, encode: { range in
                let block = range.lowerBound / 8
                if block == 3 || block == 5 { throw Failed(block: block) }
                return Self.bytes(range)
            }) { written.append($0) }
        }
        #expect(written.flatMap { $0 } == Self.bytes(0..<24))
    }

    @Test func anErrorOfWriteStopsIt() {
        let encoded = Mutex(0)
        var writes = 0
        #expect(throws: Failed(block: -1)) {
            try writeInBlocks(count: 1000, perBlock: 10, threads: 2, encode: { range in
                encoded.withLock { $0 += 1 }
                return Self.bytes(range)
            }) { _ in
                writes += 1
                if writes == 2 { throw Failed(block: -1) }
            }
        }
        #expect(writes == 2)
        #expect(encoded.withLock { $0 } <= 4, "a round is a few blocks: no more are encoded after the failing write's")
    }
}
