import GalgenCore
import GalgenTestSupport
import GalgenWebP
import Testing
@testable import GalgenImage

/// A WebP's RIFF chunks are read as they are in the file, not as libwebp's demuxer keeps them.
@Suite
struct LocationWebPTests {
    /// VP8X (flags: alpha only), ALPH, VP8.
    let base: [UInt8]
    let exifChunk = LocationBytes.riffChunk("EXIF", LocationBytes.tiff(gps: [LocationBytes.gpsPosition]))

    init() throws {
        base = try Fixtures.bytes("formats/dn_alpha_lossy_rose.webp")
    }

    func check(_ bytes: [UInt8]) -> LocationCheck { LocationScanner.check(bytes, format: .webp) }
    func render(_ bytes: [UInt8]) throws -> RenderedImage {
        try PhotoRenderer.make().render(bytes, RenditionRequest(widths: [64], quality: 80))
    }

    @Test func aWebPWithoutLocationHasNone() throws {
        #expect(check(base) == .none)
        #expect(try render(base).location == LocationCheck.none)
    }

    /// The VP8X header does not announce the chunk, so the demuxer would not keep it, nor do the
    /// metadata readers take it.
    @Test func anEXIFChunkWithoutItsFlagIsRead() throws {
        let bytes = LocationBytes.appending([exifChunk], to: base)
        #expect(LocationScanner.scan(bytes, format: .webp).blocks.exif == nil, "not the readers'")
        let rendered = try render(bytes)
        #expect(rendered.location == .found("GPS coordinates (GPSLatitude) in the EXIF of its first EXIF chunk"))
    }

    @Test func anEXIFChunkInASimpleFileIsRead() throws {
        let simple = try Fixtures.bytes("formats/dn_photo1_vp8.webp")
        #expect(check(LocationBytes.appending([exifChunk], to: simple)).isFound)
    }

    @Test func xmpUnderEitherNameIsRead() {
        for name in ["XMP ", "XMP\0"] {
            let bytes = LocationBytes.appending([LocationBytes.riffChunk(name, Array(LocationBytes.xmpWithGPS.utf8))], to: base)
            #expect(check(bytes).isFound, "\(name)")
        }
    }

    /// The pixels decode, but the demuxer refuses the chunk layout (a chunk runs past the end):
    /// galgen used to note that its metadata "could not be read" and publish the original anyway.
    @Test func aFileTheDemuxerCannotReadIsWithheld() throws {
        var bytes = LocationBytes.appending([Array("EXIF".utf8) + LocationBytes.le32(4000)] + [Array(exifChunk.dropFirst(8))], to: base)
        bytes.replaceSubrange(4..<8, with: LocationBytes.le32(UInt32(bytes.count - 8)))
        let decoded = try WebPDecoder.decode(bytes, maxPixels: 1 << 24)
        #expect(decoded.notes.contains { $0.contains("could not be read") })
        let rendered = try render(bytes)
        #expect(rendered.location?.isUnreadable == true, "\(String(describing: rendered.location))")
    }

    @Test func anUnknownChunkOrBytesAfterTheContainerAreUnreadable() {
        #expect(check(LocationBytes.appending([LocationBytes.riffChunk("C2PA", [1, 2, 3, 4])], to: base)).isUnreadable)
        #expect(check(base + Array("more".utf8)).isUnreadable)
        #expect(check(Array(base.dropLast(100))).isUnreadable)
    }

    @Test func everyFrameOfAnAnimationIsRead() throws {
        let animation = try Fixtures.bytes("formats/dn_animation_lossy_101f.webp")
        #expect(check(animation) == .none)
    }
}
