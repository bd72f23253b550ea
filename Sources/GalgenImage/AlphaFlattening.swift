import GalgenCore
import GalgenPixels

/// Transparent pixels have no colour of their own in a JPEG: they are composited onto the page's
/// background (`PageBackground`).
enum AlphaFlattening {
    /// `pixels` over the background, with straight `alpha` (one byte per pixel).
    static func flatten(_ pixels: PixelBuffer, alpha: [UInt8]) -> PixelBuffer {
        precondition(alpha.count == pixels.width * pixels.height && pixels.layout != .cmyk)
        let channels = pixels.channels
        let backdrop = channels == 1 ? [PageBackground.gray] : [PageBackground.red, PageBackground.green, PageBackground.blue]
        var bytes = pixels.bytes
        for index in alpha.indices where alpha[index] != 255 {
            for channel in 0..<channels {
                let at = index * channels + channel
                bytes[at] = PageBackground.over(bytes[at], backdrop[channel], alpha: Int(alpha[index]))
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout, bytes: bytes)
    }
}
