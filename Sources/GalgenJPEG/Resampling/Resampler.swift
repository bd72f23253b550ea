/// Downsizes pixels the way vips does: a box average to within about 2× of the target, then a
/// separable Lanczos-3 filter in 8-bit fixed point.
///
/// It works on the encoded (gamma) values, as vipsthumbnail, Pillow and browsers do by default:
/// averaging light itself is more correct for fine bright detail but needs a float pipeline at
/// 3–4× the cost, and scores no better against a reference made in its own light space.
public enum Resampler {
    /// Resizes `image` to exactly `width` × `height`.
    public static func resize(_ image: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        precondition(width > 0 && height > 0, "target size must be positive")
        precondition(image.layout != .cmyk, "CMYK pixels are converted to RGB before resampling")
        if width == image.width && height == image.height { return image }
        let boxX = boxFactor(image.width, width), boxY = boxFactor(image.height, height)
        let boxed = boxX == 1 && boxY == 1 ? image : BoxReduction.reduce(image, byX: boxX, byY: boxY)
        // The filter runs on the boxed grid; its centres are those of the original pixels.
        let horizontal = LanczosWeights(source: boxed.width, destination: width,
                                        scale: Double(image.width) / Double(boxX) / Double(width))
        let vertical = LanczosWeights(source: boxed.height, destination: height,
                                      scale: Double(image.height) / Double(boxY) / Double(height))
        // Vertical first: the vectorised pass sees every source row, the scalar one only the output's.
        // An axis that keeps its size (never boxed then) is left alone.
        let tall = boxed.height == height ? boxed : LanczosPass.vertical(boxed, weights: vertical)
        return boxed.width == width ? tall : LanczosPass.horizontal(tall, weights: horizontal)
    }

    /// The box factor that leaves the filter between 1.75× and 3.5× to do (vips's rule):
    /// enough for Lanczos to suppress aliasing, little enough that it stays short.
    static func boxFactor(_ source: Int, _ destination: Int) -> Int {
        max(1, Int((Double(source) / Double(destination)).rounded()) / 2)
    }
}
