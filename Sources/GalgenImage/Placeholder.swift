import Foundation
import GalgenPixels

/// A photo's placeholder: its colours on a grid of at most 4×4 pixels, as a BMP data URI
/// (about 100 characters). Browsers stretch it smoothly, so it reads as a soft blur of the
/// photo while the real image loads; it is an <img>, so the page's CSP (`img-src data:`)
/// allows it with no inline style.
public enum Placeholder {
    public static let longestEdge = 4

    /// `image` is in the colour space of `iccProfile` (the one its renditions carry; nil: sRGB).
    /// A BMP carries no profile and browsers take it as sRGB, so the tiny grid is converted to
    /// sRGB first: a Display P3 photo's placeholder would otherwise look washed out beside it.
    public static func dataURI(from image: PixelBuffer, iccProfile: [UInt8]? = nil) -> String {
        let scale = Double(longestEdge) / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        var tiny = Resampler.resize(image, width: width, height: height)
        if let iccProfile, !iccProfile.isEmpty, !ProfileVerdicts.shared.verdict(on: iccProfile, for: tiny.layout).isSRGB {
            // The renderer only passes profiles it has checked; should one fail anyway, the
            // unconverted colours are the nearest thing.
            tiny = (try? ColourConversion.toSRGB(tiny, profile: iccProfile)) ?? tiny
        }
        return "data:image/bmp;base64," + Data(bmp(tiny)).base64EncodedString()
    }

    /// An uncompressed 24-bit BMP: rows bottom-up, BGR, each padded to 4 bytes.
    static func bmp(_ image: PixelBuffer) -> [UInt8] {
        let rowSize = (image.width * 3 + 3) / 4 * 4
        let pixelBytes = rowSize * image.height
        var out: [UInt8] = [0x42, 0x4D]
        func le32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        le32(54 + pixelBytes); le32(0); le32(54)
        le32(40); le32(image.width); le32(image.height); le16(1); le16(24); le32(0); le32(pixelBytes)
        le32(2835); le32(2835); le32(0); le32(0)
        for y in (0..<image.height).reversed() {
            for x in 0..<image.width {
                let i = (y * image.width + x) * image.channels
                let (r, g, b) = image.channels == 3
                    ? (image.bytes[i], image.bytes[i + 1], image.bytes[i + 2])
                    : (image.bytes[i], image.bytes[i], image.bytes[i])
                out += [b, g, r]
            }
            out += [UInt8](repeating: 0, count: rowSize - image.width * 3)
        }
        return out
    }
}
