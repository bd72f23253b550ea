import GalgenJPEG
import Testing

struct ResamplerTests {
    @Test(arguments: [(300, 200, 100, 67), (300, 200, 299, 199), (17, 9, 5, 3), (64, 64, 64, 64), (10, 10, 20, 20)])
    func outputSizeIsExact(width: Int, height: Int, toWidth: Int, toHeight: Int) {
        let image = PixelBuffer(width: width, height: height, layout: .rgb, filledWith: 7)
        let resized = Resampler.resize(image, width: toWidth, height: toHeight)
        #expect(resized.width == toWidth && resized.height == toHeight)
        #expect(resized.bytes.count == toWidth * toHeight * 3)
    }

    @Test(arguments: [UInt8(0), 1, 77, 128, 254, 255])
    func flatColourStaysExact(value: UInt8) {
        let image = PixelBuffer(width: 123, height: 77, layout: .gray, filledWith: value)
        let resized = Resampler.resize(image, width: 31, height: 19)
        #expect(resized.bytes.allSatisfy { $0 == value })
    }

    /// Half the pixels black, half white: half the light. In linear light that is sRGB 188;
    /// averaging the encoded values gives 128, visibly too dark (the classic gamma error).
    @Test(arguments: [(true, 188), (false, 128)])
    func checkerboardAveragesToHalfTheLight(linearLight: Bool, expected: Int) {
        var bytes: [UInt8] = []
        for y in 0..<256 { for x in 0..<256 { bytes.append((x + y) % 2 == 0 ? 0 : 255) } }
        let board = PixelBuffer(width: 256, height: 256, layout: .gray, bytes: bytes)
        let resized = Resampler.resize(board, width: 32, height: 32, linearLight: linearLight)
        // Edges see a lopsided window; the interior must be even.
        for y in 4..<28 { for x in 4..<28 { #expect(abs(Int(resized.bytes[y * 32 + x]) - expected) <= 2) } }
    }

    @Test func everyByteSurvivesTheLinearRoundTrip() {
        // A 1-pixel-wide resize of flat rows: decode to linear, weights sum to 1, encode back.
        let bytes = (0..<256).flatMap { [UInt8($0), UInt8($0)] }
        let resized = Resampler.resize(PixelBuffer(width: 2, height: 256, layout: .gray, bytes: bytes), width: 1, height: 256)
        #expect(resized.bytes == (0..<256).map(UInt8.init))
    }

    @Test func stepEdgeRingsOnlyALittle() {
        // A hard black/white edge: Lanczos overshoots slightly; clamped values stay in range
        // and the dark side never rises far above black next to the edge.
        var bytes: [UInt8] = []
        for _ in 0..<8 { for x in 0..<400 { bytes.append(x < 200 ? 20 : 235) } }
        let resized = Resampler.resize(PixelBuffer(width: 400, height: 8, layout: .gray, bytes: bytes), width: 100, height: 2,
                                       linearLight: false)
        let row = Array(resized.bytes.prefix(100))
        #expect(row[0..<45].allSatisfy { abs(Int($0) - 20) <= 12 })
        #expect(row[55..<100].allSatisfy { abs(Int($0) - 235) <= 12 })
        #expect(row.allSatisfy { $0 >= 5 && $0 <= 250 })
    }
}
