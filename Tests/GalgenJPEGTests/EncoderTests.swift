import GalgenJPEG
import GalgenPixels
import Testing

/// The encoder's output buffer has one owner: its error path, reached here by capping the output
/// as an allocation failure would, frees it once (libjpeg's memory destination left the shim
/// holding a pointer that growing the buffer had already freed, so an error freed it twice).
struct EncoderTests {
    /// Noise compresses badly: 384×384 RGB is about 150 KB of JPEG, so the 64 KB buffer must grow.
    static let noise: PixelBuffer = {
        var state: UInt32 = 2_463_534_242
        let bytes = (0..<384 * 384 * 3).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        return PixelBuffer(width: 384, height: 384, layout: .rgb, bytes: bytes)
    }()

    @Test func anOutputThatMustGrowIsWhole() throws {
        let jpeg = try JPEGEncoder(quality: 95).encode(Self.noise)
        #expect(jpeg.count > 65_536)
        #expect(jpeg.prefix(2) == [0xFF, 0xD8] && jpeg.suffix(2) == [0xFF, 0xD9])
        // A cap above the output changes nothing (libjpeg asks for room as soon as the buffer is full).
        #expect(try JPEGEncoder(quality: 95).encode(Self.noise, maxBytes: jpeg.count + 1) == jpeg)
    }

    @Test("An allocation failure while the output grows is an error, not a crash",
          arguments: [100, 4_096, 65_536, 65_537, 100_000])
    func failingToGrowIsAnError(_ maxBytes: Int) throws {
        let whole = try JPEGEncoder(quality: 95).encode(Self.noise)
        try #require(whole.count > 100_000)
        for _ in 0..<20 {
            #expect(throws: JPEGError("Insufficient memory (case 10)")) {
                try JPEGEncoder(quality: 95).encode(Self.noise, maxBytes: maxBytes)
            }
        }
        // The heap is intact: the next encode works and gives the same bytes as before.
        #expect(try JPEGEncoder(quality: 95).encode(Self.noise) == whole)
    }
}
