import Foundation
import GalgenJXL
import GalgenPixels
import GalgenPNG
import GalgenTestSupport
import Testing

/// galgen's JPEG XL renditions, decoded by libjxl's own `djxl`: the size, the pixels, the alpha,
/// the gray, the metadata boxes, and the same bytes every time.
struct JXLEncoderTests {
    /// The mean absolute difference of two same-sized 8-bit buffers.
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    static func png(_ fixture: String) throws -> DecodedImage {
        try PNGDecoder.decode(try Fixtures.bytes(fixture), maxPixels: 100_000_000)
    }

    @Test func aPhotoDecodesWithDjxlToItsPixels() throws {
        let source = try Self.png("formats/dn_scanned_photo_rgb8.png")
        let encoded = try JXLEncoder.encode(source.pixels, quality: 83, effort: 4)
        #expect(JXLDecoder.isJXL(encoded) && JXLDecoder.isBareCodestream(encoded))
        let decoded = try PNGDecoder.decode(try JXLTools.djxl(encoded), maxPixels: 100_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height, decoded.pixels.layout) == (source.pixels.width, source.pixels.height, .rgb))
        let difference = Self.meanDifference(decoded.pixels.bytes, source.pixels.bytes)
        #expect(difference > 0 && difference < 3, "mean difference \(difference)")
        // galgen's decoder reads its own output as djxl does.
        let own = try JXLDecoder.decode(encoded, maxPixels: 100_000_000)
        #expect(Self.meanDifference(own.pixels.bytes, decoded.pixels.bytes) < 0.6)
        #expect(own.iccProfile == nil && own.alpha == nil)
    }

    @Test func theSamePixelsGiveTheSameBytes() throws {
        let source = try Self.png("formats/lav_kodim03_gray8_gama16.png")
        #expect(try JXLEncoder.encode(source.pixels, quality: 80, effort: 4) == JXLEncoder.encode(source.pixels, quality: 80, effort: 4))
    }

    @Test func aLowerQualityIsSmallerAndFurther() throws {
        let source = try Self.png("formats/dn_scanned_photo_rgb8.png")
        let high = try JXLEncoder.encode(source.pixels, quality: 90, effort: 4)
        let low = try JXLEncoder.encode(source.pixels, quality: 60, effort: 4)
        #expect(low.count < high.count * 2 / 3)
        let decodedLow = try PNGDecoder.decode(try JXLTools.djxl(low), maxPixels: 100_000_000)
        let decodedHigh = try PNGDecoder.decode(try JXLTools.djxl(high), maxPixels: 100_000_000)
        #expect(Self.meanDifference(decodedLow.pixels.bytes, source.pixels.bytes)
            > Self.meanDifference(decodedHigh.pixels.bytes, source.pixels.bytes))
    }

    @Test func alphaIsKept() throws {
        let source = try Self.png("formats/pil_pil123rgba_adam7.png")
        let alpha = try #require(source.alpha)
        let encoded = try JXLEncoder.encode(source.pixels, alpha: alpha, quality: 85, effort: 4)
        let decoded = try PNGDecoder.decode(try JXLTools.djxl(encoded), maxPixels: 100_000_000)
        let decodedAlpha = try #require(decoded.alpha)
        #expect(Self.meanDifference(decodedAlpha, alpha) < 1.5)
        let own = try JXLDecoder.decode(encoded, maxPixels: 100_000_000)
        #expect(Self.meanDifference(try #require(own.alpha), decodedAlpha) < 0.5)
    }

    @Test func grayStaysGray() throws {
        let source = try Self.png("formats/lav_kodim03_gray8_gama16.png")
        #expect(source.pixels.layout == .gray)
        let encoded = try JXLEncoder.encode(source.pixels, quality: 85, effort: 4)
        let own = try JXLDecoder.decode(encoded, maxPixels: 100_000_000)
        #expect(own.pixels.layout == .gray)
        #expect(Self.meanDifference(own.pixels.bytes, source.pixels.bytes) < 3)
    }

    /// EXIF goes in an `Exif` box (a 4-byte offset, then the TIFF structure), XMP in an `xml ` box,
    /// both before the codestream of a container file.
    @Test func metadataGoesInBoxes() throws {
        let pixels = PixelBuffer(width: 64, height: 48, layout: .rgb, filledWith: 120)
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let xmp = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#.utf8)
        let encoded = try JXLEncoder.encode(pixels, quality: 85, effort: 4, exif: tiff, xmp: xmp)
        #expect(JXLDecoder.isJXL(encoded) && !JXLDecoder.isBareCodestream(encoded))
        let boxes = JXLTools.boxes(encoded)
        #expect(boxes.map(\.type).prefix(2) == ["JXL ", "ftyp"])
        let exif = try #require(boxes.first { $0.type == "Exif" })
        #expect(exif.body == [0, 0, 0, 0] + tiff)
        #expect(boxes.first { $0.type == "xml " }?.body == xmp)
        let exifIndex = try #require(boxes.firstIndex { $0.type == "Exif" })
        // libjxl 0.7 writes the codestream's header (a first `jxlp` box), the metadata, then the image data.
        let imageData = try #require(boxes.lastIndex { $0.type == "jxlc" || $0.type == "jxlp" })
        #expect(exifIndex < imageData)
        #expect(try PNGDecoder.decode(try JXLTools.djxl(encoded), maxPixels: 1_000_000).pixels.width == 64)
    }

    @Test func anICCProfileTravelsWithThePixels() throws {
        let source = try Self.png("formats/dn_autumn_rgba_iccp_exif.png")
        let profile = try #require(source.iccProfile)
        let encoded = try JXLEncoder.encode(source.pixels, quality: 85, effort: 4, iccProfile: profile)
        let decoded = try JXLDecoder.decode(encoded, maxPixels: 100_000_000)
        // Lossy XYB with an ICC profile: decoded in Display P3 with sRGB's curve, and tagged so.
        #expect(decoded.iccProfile != nil)
    }

    /// cjxl 0.7's quality scale, which OutputQuality's table is written in.
    @Test func distanceFollowsCjxl() {
        #expect(JXLEncoder.distance(quality: 100) == 0)
        #expect(abs(JXLEncoder.distance(quality: 90) - 1.0) < 1e-6)
        #expect(abs(JXLEncoder.distance(quality: 82) - 1.72) < 1e-5)
        #expect(abs(JXLEncoder.distance(quality: 30) - 6.4) < 1e-5)
        #expect(JXLEncoder.distance(quality: 10) > 6.4)
    }

    @Test func oddSizesAreRefusedInWords() {
        #expect(throws: JXLError.self) { try JXLEncoder.encode(PixelBuffer(width: 0, height: 0, layout: .rgb, bytes: []), quality: 80, effort: 4) }
    }
}
