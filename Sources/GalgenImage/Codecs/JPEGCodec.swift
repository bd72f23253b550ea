import GalgenCore
import GalgenJPEG

/// JPEG through libjpeg-turbo: streamed, DCT-scaled decoding (`JPEGImageRenderer`), and the
/// renditions every browser shows.
enum JPEGCodec {
    /// Widths from this size up are encoded progressive (smaller files for large images).
    static let progressiveFromWidth = 1000

    static let codec = ImageCodec(
        render: { try JPEGImageRenderer.render($0, request: $1, decoder: JPEGDecoder()) },
        peakBytes: { JPEGImageRenderer.peakBytes($0, request: $1) },
        scanLocation: { JPEGLocation.scan($0, into: &$1) },
        encoder: ImageEncoder(keepsAlpha: false, quality: { quality, _ in quality }) { image, _, quality, metadata in
            try JPEGEncoder(quality: quality, progressive: image.width >= progressiveFromWidth)
                .encode(image, iccProfile: metadata.iccProfile, exif: metadata.exif, xmp: metadata.xmp)
        })
}
