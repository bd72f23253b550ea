import GalgenPixels

/// Transparent pixels have no colour of their own in a JPEG: they are composited onto a background.
enum AlphaFlattening {
    /// The page's light-theme background (`--bg` in site-template/style.css). A JPEG rendition has
    /// one background for both themes; the light one is used, as most pages are viewed light and a
    /// cut-out on a pale grey still reads well on the dark theme's card.
    static let background: (red: UInt8, green: UInt8, blue: UInt8) = (0xF5, 0xF5, 0xF7)
    /// The same background for a gray photo (its luma, rounded).
    static let grayBackground: UInt8 = 0xF5

    /// `pixels` over the background, with straight `alpha` (one byte per pixel).
    static func flatten(_ pixels: PixelBuffer, alpha: [UInt8]) -> PixelBuffer {
        precondition(alpha.count == pixels.width * pixels.height && pixels.layout != .cmyk)
        let channels = pixels.channels
        let backdrop: [Int] = channels == 1 ? [Int(grayBackground)] : [Int(background.red), Int(background.green), Int(background.blue)]
        var bytes = pixels.bytes
        for index in alpha.indices where alpha[index] != 255 {
            let a = Int(alpha[index])
            for channel in 0..<channels {
                let at = index * channels + channel
                // Rounded: (v·a + b·(255 − a)) / 255.
                bytes[at] = UInt8((Int(bytes[at]) * a + backdrop[channel] * (255 - a) + 127) / 255)
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout, bytes: bytes)
    }
}
