/// Indexes `0..<count` cut into blocks of `perBlock`, each block made into bytes by `encode` on
/// every core, a few blocks at a time, and handed to `write` in order: the bytes of one encoder,
/// made on every core, with no more than a few blocks held at once. A record file's entries
/// (`encodeEntries`) and the build report's photos (`BuildRecord.writeJSON`) are written so.
/// The first error thrown (by a block, in order, or by `write`) stops it.
public func writeInBlocks(count: Int, perBlock: Int, threads: Int = everyCore,
                          encode: @Sendable (Range<Int>) throws -> [UInt8], write: ([UInt8]) throws -> Void) throws {
    let blocks = stride(from: 0, to: count, by: perBlock).map { $0..<min(count, $0 + perBlock) }
    for round in stride(from: 0, to: blocks.count, by: threads * 2) {
        let encoded = Array(blocks[round..<min(blocks.count, round + threads * 2)]).concurrentMap(threads: threads, minimumPerSlice: 1) {
            range in Result { try encode(range) }
        }
        for block in encoded { try write(try block.get()) }
    }
}
