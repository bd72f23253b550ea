import Testing
@testable import GalgenCrypto

/// The sealed-file format: what seals opens, any byte range opens from its own chunks, and
/// every change (a bit, an order, a length, another file's piece, another key) is refused.
struct SealedFileTests {
    static let key = [UInt8](repeating: 0x42, count: 32)
    static let otherKey = [UInt8](repeating: 0x43, count: 32)
    static let size = SealedFile.chunkSize

    static func plaintext(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }
    static func digest(_ tag: UInt8) -> [UInt8] { [UInt8](repeating: tag, count: 32) }

    @Test(arguments: [0, 1, 100, SealedFileTests.size - 1, SealedFileTests.size, SealedFileTests.size + 1, 3 * SealedFileTests.size + 17])
    func whatIsSealedOpensAndHasTheLengthItSays(count: Int) throws {
        let plain = Self.plaintext(count)
        let sealed = try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.key)
        #expect(sealed.count == SealedFile.sealedLength(plaintextLength: count))
        #expect(try SealedFile.open(sealed, contentKey: Self.key) == plain)
        #expect(Array(sealed.prefix(6)) == Array("GGP1".utf8) + [1, 16])
    }

    @Test func theSameFileSealsTheSameAndTheHeaderHidesTheDigest() throws {
        let plain = Self.plaintext(1000)
        let one = try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.key)
        #expect(one == (try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.key)))
        #expect(!one.prefix(SealedFile.headerSize).starts(with: Array(one.prefix(6)) + Self.digest(1)))
        #expect(one != (try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.otherKey)))
        // Another file: another key, so its chunk 0 is unlike this one's even for the same bytes.
        let other = try SealedFile.seal(plain, digest: Self.digest(2), contentKey: Self.key)
        #expect(one[SealedFile.headerSize...] != other[SealedFile.headerSize...])
    }

    @Test func everyChangeIsRefused() throws {
        let plain = Self.plaintext(2 * Self.size + 10)
        let sealed = try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.key)
        let stride = Self.size + 16, header = SealedFile.headerSize
        // A flipped bit in the header, in each chunk's body and in each tag.
        for position in [0, 5, 10, header, header + 1000, header + stride - 1, header + stride + 5, sealed.count - 1] {
            var changed = sealed
            changed[position] ^= 0x80
            #expect(throws: CryptoError.self) { try SealedFile.open(changed, contentKey: Self.key) }
        }
        // Chunks 0 and 1 swapped.
        let swapped = Array(sealed[..<header]) + sealed[(header + stride)..<(header + 2 * stride)] + sealed[header..<(header + stride)]
            + sealed[(header + 2 * stride)...]
        #expect(throws: CryptoError.self) { try SealedFile.open(swapped, contentKey: Self.key) }
        // Cut at a chunk's end (the last chunk's flag is missing), inside a chunk, or to the header.
        for length in [header + stride, header + 2 * stride, sealed.count - 1, header + 10, header] {
            #expect(throws: CryptoError.self) { try SealedFile.open(Array(sealed.prefix(length)), contentKey: Self.key) }
        }
        // Another key; another file's chunk in its place (same index and flag).
        #expect(throws: CryptoError.self) { try SealedFile.open(sealed, contentKey: Self.otherKey) }
        let other = try SealedFile.seal(plain, digest: Self.digest(2), contentKey: Self.key)
        let spliced = Array(sealed[..<header]) + other[header..<(header + stride)] + sealed[(header + stride)...]
        #expect(throws: CryptoError.self) { try SealedFile.open(spliced, contentKey: Self.key) }
        #expect(throws: CryptoError.self) { try SealedFile.open(Array("not sealed".utf8), contentKey: Self.key) }
    }

    /// A byte range opens from the chunks that cover it, as the service worker answers `Range:`.
    @Test(arguments: [0..<2, 5..<70_000, 65_535..<65_537, 131_072..<196_618, 196_600..<196_618])
    func aByteRangeOpensFromItsOwnChunks(range: Range<Int>) throws {
        let plain = Self.plaintext(3 * Self.size + 10)
        let sealed = try SealedFile.seal(plain, digest: Self.digest(1), contentKey: Self.key)
        let reader = try SealedFile.Reader(header: sealed.prefix(SealedFile.headerSize), contentKey: Self.key)
        let (indices, span) = SealedFile.chunks(covering: range, plaintextLength: plain.count)
        let lastIndex = SealedFile.chunkCount(plaintextLength: plain.count) - 1
        var opened: [UInt8] = []
        var offset = span.lowerBound
        for index in indices {
            let end = min(span.upperBound, offset + Self.size + 16)
            opened += try reader.open(sealed[offset..<end], index: index, last: index == lastIndex)
            offset = end
        }
        #expect(offset == span.upperBound)
        let start = indices.lowerBound * Self.size
        #expect(Array(opened[(range.lowerBound - start)..<(range.upperBound - start)]) == Array(plain[range]))
    }
}
