import Foundation
import GalgenCore
@testable import GalgenImage
import GalgenPixels
import GalgenTestSupport
import Testing

/// The codec table: every output format's encoder writes bytes the format table recognises and
/// its codec reads back; every format's codec reads its own files.
struct CodecTableTests {
    /// A 48×32 gradient, so the encoders have something to encode.
    static let pixels: PixelBuffer = {
        var bytes: [UInt8] = []
        for y in 0..<32 { for x in 0..<48 { bytes += [UInt8(x * 5), UInt8(y * 7), 128] } }
        return PixelBuffer(width: 48, height: 32, layout: .rgb, bytes: bytes)
    }()

    @Test(arguments: OutputFormat.allCases)
    func everyOutputFormatRoundTrips(format: OutputFormat) throws {
        let encoder = try ImageCodecs.encoder(for: format)
        let bytes = try encoder.encode(Self.pixels, nil, encoder.quality(90, 48), RenditionMetadata())
        #expect(ImageFormat(signature: bytes) == format.imageFormat)
        let rendered = try PhotoRenderer.make().render(bytes, RenditionRequest(widths: [24], quality: 90, formats: [format]))
        #expect(rendered.sourceFormat == format.imageFormat)
        #expect((rendered.width, rendered.height) == (48, 32))
        #expect(rendered.renditions.map(\.format) == [format] && rendered.renditions.map(\.width) == [24])
        let encoded = try #require(rendered.renditions.first?.bytes)
        #expect(ImageFormat(signature: encoded) == format.imageFormat)
    }

    /// The rights a request gives are in every format's renditions, as galgen's own reader reads
    /// them back (exiftool reads them in `RightsInRenditionsTests`); without rights, none.
    @Test(arguments: OutputFormat.allCases)
    func everyOutputFormatCarriesTheRequestsRights(format: OutputFormat) throws {
        let encoder = try ImageCodecs.encoder(for: format)
        let source = try encoder.encode(Self.pixels, nil, encoder.quality(90, 48), RenditionMetadata())
        var request = RenditionRequest(widths: [24], quality: 90, formats: [format])
        request.rights = RightsSettings(creator: "Zoë <Lee> & Co", copyright: "© 2024 Zoë Lee", license: "https://example.org/l")
        let rendered = try PhotoRenderer.make().render(source, request)
        #expect(rendered.rightsWritten == request.rights)
        let rendition = try #require(rendered.renditions.first?.bytes)
        let read = try #require(PhotoMetadataReader.read(rendition, format: format.imageFormat))
        #expect(read.metadata.rights == EmbeddedRights(creator: "Zoë <Lee> & Co", copyright: "© 2024 Zoë Lee",
                                                       webStatement: "https://example.org/l"))
        let plain = try PhotoRenderer.make().render(source, RenditionRequest(widths: [24], quality: 90, formats: [format]))
        let plainRendition = try #require(plain.renditions.first?.bytes)
        #expect(PhotoMetadataReader.read(plainRendition, format: format.imageFormat)?.metadata.rights == EmbeddedRights())
        #expect(plain.rightsWritten.isEmpty)
    }

    @Test func keepingAlphaIsTheEncodersSay() throws {
        #expect(try ImageCodecs.encoder(for: .jpeg).keepsAlpha == false)
        #expect(try ImageCodecs.encoder(for: .webp).keepsAlpha && ImageCodecs.encoder(for: .avif).keepsAlpha)
        #expect(try #require(ImageCodecs.codec(for: .png)).encoder == nil && #require(ImageCodecs.codec(for: .heif)).encoder == nil)
    }

    /// One file of every format galgen reads, each told by its bytes and rendered by its codec.
    @Test(arguments: [
        ("mk_beach_1440x960.heic", ImageFormat.heif), ("lav_paris_icc_exif_xmp.avif", .avif),
        ("dn_photo1_vp8.webp", .webp), ("dn_scanned_photo_rgb8.png", .png),
    ])
    func everyFormatIsReadByItsCodec(name: String, format: ImageFormat) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name)))
        #expect(ImageFormat(signature: bytes) == format)
        let name = try #require(URL(fileURLWithPath: name).pathExtension.isEmpty ? nil : URL(fileURLWithPath: name).pathExtension)
        #expect(ImageFormat(fileExtension: name) == format)
        let rendered = try #require(ImageCodecs.codec(for: format)).render(bytes, RenditionRequest(widths: [64], quality: 80, formats: [.jpeg]))
        #expect(rendered.sourceFormat == format && rendered.renditions.count == 1)
    }
}
