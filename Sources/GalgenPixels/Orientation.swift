/// The eight EXIF orientations, and how to make pixels upright.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5–8 store the picture on its side: width and height swap.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Returns the pixels as they should be seen.
    public func apply(to image: PixelBuffer) -> PixelBuffer {
        if self == .up { return image }
        let w = image.width, h = image.height, channels = image.channels
        let outWidth = swapsAxes ? h : w, outHeight = swapsAxes ? w : h
        var output = [UInt8](repeating: 0, count: image.bytes.count)
        image.bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = sourcePoint(x: x, y: y, width: w, height: h)
                        let from = (sy * w + sx) * channels, to = (y * outWidth + x) * channels
                        for c in 0..<channels { target[to + c] = source[from + c] }
                    }
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, layout: image.layout, bytes: output)
    }

    /// The stored pixel shown at upright position (x, y).
    func sourcePoint(x: Int, y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - 1 - x, y)
        case .down: (w - 1 - x, h - 1 - y)
        case .downMirrored: (x, h - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - 1 - x)
        case .rightMirrored: (w - 1 - y, h - 1 - x)
        case .left: (w - 1 - y, x)
        }
    }
}
