import GalgenPixels

/// Resampling a transparent image: colours are weighted by their alpha (premultiplied) while
/// filtered, so the colour of invisible pixels never bleeds into the edges of visible ones.
enum AlphaResampling {
    /// `pixels` with straight `alpha` (a gray buffer of the same size), resized to `width` ×
    /// `height`; both come back straight.
    static func resize(_ pixels: PixelBuffer, alpha: PixelBuffer, width: Int, height: Int) -> (PixelBuffer, PixelBuffer) {
        if width == pixels.width && height == pixels.height { return (pixels, alpha) }
        let premultiplied = pixels.premultiplied(alpha: alpha.bytes)
        let resizedAlpha = Resampler.resize(alpha, width: width, height: height)
        let resized = Resampler.resize(premultiplied, width: width, height: height)
        return (resized.unpremultiplied(alpha: resizedAlpha.bytes), resizedAlpha)
    }
}
