import GalgenCore
import GalgenPNG

/// PNG through libpng: read only (a rendition of a PNG is written in the output formats).
enum PNGCodec {
    static let codec = ImageCodec.decodedWhole(
        .png, WholeDecoder(header: { try PNGDecoder.header($0) }, decode: { try PNGDecoder.decode($0, maxPixels: $1) }),
        scanLocation: { PNGLocation.scan($0, into: &$1) })
}
