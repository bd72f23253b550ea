import GalgenPixels
import GalgenPNG
import GalgenTestSupport
import Testing

/// PNG files made in memory (TinyPNG) for what no fixture covers: low bit depths, gray
/// transparency, 16-bit rounding, an out-of-range gAMA with nothing else to go by, damage after
/// the image data, limits, and input that is not a PNG at all.
struct PNGSyntheticTests {
    @Test func oneBitGrayIsExpandedToFullRange() throws {
        // 8×2, 1 bit: 10110000 / 01001111.
        let file = TinyPNG.make(width: 8, height: 2, bitDepth: 1, colourType: 0, rows: [[0b1011_0000], [0b0100_1111]])
        let image = try PNGDecoder.decode(file, maxPixels: 100)
        #expect(image.pixels == PixelBuffer(width: 8, height: 2, layout: .gray,
                                           bytes: [255, 0, 255, 255, 0, 0, 0, 0, 0, 255, 0, 0, 255, 255, 255, 255]))
        #expect(image.alpha == nil)
    }

    @Test func grayTransparencyBecomesAnAlphaPlane() throws {
        // tRNS names gray 7 as transparent.
        let file = TinyPNG.make(width: 3, height: 1, bitDepth: 8, colourType: 0, rows: [[7, 8, 200]], extra: [("tRNS", [0, 7])])
        #expect(try PNGDecoder.header(file) == ImageHeader(width: 3, height: 1, hasAlpha: true))
        let image = try PNGDecoder.decode(file, maxPixels: 100)
        #expect(image.pixels.bytes == [7, 8, 200])
        #expect(image.alpha == [0, 255, 255])
    }

    @Test func sixteenBitSamplesAreRoundedNotTruncated() throws {
        // 0x01FF is 1.99 in 8 bits (2 rounded; v >> 8 would give 1); 0xFF7F is 254.5 (255 rounded).
        let file = TinyPNG.make(width: 3, height: 1, bitDepth: 16, colourType: 0, rows: [[0x01, 0xFF, 0xFF, 0x7F, 0x80, 0x80]])
        #expect(try PNGDecoder.decode(file, maxPixels: 100).pixels.bytes == [2, 255, 128])
    }

    @Test func anOpaqueSixteenBitFileIsAlsoKeptAtItsDepth() throws {
        let gray = TinyPNG.make(width: 3, height: 1, bitDepth: 16, colourType: 0, rows: [[0x01, 0xFF, 0xFF, 0x7F, 0x80, 0x80]])
        #expect(try PNGDecoder.decode(gray, maxPixels: 100).deep?.samples == [0x01FF, 0xFF7F, 0x8080])
        let rgb = TinyPNG.make(width: 1, height: 1, bitDepth: 16, colourType: 2, rows: [[0x12, 0x34, 0xAB, 0xCD, 0xFF, 0xFE]])
        let decoded = try PNGDecoder.decode(rgb, maxPixels: 100)
        #expect(decoded.deep == DeepPixelBuffer(width: 1, height: 1, layout: .rgb, samples: [0x1234, 0xABCD, 0xFFFE]))
        #expect(decoded.pixels.bytes == [0x12, 0xAB, 0xFF])
        // With alpha (gray + alpha, 16 bits each), the samples are rounded to 8 bits as before.
        let transparent = TinyPNG.make(width: 1, height: 1, bitDepth: 16, colourType: 4, rows: [[0x01, 0xFF, 0x80, 0x00]])
        let rounded = try PNGDecoder.decode(transparent, maxPixels: 100)
        #expect(rounded.deep == nil && rounded.pixels.bytes == [2] && rounded.alpha == [128])
    }

    @Test("A gAMA out of range, with no profile or sRGB chunk, is ignored and said so", arguments: [
        (UInt32(0), "0.00000"), (UInt32(999), "0.00999"), (UInt32(1_000_001), "10.00001"),
    ])
    func gammaOutOfRange(_ gamma: UInt32, _ shown: String) throws {
        let file = TinyPNG.make(width: 2, height: 1, bitDepth: 8, colourType: 0, rows: [[40, 200]],
                                extra: [("gAMA", TinyPNG.be32(gamma))])
        let image = try PNGDecoder.decode(file, maxPixels: 100)
        #expect(image.pixels.bytes == [40, 200])
        #expect(image.notes == ["its gAMA of \(shown) is out of range (0.01 to 10) and is ignored: the samples are taken as sRGB"])
    }

    @Test func gammaAtTheEdgesOfTheRangeIsApplied() throws {
        // libpng skips a correction within 5% of none (PNG_GAMMA_THRESHOLD): gAMA 0.45455 is
        // sRGB's own, 0.44 × 2.2 = 0.968 is close enough; 0.43 × 2.2 = 0.946 is not (40 → 36).
        for (gamma, expected): (UInt32, UInt8) in [(45455, 40), (44000, 40), (43000, 36)] {
            let file = TinyPNG.make(width: 1, height: 1, bitDepth: 8, colourType: 0, rows: [[40]], extra: [("gAMA", TinyPNG.be32(gamma))])
            #expect(try PNGDecoder.decode(file, maxPixels: 1).pixels.bytes == [expected], "gAMA \(gamma)")
        }
        // gAMA 10: 255 * (40/255)^(1 / 22) = 234.4; gAMA 0.01: 255 * (40/255)^(1 / 0.022) = 0.
        let high = TinyPNG.make(width: 1, height: 1, bitDepth: 8, colourType: 0, rows: [[40]], extra: [("gAMA", TinyPNG.be32(1_000_000))])
        #expect(try PNGDecoder.decode(high, maxPixels: 1).pixels.bytes == [234])
        let low = TinyPNG.make(width: 1, height: 1, bitDepth: 8, colourType: 0, rows: [[40]], extra: [("gAMA", TinyPNG.be32(1000))])
        #expect(try PNGDecoder.decode(low, maxPixels: 1).pixels.bytes == [0])
    }

    @Test func damageAfterTheImageDataIsANote() throws {
        var file = TinyPNG.make(width: 2, height: 1, bitDepth: 8, colourType: 2, rows: [[1, 2, 3, 4, 5, 6]])
        file[file.count - 1] ^= 0xFF  // IEND's CRC
        let image = try PNGDecoder.decode(file, maxPixels: 100)
        #expect(image.pixels.bytes == [1, 2, 3, 4, 5, 6])
        #expect(image.notes == ["libpng warned: IEND: CRC error"])
    }

    @Test func sidesOverTheLimitAreRefusedFromTheHeader() {
        // 70,000×1: refused by png_set_user_limits before a row is allocated.
        let file = TinyPNG.make(width: 70_000, height: 1, bitDepth: 8, colourType: 0, rows: [])
        #expect(throws: PNGError(message: "Invalid IHDR data (Image width exceeds user limit in IHDR)")) { try PNGDecoder.header(file) }
    }

    @Test func notAPNGFileIsRefused() {
        #expect(throws: PNGError(message: "not a PNG file")) { try PNGDecoder.header(Array("not a photo".utf8)) }
        #expect(throws: PNGError(message: "not a PNG file")) { try PNGDecoder.decode(Array(TinyPNG.signature.prefix(7)), maxPixels: 100) }
        #expect(throws: PNGError(message: "not a PNG file")) { try PNGDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46], maxPixels: 100) }
        #expect(throws: PNGError(message: "the file is empty")) { try PNGDecoder.header([]) }
        #expect(throws: PNGError(message: "the file is empty")) { try PNGDecoder.decode([], maxPixels: 100) }
        #expect(throws: PNGError(message: "unexpected end of file")) { try PNGDecoder.header(TinyPNG.signature) }
    }
}
