import GalgenJPEG

/// Resampling a transparent image: colours are weighted by their alpha (premultiplied) while
/// filtered, so the colour of invisible pixels never bleeds into the edges of visible ones.
enum AlphaResampling {
    /// `pixels` with straight `alpha` (a gray buffer of the same size), resized to `width` ×
    /// `height`; both come back straight.
    static func resize(_ pixels: PixelBuffer, alpha: PixelBuffer, width: Int, height: Int) -> (PixelBuffer, PixelBuffer) {
        if width == pixels.width && height == pixels.height { return (pixels, alpha) }
        let premultiplied = multiply(pixels, alpha)
        let resizedAlpha = Resampler.resize(alpha, width: width, height: height)
        let resized = Resampler.resize(premultiplied, width: width, height: height)
        return (divide(resized, resizedAlpha), resizedAlpha)
    }

    private static func multiply(_ pixels: PixelBuffer, _ alpha: PixelBuffer) -> PixelBuffer {
        let channels = pixels.channels
        var bytes = pixels.bytes
        for index in 0..<(pixels.width * pixels.height) {
            let a = Int(alpha.bytes[index])
            guard a != 255 else { continue }
            for channel in 0..<channels {
                let at = index * channels + channel
                bytes[at] = UInt8((Int(bytes[at]) * a + 127) / 255)
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout, bytes: bytes)
    }

    private static func divide(_ pixels: PixelBuffer, _ alpha: PixelBuffer) -> PixelBuffer {
        let channels = pixels.channels
        var bytes = pixels.bytes
        for index in 0..<(pixels.width * pixels.height) {
            let a = Int(alpha.bytes[index])
            guard a != 255 else { continue }
            for channel in 0..<channels {
                let at = index * channels + channel
                bytes[at] = a == 0 ? 0 : UInt8(min(255, (Int(bytes[at]) * 255 + a / 2) / a))
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout, bytes: bytes)
    }
}
