import GalgenJPEG
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
        #expect(JPEGMarkers.exifPayload(in: jpeg) == nil)
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
