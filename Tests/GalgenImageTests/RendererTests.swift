import GalgenTestSupport
import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels
import Testing

struct RendererTests {
    static let request = RenditionRequest(widths: [120, 600], quality: 82)

    func render(_ path: String, request: RenditionRequest = request) throws -> RenderedImage {
        try JPEGImageRenderer.render(try Fixtures.bytes(path), request: request, decoder: JPEGDecoder())
    }

    /// Mean absolute difference per channel between two same-size images.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        let total = zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.bytes.count)
    }

    @Test(arguments: ["Landscape", "Portrait"], 0...8)
    func everyOrientationComesOutUpright(shape: String, orientation: Int) throws {
        let reference = try render("orientation/\(shape)_1.jpg")
        let rendered = try render("orientation/\(shape)_\(orientation).jpg")
        #expect(rendered.width == reference.width && rendered.height == reference.height)
        for (mine, theirs) in zip(rendered.renditions, reference.renditions) {
            #expect(mine.width == theirs.width && mine.height == theirs.height)
            let a = try JPEGDecoder().decode(mine.jpeg).pixels, b = try JPEGDecoder().decode(theirs.jpeg).pixels
            #expect(difference(a, b) < 6, "\(shape)_\(orientation) at \(mine.width) px differs from orientation 1")
        }
        if shape == "Landscape" { #expect(rendered.width > rendered.height) } else { #expect(rendered.height > rendered.width) }
    }

    @Test func neverUpscales() throws {
        let rendered = try render("odd/ljt_testorig_baseline420.jpg", request: RenditionRequest(widths: [100, 400, 1600], quality: 80))
        #expect(rendered.renditions.map(\.width) == [100, 227])
        #expect(rendered.renditions.last?.height == 149)
    }

    @Test func outputsCarryNoEXIFOrGPSButKeepICC() throws {
        // This phone photo has EXIF with GPS and an ICC profile.
        let source = try Fixtures.bytes("odd/dn_iphone6plus_420_dri_icc.jpg")
        let rendered = try JPEGImageRenderer.render(source, request: Self.request, decoder: JPEGDecoder())
        for rendition in rendered.renditions {
            let decoded = try JPEGDecoder().decode(rendition.jpeg)
            #expect(MetadataBlocks(jpeg: rendition.jpeg).exif == nil)
            #expect(decoded.iccProfile?.count == 3144)
            #expect(!containsSubsequence(rendition.jpeg, Array("Exif".utf8)))
        }
        #expect(MetadataBlocks(jpeg: source).exif != nil)
        #expect(rendered.warnings.contains { $0.contains("GPS coordinates") })
    }

    @Test func largeWidthsAreProgressive() throws {
        let rendered = try render("orientation/Landscape_1.jpg", request: RenditionRequest(widths: [400, 1200], quality: 82))
        #expect(try JPEGHeader.read(rendered.renditions[0].jpeg).isProgressive == false)
        #expect(try JPEGHeader.read(rendered.renditions[1].jpeg).isProgressive == true)
    }

    @Test func notAJPEGIsAClearError() {
        #expect { try JPEGImageRenderer.render(Array("<html>".utf8), request: Self.request, decoder: JPEGDecoder()) } throws: {
            "\($0)".contains("not a JPEG")
        }
        #expect { try JPEGImageRenderer.render([], request: Self.request, decoder: JPEGDecoder()) } throws: {
            "\($0)".contains("empty")
        }
    }

    @Test func truncatedFileRendersWithAWarning() throws {
        let rendered = try render("odd/pil_truncated_progressive.jpg")
        #expect(rendered.warnings.count == 1)
        #expect(rendered.warnings.first?.contains("Premature end") == true)
    }

    func containsSubsequence(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }
}

extension Rendition {
    /// A freshly rendered rendition's bytes (the renderer keeps them in memory).
    var jpeg: [UInt8] { bytes ?? [] }
}
