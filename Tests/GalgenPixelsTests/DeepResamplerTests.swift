import GalgenPixels
import Testing

/// 10- to 16-bit samples: scaled to the full range, resampled at that depth with `Resampler`'s
/// filter, and rounded to 8 bits once.
struct DeepResamplerTests {
    @Test func samplesOfAnyDepthAreScaledToTheFullRange() {
        let ten = DeepPixelBuffer.scaled([0, 1, 512, 1023], bits: 10, width: 4, height: 1, layout: .gray)
        #expect(ten.samples == [0, 64, 32800, 65535])
        #expect(DeepPixelBuffer.scaled([4095], bits: 12, width: 1, height: 1, layout: .gray).samples == [65535])
        #expect(DeepPixelBuffer.scaled([1234], bits: 16, width: 1, height: 1, layout: .gray).samples == [1234])
    }

    @Test func roundingIsToTheNearestLevel() {
        let image = DeepPixelBuffer(width: 5, height: 1, layout: .gray, samples: [0, 128, 129, 25_700, 65535])
        // 128 is 0.498 of a level, 129 is 0.502; 25,700 is exactly level 100.
        #expect(image.rounded().bytes == [0, 0, 1, 100, 255])
    }

    @Test func aFlatColourStaysExact() {
        let flat = DeepPixelBuffer(width: 40, height: 30, layout: .rgb,
                                   samples: Array([[UInt16]](repeating: [12345, 54321, 999], count: 40 * 30).joined()))
        for (width, height) in [(13, 7), (20, 15), (40, 10), (3, 30)] {
            let resized = DeepResampler.resize(flat, width: width, height: height)
            #expect((resized.width, resized.height) == (width, height))
            #expect(resized.samples == Array([[UInt16]](repeating: [12345, 54321, 999], count: width * height).joined()))
        }
    }

    @Test func largeReductionsBoxFirstAndStayExactOnFlatColour() {
        let flat = DeepPixelBuffer(width: 1000, height: 600, layout: .gray, samples: [UInt16](repeating: 40000, count: 600_000))
        #expect(DeepResampler.resize(flat, width: 50, height: 30).samples == [UInt16](repeating: 40000, count: 1500))
    }

    /// Levels 100.45, 100.45, 100.45 and 100.7 tiled in 2 × 2 blocks: each rounds to 100 or 101, their
    /// mean (100.51) to 101. Quartered at depth (a 2 × 2 box, then the filter) and rounded once, the
    /// result is 101; rounded first, the boxes average 100.25, and it is 100.
    @Test func aDeepImageIsRoundedOnceAfterResampling() {
        let low = UInt16((100.45 * 257).rounded()), high = UInt16((100.7 * 257).rounded())
        let samples = (0..<32).flatMap { y in (0..<32).map { x in x % 2 == 1 && y % 2 == 1 ? high : low } }
        let deep = DeepPixelBuffer(width: 32, height: 32, layout: .gray, samples: samples)
        let resampledDeep = DeepResampler.resize(deep, width: 8, height: 8).rounded()
        let roundedFirst = Resampler.resize(deep.rounded(), width: 8, height: 8)
        let inside = (2..<6).flatMap { y in (2..<6).map { y * 8 + $0 } }
        #expect(inside.allSatisfy { resampledDeep.bytes[$0] == 101 })
        #expect(inside.allSatisfy { roundedFirst.bytes[$0] == 100 })
    }

    @Test func itFollowsTheEightBitResamplerOnAPhotoLikeGradient() {
        // The same filter: on samples that are exact 8-bit levels, within one level of Resampler.
        let eight = (0..<(60 * 45 * 3)).map { (index: Int) -> UInt8 in
            let row = index / 180
            return UInt8((index * 7 + row * 13) % 256)
        }
        let image = PixelBuffer(width: 60, height: 45, layout: .rgb, bytes: eight)
        let deep = DeepPixelBuffer(width: 60, height: 45, layout: .rgb, samples: eight.map { UInt16($0) * 257 })
        let a = Resampler.resize(image, width: 17, height: 11), b = DeepResampler.resize(deep, width: 17, height: 11).rounded()
        #expect(zip(a.bytes, b.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}
