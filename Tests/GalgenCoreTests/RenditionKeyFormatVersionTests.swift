@testable import GalgenCore
import Testing

/// A changed AVIF/WebP encoding (issue 28's refit) re-encodes those formats' cached renditions,
/// and only theirs: the keys hold the JPEG quality, not the setting derived from it.
struct RenditionKeyFormatVersionTests {
    /// The key as galgen made it before formats had versions of their own.
    private func unversionedKey(_ request: RenditionRequest, _ format: OutputFormat) -> String {
        var parts = ["d", request.widths.map(String.init).joined(separator: ","), "\(request.quality)",
                     "\(request.maxPixels)", "colour=\(request.colour.rawValue)", "g", RenditionKey.rendererVersion]
        if format != .jpeg { parts.append("format=\(format.rawValue)") }
        return ContentHash.hex(Array(parts.joined(separator: "|").utf8))
    }

    @Test func avifAndWebPKeysChangeWhileJPEGKeepsItsKey() {
        let request = RenditionRequest(widths: [320, 640, 1080, 1920], quality: 82)
        let key = { (format: OutputFormat) in RenditionKey.make(sourceDigest: "d", request: request, generator: "g", format: format) }
        #expect(key(.jpeg) == unversionedKey(request, .jpeg))
        #expect(key(.avif) != unversionedKey(request, .avif))
        #expect(key(.webp) != unversionedKey(request, .webp))
    }

    @Test func onlyTheNamedFormatsHaveAVersion() {
        #expect(RenditionKey.formatVersions[.jpeg] == nil)
        #expect(RenditionKey.formatVersions[.avif] != nil)
        #expect(RenditionKey.formatVersions[.webp] != nil)
    }
}
