import GalgenCore
import GalgenWebP

/// WebP through libwebp: stills and animations (first frame) in, renditions with alpha out.
enum WebPCodec {
    static let codec = ImageCodec.decodedWhole(
        .webp,
        WholeDecoder(header: { try WebPDecoder.header($0) }, decode: { try WebPDecoder.decode($0, maxPixels: $1) }),
        scanLocation: { WebPLocation.scan($0, into: &$1) },
        encoder: ImageEncoder(
            keepsAlpha: true,
            quality: { OutputQuality.match(OutputQuality.webp, $0, $1) },
            encode: { image, alpha, quality, metadata in
                try WebPEncoder.encode(image, alpha: alpha, quality: quality, method: OutputQuality.webpMethod,
                                       iccProfile: metadata.iccProfile, exif: metadata.exif, xmp: metadata.xmp)
            }))
}
