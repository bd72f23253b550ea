import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

struct DecoderTests {
    @Test(arguments: [
        (4000, 400, 1), (4000, 500, 1), (4000, 501, 2), (4000, 1600, 4), (4000, 4000, 8), (4000, 9000, 8), (227, 30, 2),
    ])
    func smallestCoveringScale(stored: Int, minimum: Int, numerator: Int) {
        #expect(JPEGDecoder.scaleNumerator(storedEdge: stored, minimumEdge: minimum) == numerator)
    }

    @Test func encodeThenDecodeKeepsSizeAndColour() throws {
        let red = PixelBuffer(width: 64, height: 48, layout: .rgb,
                              bytes: Array(repeating: [200, 30, 40], count: 64 * 48).flatMap { $0 })
        let jpeg = try JPEGEncoder(quality: 90).encode(red)
        let header = try JPEGHeader.read(jpeg)
        #expect(header.width == 64 && header.height == 48 && !header.isProgressive)
        let decoded = try JPEGDecoder().decode(jpeg)
        #expect(decoded.pixels.width == 64 && decoded.pixels.height == 48)
        let centre = (24 * 64 + 32) * 3
        #expect(abs(Int(decoded.pixels.bytes[centre]) - 200) <= 4)
        #expect(abs(Int(decoded.pixels.bytes[centre + 1]) - 30) <= 4)
        #expect(abs(Int(decoded.pixels.bytes[centre + 2]) - 40) <= 4)
    }

    @Test func progressiveGrayAndICCAreWritten() throws {
        let gray = PixelBuffer(width: 40, height: 30, layout: .gray, filledWith: 128)
        let profile = Array("fake-icc-profile-bytes".utf8)
        let jpeg = try JPEGEncoder(quality: 80, progressive: true).encode(gray, iccProfile: profile)
        let header = try JPEGHeader.read(jpeg)
        #expect(header.isProgressive && header.colorModel == .gray)
        let decoded = try JPEGDecoder().decode(jpeg)
        #expect(decoded.iccProfile == profile)
    }

    @Test func scaledDecodeUsesDCTScaling() throws {
        let flat = PixelBuffer(width: 800, height: 600, layout: .rgb, filledWith: 90)
        let jpeg = try JPEGEncoder().encode(flat)
        let quarter = try JPEGDecoder().decode(jpeg, scaleNumerator: 2)
        #expect(quarter.pixels.width == 200 && quarter.pixels.height == 150)
        #expect(quarter.storedWidth == 800 && quarter.storedHeight == 600)
    }

    @Test func garbageIsAnErrorNotACrash() {
        for bytes: [UInt8] in [[], [0xFF, 0xD8], Array("<html>not a jpeg</html>".utf8), [0xFF, 0xD8, 0xFF, 0xC0, 0, 4, 1, 2]] {
            #expect(throws: JPEGError.self) { try JPEGDecoder().decode(bytes) }
        }
    }

    @Test func pixelLimitIsCheckedFromTheHeader() throws {
        let jpeg = try JPEGEncoder().encode(PixelBuffer(width: 100, height: 100, layout: .gray, filledWith: 1))
        #expect { try JPEGDecoder(maxPixels: 9_999).decode(jpeg) } throws: { error in
            (error as? JPEGError)?.message.contains("more than the limit") == true
        }
    }
}

/// The limits handed to libjpeg follow the image and `max_pixels` instead of fixed numbers.
struct DecoderLimitTests {
    /// A progressive file keeps every coefficient until its last scan: for a 4-component image
    /// at the default max_pixels that is 1.6 GB, more than the 1 GB the decoder used to allow,
    /// which is why a 180 MP progressive photo failed with "Backing store not supported".
    @Test func memoryCoversEveryCoefficientOfTheLargestAllowedImage() {
        for maxPixels in [1_000_000, 50_000_000, 200_000_000, 400_000_000] {
            let blocks = (maxPixels + 63) / 64 * 101 / 100
            #expect(JPEGDecoder.memoryLimit(maxPixels: maxPixels) >= blocks * 64 * 2 * 4)
        }
    }

    @Test func scansAllowedShrinkAsTheImageGrows() {
        #expect(JPEGDecoder.scanLimit(pixels: 100 * 100) == 1000)
        #expect(JPEGDecoder.scanLimit(pixels: 12_000_000) == 666)
        #expect(JPEGDecoder.scanLimit(pixels: 200_000_000) == 64)
        #expect(JPEGDecoder.scanLimit(pixels: 0) == 1000)
        let sizes = stride(from: 1_000, through: 400_000_000, by: 3_999_999)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { JPEGDecoder.scanLimit(pixels: $0) >= JPEGDecoder.scanLimit(pixels: $1) })
    }

    @Test func aFileWithMoreScansThanAllowedStops() throws {
        let bytes = try Fixtures.bytes("odd/jd_progressive3_444.jpg")   // 11 scans
        #expect(throws: JPEGError.self) { try JPEGDecoder(maxScans: 5).decode(bytes, scaleNumerator: 1) }
        #expect(try JPEGDecoder().decode(bytes, scaleNumerator: 1).pixels.width == 82)
    }

    /// The case the issue reports, for real: 13,000 × 13,900 (181 MP, under the 200 MP default),
    /// progressive 4:4:4, whose 1.09 GB of coefficients did not fit the old fixed 1 GB. Flat grey, so
    /// it encodes and decodes in seconds.
    @Test func a181MegapixelProgressivePhotoDecodes() throws {
        let jpeg = try JPEGEncoder(quality: 50, progressive: true, fullChroma: true)
            .encode(PixelBuffer(width: 13_000, height: 13_900, layout: .rgb, filledWith: 128))
        let decoded = try JPEGDecoder().decode(jpeg, scaleNumerator: 1)
        #expect(decoded.pixels.width == 1_625 && decoded.pixels.height == 1_738)
        #expect(throws: JPEGError.self) { try JPEGDecoder(maxMemory: 1 << 30).decode(jpeg, scaleNumerator: 1) }
    }
}

