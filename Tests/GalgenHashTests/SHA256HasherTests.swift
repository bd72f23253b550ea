import GalgenHash
import Testing

@Suite struct SHA256HasherTests {
    private func hex(_ digest: [UInt8]) -> String {
        digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// FIPS 180-2's examples and the empty string.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(hex(SHA256Hasher.hash(Array(text.utf8))) == digest)
    }

    @Test func aMillionAsFedInPiecesOfEverySize() {
        var hasher = SHA256Hasher()
        var fed = 0
        var piece = 1
        while fed < 1_000_000 {
            let count = min(piece, 1_000_000 - fed)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            fed += count
            piece = piece * 3 % 9_001 + 1  // 1 to 9,001 bytes: below, at and past the 4 KB gathering
        }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [1, 63, 64, 65, 4_095, 4_096, 4_097, 10_000])
    func piecesGiveTheDigestOfTheWhole(size: Int) {
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        var hasher = SHA256Hasher()
        for start in stride(from: 0, to: bytes.count, by: size) {
            hasher.update(Array(bytes[start..<min(start + size, bytes.count)]))
        }
        #expect(hasher.finalize() == SHA256Hasher.hash(bytes))
    }

    @Test func aCopyHashesOnByItself() {
        var first = SHA256Hasher()
        first.update(Array(repeating: 7, count: 5_000) + Array("ab".utf8))
        var second = first
        first.update(Array("c".utf8))
        second.update(Array("d".utf8))
        let prefix = [UInt8](repeating: 7, count: 5_000)
        #expect(first.finalize() == SHA256Hasher.hash(prefix + Array("abc".utf8)))
        #expect(second.finalize() == SHA256Hasher.hash(prefix + Array("abd".utf8)))
    }

    @Test func finalizingLeavesTheHasherFeedable() {
        var hasher = SHA256Hasher()
        hasher.update(Array("ab".utf8))
        #expect(hasher.finalize() == SHA256Hasher.hash(Array("ab".utf8)))
        hasher.update(Array("c".utf8))
        #expect(hex(hasher.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
