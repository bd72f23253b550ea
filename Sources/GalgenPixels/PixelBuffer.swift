/// Interleaved 8-bit pixels, row by row, with no padding.
public struct PixelBuffer: Equatable, Sendable {
    public enum Layout: Int, Equatable, Sendable {
        case gray = 1
        case rgb = 3
        /// Four inks, as a CMYK or YCCK JPEG decodes (see `DecodedJPEG.adobeInverted`). Only a decoder
        /// produces it, and it is converted to RGB before anything else (orientation, resampling) sees it.
        case cmyk = 4
    }

    public let width: Int
    public let height: Int
    public let layout: Layout
    public var bytes: [UInt8]

    public var channels: Int { layout.rawValue }

    public init(width: Int, height: Int, layout: Layout, bytes: [UInt8]) {
        precondition(bytes.count == width * height * layout.rawValue, "pixel count does not match size")
        self.width = width
        self.height = height
        self.layout = layout
        self.bytes = bytes
    }

    /// A buffer of one repeated value, handy for tests and placeholders.
    public init(width: Int, height: Int, layout: Layout, filledWith value: UInt8) {
        self.init(width: width, height: height, layout: layout,
                  bytes: [UInt8](repeating: value, count: width * height * layout.rawValue))
    }
}

extension PixelBuffer {
    /// The samples an encoder takes: RGB as it is, gray spread to RGB, and a straight alpha plane
    /// (one byte per pixel) woven in as RGBA. `channels` is 3 or 4.
    public func interleavedRGB(alpha: [UInt8]? = nil) -> (samples: [UInt8], channels: Int) {
        precondition(layout != .cmyk, "CMYK pixels are converted to RGB before encoding")
        precondition(alpha == nil || alpha!.count == width * height, "alpha plane does not match size")
        if alpha == nil, layout == .rgb { return (bytes, 3) }
        let count = width * height, gray = layout == .gray, channels = alpha == nil ? 3 : 4
        var samples = [UInt8](repeating: 255, count: count * channels)
        for index in 0..<count {
            for channel in 0..<3 { samples[index * channels + channel] = bytes[gray ? index : index * 3 + channel] }
            if let alpha { samples[index * 4 + 3] = alpha[index] }
        }
        return (samples, channels)
    }
}

extension PixelBuffer {
    /// Each colour multiplied by its pixel's straight `alpha` (one byte per pixel), rounded.
    public func premultiplied(alpha: [UInt8]) -> PixelBuffer {
        mapColours(alpha: alpha) { value, a in UInt8((Int(value) * a + 127) / 255) }
    }

    /// Each colour divided by its pixel's `alpha`, rounded and at most 255: premultiplied colours
    /// made straight again. A fully transparent pixel's colours are 0.
    public func unpremultiplied(alpha: [UInt8]) -> PixelBuffer {
        mapColours(alpha: alpha) { value, a in a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + a / 2) / a)) }
    }

    /// The colours of the pixels that are not opaque, changed by `change(value, alpha)`.
    private func mapColours(alpha: [UInt8], _ change: (UInt8, Int) -> UInt8) -> PixelBuffer {
        precondition(alpha.count == width * height, "alpha plane does not match size")
        var bytes = bytes
        for (index, a) in alpha.enumerated() where a != 255 {
            for channel in 0..<channels {
                let at = index * channels + channel
                bytes[at] = change(bytes[at], Int(a))
            }
        }
        return PixelBuffer(width: width, height: height, layout: layout, bytes: bytes)
    }
}
