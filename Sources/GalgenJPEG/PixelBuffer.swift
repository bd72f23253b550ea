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
