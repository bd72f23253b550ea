import Foundation
import GalgenJXL
import GalgenPixels
import GalgenPNG
import GalgenTestSupport
import Testing

/// JPEG XL photos as cjxl makes them: lossy and lossless, recompressed JPEGs, turned, deep,
/// wide-gamut, transparent; and files that are not right.
struct JXLDecoderTests {
    @Test func aRecompressedJPEGIsUprightAsItsCodestreamSays() throws {
        // Landscape_6: 1200×1800 stored, EXIF orientation 6; cjxl carries the turn into the codestream.
        let turned = try JXLTools.cjxl("orientation/Landscape_6.jpg")
        let header = try JXLDecoder.header(turned)
        #expect((header.width, header.height) == (1800, 1200))
        let decoded = try JXLDecoder.decode(turned, maxPixels: 10_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height) == (1800, 1200))
        let upright = try JXLDecoder.decode(try JXLTools.cjxl("orientation/Landscape_1.jpg"), maxPixels: 10_000_000)
        #expect(JXLEncoderTests.meanDifference(decoded.pixels.bytes, upright.pixels.bytes) < 6)
    }

    @Test func theOriginalJPEGIsRebuiltByteForByte() throws {
        let jpeg = try Fixtures.bytes("photos/dn_oppo_r7plus.jpg")
        let recompressed = try JXLTools.cjxl("photos/dn_oppo_r7plus.jpg")
        #expect(recompressed.count < jpeg.count)
        #expect(try JXLMetadata.reconstructedJPEG(recompressed, limit: 64 << 20) == jpeg)
        // A lossy file has nothing to rebuild.
        let lossy = try JXLTools.cjxl("photos/dn_oppo_r7plus.jpg", ["--lossless_jpeg=0", "-q", "80"])
        #expect(try JXLMetadata.reconstructedJPEG(lossy, limit: 64 << 20) == nil)
        #expect(throws: JXLError.self) { try JXLMetadata.reconstructedJPEG(recompressed, limit: 1000) }
    }

    @Test func aDeepLosslessPhotoKeepsItsDepth() throws {
        let source = try PNGDecoder.decode(try Fixtures.bytes("formats/lav_weld_rgb16.png"), maxPixels: 10_000_000)
        let sourceDeep = try #require(source.deep)
        let lossless = try JXLTools.cjxl("formats/lav_weld_rgb16.png", ["-d", "0"])
        #expect(try JXLDecoder.header(lossless).bitDepth == 16)
        let decoded = try JXLDecoder.decode(lossless, maxPixels: 10_000_000)
        let deep = try #require(decoded.deep)
        #expect(deep.samples == sourceDeep.samples)
        #expect(decoded.pixels == deep.rounded())
    }

    @Test func transparencyIsStraightAlpha() throws {
        let source = try PNGDecoder.decode(try Fixtures.bytes("formats/dn_palette_trns_256.png"), maxPixels: 10_000_000)
        let lossless = try JXLTools.cjxl("formats/dn_palette_trns_256.png", ["-d", "0"])
        #expect(try JXLDecoder.header(lossless).hasAlpha)
        let decoded = try JXLDecoder.decode(lossless, maxPixels: 10_000_000)
        #expect(decoded.alpha == source.alpha)
        // Colours under full transparency are the encoder's to choose; everywhere else they are kept.
        let alpha = try #require(source.alpha)
        let visible = (0..<alpha.count).filter { alpha[$0] > 0 }
        #expect(visible.count > 100 && visible.count < alpha.count)
        #expect(visible.allSatisfy { pixel in
            (0..<3).allSatisfy { decoded.pixels.bytes[pixel * 3 + $0] == source.pixels.bytes[pixel * 3 + $0] }
        })
    }

    /// A lossy JPEG XL of a Display P3 JPEG (XYB, with the JPEG's ICC profile): decoded in Display P3
    /// with sRGB's curve and tagged with it, where libjxl's own choice (linear sRGB) would clip.
    @Test func aWideGamutPhotoKeepsAProfile() throws {
        let lossy = try JXLTools.cjxl("colour/tomatoes_display_p3.jpg", ["--lossless_jpeg=0", "-q", "90"])
        let decoded = try JXLDecoder.decode(lossy, maxPixels: 10_000_000)
        let profile = try #require(decoded.iccProfile)
        // libjxl reads the JPEG's Display P3 profile as primaries it names in the profile it makes
        // ("RGB_D65_0.678678;0.319373;…", red at x 0.68 as P3's; a named P3 would be "…_DCI_…"),
        // never linear ("…_Lin"), which would band at 8 bits.
        #expect((Self.describes(profile, "DCI") || Self.describes(profile, "D65_0.67")) && !Self.describes(profile, "Lin"),
                "\(String(decoding: profile.prefix(400).map { (0x20..<0x7F).contains($0) ? $0 : 46 }, as: UTF8.self))")
        // An sRGB photo's pixels come untagged.
        let srgb = try JXLTools.cjxl("formats/dn_scanned_photo_rgb8.png", ["-q", "85"])
        #expect(try JXLDecoder.decode(srgb, maxPixels: 10_000_000).iccProfile == nil)
    }

    @Test func overMaxPixelsIsRefusedBeforeDecoding() throws {
        let file = try JXLTools.cjxl("formats/dn_scanned_photo_rgb8.png", ["-q", "80"])
        let header = try JXLDecoder.header(file)
        let error = try #require(failure { _ = try JXLDecoder.decode(file, maxPixels: 1000) })
        #expect(error == "it has \(header.width * header.height) pixels (\(header.width)×\(header.height)), over thumbnails.max_pixels (1000)")
    }

    @Test func damagedFilesAreRefusedInWords() throws {
        let file = try JXLTools.cjxl("formats/dn_scanned_photo_rgb8.png", ["-q", "80"])
        #expect(failure { _ = try JXLDecoder.decode([], maxPixels: 1 << 30) } == "the file is empty")
        #expect(failure { _ = try JXLDecoder.decode(Array("not a photo".utf8), maxPixels: 1 << 30) }?
            .hasPrefix("not a JPEG XL file") == true)
        #expect(failure { _ = try JXLDecoder.decode([0, 0, 0, 0x0C, 0x4A], maxPixels: 1 << 30) }?.contains("truncated") == true)
        let cut = try #require(failure { _ = try JXLDecoder.decode(Array(file.prefix(file.count / 2)), maxPixels: 1 << 30) })
        #expect(cut == "its data is cut short, damaged or uses a feature libjxl 0.7.0 cannot decode"
            || cut == "the file is truncated (its codestream ends early)", "\(cut)")
        var scrambled = file
        for index in stride(from: 40, to: scrambled.count, by: 7) { scrambled[index] ^= 0x5A }
        #expect(failure { _ = try JXLDecoder.decode(scrambled, maxPixels: 1 << 30) } != nil)
    }

    /// An HDR photo (PQ) is refused as HEIF's is, with what to do instead.
    @Test func hdrIsRefused() throws {
        let pq = try JXLTools.cjxl("formats/lav_weld_rgb16.png", ["-d", "0", "-x", "color_space=RGB_D65_202_Rel_PeQ"])
        let message = try #require(failure { _ = try JXLDecoder.decode(pq, maxPixels: 10_000_000) })
        #expect(message.hasPrefix("it is an HDR image (PQ transfer), which galgen cannot tone-map to SDR yet"))
    }

    /// Whether an ICC profile's bytes hold `text` (its description, as ASCII or UTF-16).
    static func describes(_ profile: [UInt8], _ text: String) -> Bool {
        let ascii = Array(text.utf8)
        let utf16: [UInt8] = ascii.flatMap { [0, $0] }
        return profile.firstRange(of: ascii) != nil || profile.firstRange(of: utf16) != nil
    }

    func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
