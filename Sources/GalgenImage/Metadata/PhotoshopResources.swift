/// The image resource blocks of a Photoshop APP13 segment ("8BIM" blocks), bounds-checked.
///
/// A block is a 4-byte signature, a 2-byte id, a Pascal-string name padded to an even length, a
/// 4-byte size and the data, padded to an even length. Some writers leave out the data's padding:
/// when no signature follows at the padded place but one starts a byte earlier, the walk goes on there.
enum PhotoshopResources {
    /// Blocks looked at at most (a Photoshop file has a few dozen).
    static let maxBlocks = 1000
    /// Signatures Photoshop accepts for a resource block; IPTC is only ever in an "8BIM" one.
    static let signatures: [[UInt8]] = ["8BIM", "PHUT", "AgHg", "DCSR", "MeSa"].map { Array($0.utf8) }

    /// The data of the first "8BIM" block with this id (cut short if the bytes end inside it); nil
    /// when there is none or the walk breaks first.
    static func data(of id: UInt16, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var offset = bytes.startIndex
        for _ in 0..<maxBlocks {
            guard let block = block(in: bytes, at: offset) else { return nil }
            if block.id == id, block.signature.elementsEqual(signatures[0]) { return block.data }
            var next = block.data.endIndex + (block.data.count % 2)
            if !startsWithSignature(bytes, at: next), startsWithSignature(bytes, at: next - 1) { next -= 1 }
            offset = next
        }
        return nil
    }

    private struct Block {
        var signature: ArraySlice<UInt8>
        var id: UInt16
        var data: ArraySlice<UInt8>
    }

    private static func block(in bytes: ArraySlice<UInt8>, at offset: Int) -> Block? {
        guard startsWithSignature(bytes, at: offset), bytes.endIndex - offset >= 7 else { return nil }
        let id = UInt16(bytes[offset + 4]) << 8 | UInt16(bytes[offset + 5])
        let nameLength = Int(bytes[offset + 6])
        let sizeAt = offset + 6 + (1 + nameLength + 1) / 2 * 2
        guard bytes.endIndex - sizeAt >= 4 else { return nil }
        let size = bytes[sizeAt..<(sizeAt + 4)].reduce(0) { $0 << 8 | Int($1) }
        let dataAt = sizeAt + 4
        // A block cut short by the end of the segments keeps what is there; the walk ends after it.
        let kept = min(size, bytes.endIndex - dataAt)
        return Block(signature: bytes[offset..<(offset + 4)], id: id, data: bytes[dataAt..<(dataAt + kept)])
    }

    private static func startsWithSignature(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Bool {
        guard offset >= bytes.startIndex, bytes.endIndex - offset >= 4 else { return false }
        return signatures.contains { bytes[offset..<(offset + 4)].elementsEqual($0) }
    }
}
