/// Interleaved 16-bit samples, gray or RGB, row by row: a 10-, 12- or 16-bit photo kept at its
/// depth, scaled to the full 0...65535 range whatever it was stored in, until each rendition is
/// rounded to 8 bits once, at the end (`rounded()`).
public struct DeepPixelBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `.gray` or `.rgb`.
    public let layout: PixelBuffer.Layout
    public var samples: [UInt16]

    public var channels: Int { layout.rawValue }

    public init(width: Int, height: Int, layout: PixelBuffer.Layout, samples: [UInt16]) {
        precondition(layout != .cmyk, "deep pixels are gray or RGB")
        precondition(samples.count == width * height * layout.rawValue, "sample count does not match size")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }

    /// Samples of `bits` bits (0...2^bits − 1) scaled to 0...65535, rounded to nearest.
    public static func scaled(_ values: [UInt16], bits: Int, width: Int, height: Int, layout: PixelBuffer.Layout) -> DeepPixelBuffer {
        precondition((1...16).contains(bits), "a sample has 1 to 16 bits")
        guard bits < 16 else { return DeepPixelBuffer(width: width, height: height, layout: layout, samples: values) }
        let maximum = UInt32(1) << UInt32(bits) - 1
        let samples = values.map { UInt16((min(UInt32($0), maximum) * 65535 + maximum / 2) / maximum) }
        return DeepPixelBuffer(width: width, height: height, layout: layout, samples: samples)
    }

    /// The 8-bit pixels, each sample rounded to the nearest of 0...255.
    public func rounded() -> PixelBuffer {
        PixelBuffer(width: width, height: height, layout: layout,
                    bytes: samples.map { UInt8((UInt32($0) * 255 + 32767) / 65535) })
    }
}
