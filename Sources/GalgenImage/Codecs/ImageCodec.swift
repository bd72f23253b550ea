import GalgenCore
import GalgenPixels

/// How galgen reads and writes one format: the behaviour half of a format, registered in
/// `ImageCodecs` (its identity, from signature to media type, is `FormatIdentity` in GalgenCore).
struct ImageCodec: Sendable {
    /// Every rendition a request asks for, from a source of this format.
    let render: @Sendable (_ source: [UInt8], _ request: RenditionRequest) throws -> RenderedImage
    /// What `render` holds in memory at its peak, from the header; zero when unknown.
    let peakBytes: @Sendable (_ source: [UInt8], _ request: RenditionRequest) -> Int
    /// Every metadata block of the container, looked through for a location (`LocationScanner`).
    let scanLocation: @Sendable (_ source: ArraySlice<UInt8>, _ findings: inout LocationFindings) -> Void
    /// How a rendition is written in this format; nil for a format galgen only reads.
    let encoder: ImageEncoder?

    /// A format its library decodes whole, rendered by `DecodedImageRenderer`.
    static func decodedWhole(_ format: ImageFormat, _ decoder: WholeDecoder,
                             scanLocation: @escaping @Sendable (ArraySlice<UInt8>, inout LocationFindings) -> Void,
                             encoder: ImageEncoder? = nil) -> ImageCodec {
        ImageCodec(render: { try DecodedImageRenderer.render($0, format: format, decoder: decoder, request: $1) },
                   peakBytes: { DecodedImageRenderer.peakBytes($0, decoder: decoder, request: $1) },
                   scanLocation: scanLocation, encoder: encoder)
    }
}

/// A format's decoder when it decodes a photo whole (every format but JPEG, which is streamed).
struct WholeDecoder: Sendable {
    /// The stored size, alpha and depth, read without decoding pixels.
    let header: @Sendable (_ source: [UInt8]) throws -> ImageHeader
    let decode: @Sendable (_ source: [UInt8], _ maxPixels: Int) throws -> DecodedImage
    /// Bytes per pixel the format's location check holds besides (JPEG XL's decodes the codestream
    /// once more to find its end: libjxl's planes), added to `DecodedImageRenderer.peakBytes`.
    var scanBytesPerPixel = 0
    /// How the decoded pixels are turned upright, given the EXIF orientation, and what to tell the user.
    var orientation: @Sendable (_ source: [UInt8], _ exifOrientation: Int?) -> (Orientation, warning: String?) = { _, turn in
        (Orientation(rawValue: turn ?? 1) ?? .up, nil)
    }
}

/// How a rendition is written in one format.
struct ImageEncoder: Sendable {
    /// Whether a transparent photo keeps its alpha; otherwise it is flattened onto the page background.
    let keepsAlpha: Bool
    /// The format's own setting for galgen's `thumbnails.quality` (a JPEG quality) at a rendition's width.
    let quality: @Sendable (_ jpegQuality: Int, _ width: Int) -> Int
    /// Upright pixels (and straight alpha, when `keepsAlpha`) at the format's own quality setting,
    /// with the profile and rights the rendition carries.
    let encode: @Sendable (_ image: PixelBuffer, _ alpha: [UInt8]?, _ quality: Int, _ metadata: RenditionMetadata) throws -> [UInt8]
}
