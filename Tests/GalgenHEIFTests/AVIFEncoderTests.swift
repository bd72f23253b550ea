import Foundation
import GalgenHEIF
import GalgenPixels
import GalgenTestSupport
import Testing

/// AVIF renditions through libheif's aom encoder: read back by libheif at the size written,
/// close to the pixels given, with their ICC profile and alpha, the same bytes every time.
@Suite
struct AVIFEncoderTests {
    static func fixture(_ name: String) throws -> DecodedImage {
        try HEIFDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name))), maxPixels: 20_000_000)
    }

    @Test func aPhotoComesBackAtItsSizeCloseToItsPixelsWithItsProfile() throws {
        let photo = try Self.fixture("lav_paris_icc_exif_xmp.avif")
        let encoded = try AVIFEncoder.encode(photo.pixels, quality: 70, iccProfile: photo.iccProfile)
        #expect(encoded[4..<12].elementsEqual("ftypavif".utf8))
        let decoded = try HEIFDecoder.decode(encoded, maxPixels: 1_000_000)
        // Odd sizes survive (403×302, 4:2:0).
        #expect((decoded.pixels.width, decoded.pixels.height) == (403, 302))
        #expect(meanSampleDifference(decoded.pixels.bytes, photo.pixels.bytes) < 5)
        #expect(decoded.iccProfile == photo.iccProfile)
    }

    @Test func theSameBytesEveryTime() throws {
        let photo = try Self.fixture("lav_paris_icc_exif_xmp.avif").pixels
        #expect(try AVIFEncoder.encode(photo, quality: 60) == AVIFEncoder.encode(photo, quality: 60))
    }

    @Test func alphaIsKept() throws {
        let abc = try Self.fixture("lav_abc_alpha_irot.avif")
        let alpha = try #require(abc.alpha)
        let decoded = try HEIFDecoder.decode(try AVIFEncoder.encode(abc.pixels, alpha: alpha, quality: 80), maxPixels: 1_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height) == (256, 512))
        #expect(meanSampleDifference(try #require(decoded.alpha), alpha) < 4)
    }

    @Test func grayIsEncodedAsRGBOfTheSameLevels() throws {
        let gray = PixelBuffer(width: 64, height: 32, layout: .gray, bytes: (0..<(64 * 32)).map { UInt8(($0 % 64) * 4) })
        let decoded = try HEIFDecoder.decode(try AVIFEncoder.encode(gray, quality: 90), maxPixels: 10_000)
        let levels = stride(from: 0, to: decoded.pixels.bytes.count, by: 3).map { decoded.pixels.bytes[$0] }
        #expect(meanSampleDifference(levels, gray.bytes) < 4)
    }
}
