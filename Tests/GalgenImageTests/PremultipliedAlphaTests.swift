import Foundation
import GalgenHEIF
import GalgenPixels
import GalgenTestSupport
import GalgenWebP
import Testing

/// An AVIF that stores its colours premultiplied by alpha (Tests/Fixtures/heif/SOURCES.md) decodes
/// to the same straight colours as the WebP it was made from.
@Suite
struct PremultipliedAlphaTests {
    @Test func premultipliedColoursComeBackStraight() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let avif = Array(try Data(contentsOf: folder.appendingPathComponent("Fixtures/heif/rose_premultiplied.avif")))
        let decoded = try HEIFDecoder.decode(avif, maxPixels: 1_000_000)
        let straight = try WebPDecoder.decode(try Fixtures.bytes("formats/dn_alpha_lossless_rose.webp"), maxPixels: 1_000_000)
        let alpha = try #require(decoded.alpha)
        #expect(alpha == straight.alpha)
        // Where a pixel is at least an eighth opaque, its colours are within what premultiplying
        // at 8 bits costs (half a level of the premultiplied value, 255 / alpha / 2 levels back)
        // plus libheif's own level of RGB round trip (1 level before dividing: 255 / alpha after),
        // so |difference| × alpha ≤ alpha + 2 × 255. Left premultiplied, a colour at half alpha
        // would be half its value off.
        var worst = 0, translucent = 0
        for (pixel, a) in alpha.enumerated() where a >= 32 {
            if a < 255 { translucent += 1 }
            for channel in 0..<3 {
                let difference = abs(Int(decoded.pixels.bytes[pixel * 3 + channel]) - Int(straight.pixels.bytes[pixel * 3 + channel]))
                worst = max(worst, difference * Int(a) - Int(a))
            }
        }
        #expect(translucent > 1000, "the rose has soft edges to check")
        #expect(worst <= 2 * 255, "a colour is off by more than rounding: \(worst)")
    }

    @Test func premultiplyingAndBackKeepsOpaqueAndClearPixels() {
        let pixels = PixelBuffer(width: 3, height: 1, layout: .rgb, bytes: [200, 100, 50, 200, 100, 50, 200, 100, 50])
        let alpha: [UInt8] = [255, 128, 0]
        let premultiplied = pixels.premultiplied(alpha: alpha)
        #expect(premultiplied.bytes == [200, 100, 50, 100, 50, 25, 0, 0, 0])
        #expect(premultiplied.unpremultiplied(alpha: alpha).bytes == [200, 100, 50, 199, 100, 50, 0, 0, 0])
    }
}
