import GalgenCore
import GalgenHEIF
import GalgenPixels

/// HEIC/HEIF and AVIF through libheif, which decodes both (and applies the container's
/// `irot`/`imir`/`clap`); AVIF renditions through libheif and aom.
enum HEIFCodec {
    static let heif = ImageCodec.decodedWhole(.heif, decoder, scanLocation: { HEIFLocation.scan($0, into: &$1) })
    static let avif = ImageCodec.decodedWhole(.avif, decoder, scanLocation: { HEIFLocation.scan($0, into: &$1) },
                                              encoder: avifEncoder)

    static let decoder = WholeDecoder(
        header: { bytes in
            let header = try HEIFDecoder.header(bytes)
            return ImageHeader(width: header.width, height: header.height, hasAlpha: header.hasAlpha, bitDepth: header.bitDepth)
        },
        decode: { try HEIFDecoder.decode($0, maxPixels: $1) },
        orientation: { bytes, turn in
            // libheif has applied the container's transforms; EXIF orientation is not applied again.
            guard let turn, turn != 1, !HEIFDecoder.hasTransform(bytes) else { return (.up, nil) }
            return (.up, "its EXIF says orientation \(turn), but its HEIF boxes do not rotate it: it is shown as stored, "
                + "as the HEIF standard says and browsers do; if it looks turned, re-export it from the phone or an editor")
        })

    static let avifEncoder = ImageEncoder(
        keepsAlpha: true,
        quality: { OutputQuality.match(OutputQuality.avif, $0, $1) },
        encode: { image, alpha, quality, metadata in
            try AVIFEncoder.encode(image, alpha: alpha, quality: quality, speed: OutputQuality.avifSpeed, iccProfile: metadata.iccProfile,
                                   exif: metadata.exif, xmp: metadata.xmp)
        })
}
