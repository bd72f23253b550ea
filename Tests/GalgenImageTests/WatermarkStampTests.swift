import GalgenCore
@testable import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// A `watermark:` on renditions, checked by pixels: the corner marked, the rest untouched, the
/// small renditions and the placeholder as they were without it.
struct WatermarkStampTests {
    /// A real PNG with soft alpha (162 × 150, Adam7) as the mark.
    static func mark(opacity: Double = 1, width: Double = 0.25, minWidth: Int = 800) throws -> Watermark {
        let png = try Fixtures.bytes("formats/pil_pil123rgba_adam7.png")
        return Watermark(image: WatermarkImage(png: png, digest: "m"), position: .bottomRight, opacity: opacity, width: width,
                         minWidth: minWidth, margin: 0.05)
    }

    @Test func theMarkIsBlendedInItsCornerByItsAlphaAndOpacityAndNothingElseChanges() throws {
        let picture = PixelBuffer(width: 200, height: 100, layout: .rgb, filledWith: 100)
        let full = try WatermarkStamp(try Self.mark(), renditionProfile: nil)
        let half = try WatermarkStamp(try Self.mark(opacity: 0.5), renditionProfile: nil)
        let place = full.placement(width: 200, height: 100)
        #expect(place.width == 50 && place.height == 46 && place.x == 140 && place.y == 44, "\(place)")
        let marked = full.apply(to: picture), halfMarked = half.apply(to: picture)
        var changed = 0
        for y in 0 ..< 100 {
            for x in 0 ..< 200 {
                let inside = (place.x ..< place.x + place.width).contains(x) && (place.y ..< place.y + place.height).contains(y)
                for channel in 0 ..< 3 {
                    let index = (y * 200 + x) * 3 + channel
                    let original = Int(picture.bytes[index]), strong = Int(marked.bytes[index]), soft = Int(halfMarked.bytes[index])
                    if !inside {
                        #expect(strong == original && soft == original, "(\(x), \(y)) outside the mark changed")
                        continue
                    }
                    if strong != original { changed += 1 }
                    // Linear in opacity: half the opacity moves each value half as far (within rounding).
                    #expect(abs(2 * (soft - original) - (strong - original)) <= 2, "(\(x), \(y)): \(original) \(strong) \(soft)")
                }
            }
        }
        #expect(changed > 1000, "the mark shows: \(changed) values changed")
    }

    @Test func aRenditionIsMarkedFromMinWidthUpAndTheSmallerOnesAndThePlaceholderAreUntouched() throws {
        let source = try Fixtures.bytes("photos/dn_canon_a2500.jpg")
        var request = RenditionRequest(widths: [320, 960], quality: 82)
        let plain = try JPEGImageRenderer.render(source, request: request, decoder: JPEGDecoder())
        request.watermark = try Self.mark()
        let marked = try JPEGImageRenderer.render(source, request: request, decoder: JPEGDecoder())
        #expect(plain.renditions[0].jpeg == marked.renditions[0].jpeg, "320 px is under min_width: the same bytes")
        #expect(plain.placeholder == marked.placeholder)
        #expect(plain.renditions[1].jpeg != marked.renditions[1].jpeg)
        let before = try JPEGDecoder().decode(plain.renditions[1].jpeg).pixels
        let after = try JPEGDecoder().decode(marked.renditions[1].jpeg).pixels
        let place = try WatermarkStamp(try Self.mark(), renditionProfile: nil).placement(width: before.width, height: before.height)
        // JPEG codes 16 × 16 blocks; chroma is smoothed across one more sample: 32 px around the mark may differ.
        let near = { (x: Int, y: Int) in x >= place.x - 32 && x < place.x + place.width + 32 && y >= place.y - 32 && y < place.y + place.height + 32 }
        var differentInside = 0
        for y in 0 ..< before.height {
            for x in 0 ..< before.width {
                let index = (y * before.width + x) * 3
                let same = before.bytes[index ..< index + 3].elementsEqual(after.bytes[index ..< index + 3])
                if !near(x, y) {
                    if !same { Issue.record("(\(x), \(y)) is far from the mark and changed"); return }
                } else if !same {
                    differentInside += 1
                }
            }
        }
        #expect(differentInside > place.width * place.height / 4, "\(differentInside) pixels of the mark's \(place.width * place.height)")
        // The corner: the mark sits bottom-right, 5 % of the width from the edges.
        #expect(place.x + place.width == before.width - 48 && place.y + place.height == before.height - 48)
    }

    @Test func theMarksSRGBIsConvertedIntoARenditionsDisplayP3() throws {
        let red = PixelBuffer(width: 1, height: 1, layout: .rgb, bytes: [255, 0, 0])
        let inP3 = try ColourConversion.fromSRGB(red, to: try ColourFixtures.p3Profile()).bytes
        // sRGB's red inside Display P3's wider gamut: about (234, 51, 35).
        #expect(abs(Int(inP3[0]) - 234) <= 4 && abs(Int(inP3[1]) - 51) <= 6 && abs(Int(inP3[2]) - 35) <= 6, "\(inP3)")
    }
}
