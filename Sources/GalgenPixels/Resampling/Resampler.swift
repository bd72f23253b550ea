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
        let (vertical, horizontal) = weights(from: (image.width, image.height), boxedTo: (boxed.width, boxed.height),
                                             to: (width, height))
        let rowBytes = boxed.width * boxed.channels
        return boxed.bytes.withUnsafeBufferPointer { pixels in
            LanczosPass.resize(width: boxed.width, height: boxed.height, layout: boxed.layout,
                               vertical: vertical, horizontal: horizontal) { pixels.baseAddress! + $0 * rowBytes }
        }
    }

    /// Resizes the image `source` delivers as it is read: only the rows the filter is using are
    /// held, never the whole source.
    public static func resize(_ source: some RowSource, width: Int, height: Int) throws -> PixelBuffer {
        precondition(width > 0 && height > 0, "target size must be positive")
        precondition(source.layout != .cmyk, "CMYK pixels are converted to RGB before resampling")
        let boxX = boxFactor(source.width, width), boxY = boxFactor(source.height, height)
        let boxed = (BoxReduction.size(source.width, by: boxX), BoxReduction.size(source.height, by: boxY))
        let (vertical, horizontal) = weights(from: (source.width, source.height), boxedTo: boxed, to: (width, height))
        let window = RowWindow(source, window: vertical?.taps ?? 1, boxX: boxX, boxY: boxY)
        return try LanczosPass.resize(width: boxed.0, height: boxed.1, layout: source.layout,
                                      vertical: vertical, horizontal: horizontal, row: window.row)
    }

    /// The filter runs on the boxed grid; its centres are those of the original pixels. An axis
    /// that keeps its size (never boxed then) is left alone.
    static func weights(from source: (Int, Int), boxedTo boxed: (Int, Int), to target: (Int, Int))
        -> (vertical: LanczosWeights?, horizontal: LanczosWeights?) {
        let horizontal = boxed.0 == target.0 ? nil
            : LanczosWeights(source: boxed.0, destination: target.0,
                             scale: Double(source.0) / Double(boxFactor(source.0, target.0)) / Double(target.0))
        let vertical = boxed.1 == target.1 ? nil
            : LanczosWeights(source: boxed.1, destination: target.1,
                             scale: Double(source.1) / Double(boxFactor(source.1, target.1)) / Double(target.1))
        return (vertical, horizontal)
    }

    /// The box factor that leaves the filter between 1.75× and 3.5× to do (vips's rule):
    /// enough for Lanczos to suppress aliasing, little enough that it stays short.
    static func boxFactor(_ source: Int, _ destination: Int) -> Int {
        max(1, Int((Double(source) / Double(destination)).rounded()) / 2)
    }
}
