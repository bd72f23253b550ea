import Foundation
import GalgenPixels
import GalgenTestSupport
import GalgenWebP
import Testing

/// WebP renditions: read back by libwebp at the size written, close to the pixels given, with
/// the ICC profile and the alpha they were given, the same bytes every time.
@Suite
struct WebPEncoderTests {
    static func fixture(_ name: String) throws -> DecodedImage {
        try WebPDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name))), maxPixels: 10_000_000)
    }

    @Test func aPhotoComesBackAtItsSizeAndCloseToItsPixels() throws {
        let photo = try Self.fixture("dn_photo1_vp8.webp").pixels
        let encoded = try WebPEncoder.encode(photo, quality: 90)
        let decoded = try WebPDecoder.decode(encoded, maxPixels: 10_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height) == (1024, 772))
        #expect(meanSampleDifference(decoded.pixels.bytes, photo.bytes) < 4)
        #expect(decoded.iccProfile == nil && decoded.alpha == nil)
        // Lower quality, fewer bytes.
        #expect(try WebPEncoder.encode(photo, quality: 50).count < encoded.count)
    }

    @Test func theSameBytesEveryTime() throws {
        let photo = try Self.fixture("dn_htc_desire_icc_exif.webp")
        let first = try WebPEncoder.encode(photo.pixels, quality: 80, iccProfile: photo.iccProfile)
        #expect(try WebPEncoder.encode(photo.pixels, quality: 80, iccProfile: photo.iccProfile) == first)
    }

    @Test func theICCProfileTravels() throws {
        let photo = try Self.fixture("dn_htc_desire_icc_exif.webp")
        let profile = try #require(photo.iccProfile)
        let decoded = try WebPDecoder.decode(try WebPEncoder.encode(photo.pixels, quality: 80, iccProfile: profile), maxPixels: 10_000_000)
        #expect(decoded.iccProfile == profile)
    }

    @Test func alphaIsKept() throws {
        let rose = try Self.fixture("dn_alpha_lossless_rose.webp")
        let alpha = try #require(rose.alpha)
        let decoded = try WebPDecoder.decode(try WebPEncoder.encode(rose.pixels, alpha: alpha, quality: 85), maxPixels: 10_000_000)
        #expect(meanSampleDifference(try #require(decoded.alpha), alpha) < 2)
    }

    @Test func grayIsEncodedAsRGBOfTheSameLevels() throws {
        let gray = PixelBuffer(width: 64, height: 32, layout: .gray, bytes: (0..<(64 * 32)).map { UInt8(($0 % 64) * 4) })
        let decoded = try WebPDecoder.decode(try WebPEncoder.encode(gray, quality: 95), maxPixels: 10_000)
        let levels = stride(from: 0, to: decoded.pixels.bytes.count, by: 3).map { decoded.pixels.bytes[$0] }
        #expect(meanSampleDifference(levels, gray.bytes) < 3)
    }

    @Test func anImpossibleSizeIsAnError() {
        #expect(throws: WebPError.self) {
            try WebPEncoder.encode(PixelBuffer(width: 20_000, height: 1, layout: .gray, filledWith: 0), quality: 80)
        }
    }
}
