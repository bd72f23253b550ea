@testable import GalgenPixels
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

    /// Half the pixels black, half white: in encoded values (the light space galgen works in,
    /// as vips and Pillow do by default) the average is 128.
    @Test func checkerboardAveragesToMidGray() {
        var bytes: [UInt8] = []
        for y in 0..<256 { for x in 0..<256 { bytes.append((x + y) % 2 == 0 ? 0 : 255) } }
        let board = PixelBuffer(width: 256, height: 256, layout: .gray, bytes: bytes)
        let resized = Resampler.resize(board, width: 32, height: 32)
        for y in 4..<28 { for x in 4..<28 { #expect(abs(Int(resized.bytes[y * 32 + x]) - 128) <= 1) } }
    }

    @Test func everyByteSurvivesAHalving() {
        // Flat rows two pixels wide to one: the fixed-point weights sum to exactly one.
        let bytes = (0..<256).flatMap { [UInt8($0), UInt8($0)] }
        let resized = Resampler.resize(PixelBuffer(width: 2, height: 256, layout: .gray, bytes: bytes), width: 1, height: 256)
        #expect(resized.bytes == (0..<256).map(UInt8.init))
    }

    /// A large reduction goes through the box average first; a bright square must land where it
    /// was, in proportion, with or without that step (no half-pixel drift from the box grid).
    @Test(arguments: [(1000, 100), (1000, 400), (999, 101), (4001, 400)])
    func featuresStayInPlace(source: Int, target: Int) {
        var bytes = [UInt8](repeating: 0, count: source * 8)
        let from = source * 6 / 10, to = source * 7 / 10
        for y in 0..<8 { for x in from..<to { bytes[y * source + x] = 200 } }
        let resized = Resampler.resize(PixelBuffer(width: source, height: 8, layout: .gray, bytes: bytes), width: target, height: 1)
        let row = resized.bytes.map(Double.init)
        let centre = row.indices.reduce(0.0) { $0 + (Double($1) + 0.5) * row[$1] } / row.reduce(0, +)
        let expected = (Double(from + to) / 2) * Double(target) / Double(source)
        #expect(abs(centre - expected) < 0.05, "centre \(centre), expected \(expected)")
    }

    @Test func boxFactorLeavesLanczosAtLeastAlmostTwice() {
        #expect(Resampler.boxFactor(1000, 400) == 1)
        #expect(Resampler.boxFactor(1600, 400) == 2)
        #expect(Resampler.boxFactor(4000, 400) == 5)
        for source in stride(from: 400, to: 20_000, by: 37) {
            let residual = Double(source) / Double(Resampler.boxFactor(source, 400)) / 400
            #expect(residual >= 1 && residual < 3.5)
        }
    }

    @Test func stepEdgeRingsOnlyALittle() {
        // A hard black/white edge: Lanczos overshoots slightly; clamped values stay in range
        // and the dark side never rises far above black next to the edge.
        var bytes: [UInt8] = []
        for _ in 0..<8 { for x in 0..<400 { bytes.append(x < 200 ? 20 : 235) } }
        let resized = Resampler.resize(PixelBuffer(width: 400, height: 8, layout: .gray, bytes: bytes), width: 100, height: 2)
        let row = Array(resized.bytes.prefix(100))
        #expect(row[0..<45].allSatisfy { abs(Int($0) - 20) <= 12 })
        #expect(row[55..<100].allSatisfy { abs(Int($0) - 235) <= 12 })
        #expect(row.allSatisfy { $0 >= 5 && $0 <= 250 })
    }
}

/// The streamed resize (rows read from a source as the filter needs them, through a ring of
/// slots, boxed on the way in) gives exactly the bytes of the in-memory one.
struct StreamedResamplerTests {
    struct Rows: RowSource {
        let image: PixelBuffer
        var next = 0
        var width: Int { image.width }
        var height: Int { image.height }
        var layout: PixelBuffer.Layout { image.layout }

        mutating func read(into rows: UnsafeMutablePointer<UInt8>, count: Int) throws {
            let rowBytes = image.width * image.channels
            precondition(next + count <= image.height, "read past the end")
            image.bytes.withUnsafeBufferPointer { rows.update(from: $0.baseAddress! + next * rowBytes, count: count * rowBytes) }
            next += count
        }
    }

    static func noise(_ width: Int, _ height: Int, _ layout: PixelBuffer.Layout) -> PixelBuffer {
        var state: UInt32 = 12_345
        let bytes = (0..<width * height * layout.rawValue).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        return PixelBuffer(width: width, height: height, layout: layout, bytes: bytes)
    }

    @Test(arguments: [(640, 480, 400, 300), (640, 480, 160, 120), (1001, 333, 97, 32), (300, 200, 300, 100),
                      (300, 200, 120, 200), (64, 64, 64, 64), (2000, 30, 100, 3)])
    func sameBytesAsInMemory(width: Int, height: Int, toWidth: Int, toHeight: Int) throws {
        for layout in [PixelBuffer.Layout.rgb, .gray] {
            let image = Self.noise(width, height, layout)
            let streamed = try Resampler.resize(Rows(image: image), width: toWidth, height: toHeight)
            #expect(streamed == Resampler.resize(image, width: toWidth, height: toHeight), "\(layout)")
        }
    }
}

struct BoxReductionTests {
    /// Every block's average, rounded half up, exactly: full blocks use a multiply for the
    /// division (blocks up to 64 × 64), partial blocks at the edges and larger ones divide.
    @Test(arguments: [(2, 2), (3, 5), (7, 1), (1, 4), (64, 64), (70, 70)])
    func averagesAreExactlyRounded(byX: Int, byY: Int) {
        for layout in [PixelBuffer.Layout.rgb, .gray] {
            let image = StreamedResamplerTests.noise(150, 141, layout)
            let reduced = BoxReduction.reduce(image, byX: byX, byY: byY)
            let c = layout.rawValue
            var expected: [UInt8] = []
            for by in stride(from: 0, to: image.height, by: byY) {
                for bx in stride(from: 0, to: image.width, by: byX) {
                    for channel in 0..<c {
                        var total = 0, n = 0
                        for y in by..<min(by + byY, image.height) {
                            for x in bx..<min(bx + byX, image.width) { total += Int(image.bytes[(y * image.width + x) * c + channel]); n += 1 }
                        }
                        expected.append(UInt8((total + n / 2) / n))
                    }
                }
            }
            #expect(reduced.bytes == expected, "\(byX)×\(byY) \(layout)")
        }
    }
}
