import GalgenCore
import GalgenJXL

/// JPEG XL through libjxl: photos in (upright: libjxl applies the codestream's orientation, which
/// is what browsers show, so EXIF's is not applied again), lossy renditions with alpha out.
enum JXLCodec {
    static let codec = ImageCodec.decodedWhole(
        .jxl,
        WholeDecoder(header: { try JXLDecoder.header($0) }, decode: { try JXLDecoder.decode($0, maxPixels: $1) },
                     // Measured: a 14.2 MP lossy JPEG XL's build peaks 127 MB higher with the check (9 bytes a pixel).
                     scanBytesPerPixel: 10, orientation: { _, _ in (.up, nil) }),
        scanLocation: { JXLLocation.scan($0, into: &$1) },
        encoder: ImageEncoder(
            keepsAlpha: true,
            quality: { OutputQuality.match(OutputQuality.jxl, $0, $1) },
            encode: { image, alpha, quality, metadata in
                try JXLEncoder.encode(image, alpha: alpha, quality: quality, effort: OutputQuality.jxlEffort,
                                      iccProfile: metadata.iccProfile, exif: metadata.exif, xmp: metadata.xmp)
            }))
}
