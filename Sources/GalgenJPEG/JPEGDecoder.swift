import CJPEGShim

/// Decodes JPEGs with libjpeg-turbo, using its DCT-domain scaling.
public struct JPEGDecoder: Sendable {
    /// Images with more pixels than this are refused from the header alone.
    public var maxPixels: Int
    /// Working-memory cap handed to libjpeg.
    public var maxMemory: Int
    /// Progressive files with more scans than this are stopped.
    public var maxScans: Int

    public init(maxPixels: Int = 200_000_000, maxMemory: Int = 1 << 30, maxScans: Int = 1000) {
        self.maxPixels = maxPixels
        self.maxMemory = maxMemory
        self.maxScans = maxScans
    }

    /// The smallest scale (n/8) whose decoded size still covers `minimumEdge`.
    public static func scaleNumerator(storedEdge: Int, minimumEdge: Int) -> Int {
        for numerator in 1...8 where scaledSize(storedEdge, numerator) >= minimumEdge {
            return numerator
        }
        return 8
    }

    /// libjpeg's own rounding for scaled output: ceil(size * n / 8).
    static func scaledSize(_ size: Int, _ numerator: Int) -> Int {
        (size * numerator + 7) / 8
    }

    /// Decodes `data` at `scaleNumerator`/8 of its stored size.
    public func decode(_ data: [UInt8], scaleNumerator: Int = 8) throws(JPEGError) -> DecodedJPEG {
        var image = galgen_jpeg_image()
        var message = MessageBuffer()
        let limits = galgen_jpeg_limits(max_memory: maxMemory, max_pixels: maxPixels, max_scans: Int32(maxScans))
        let status = data.withUnsafeBufferPointer { bytes in
            message.withPointer { text in
                galgen_jpeg_decode(bytes.baseAddress, bytes.count, Int32(scaleNumerator), limits, &image, text)
            }
        }
        defer { galgen_jpeg_image_free(&image) }
        guard status == 0 else { throw JPEGError(message.text) }
        return DecodedJPEG(
            pixels: try Self.pixels(of: image),
            iccProfile: Self.copy(image.icc, count: Int(image.icc_length)),
            warning: image.warnings > 0 ? Self.text(of: image.warning) : nil,
            storedWidth: Int(image.stored_width), storedHeight: Int(image.stored_height),
            adobeInverted: image.adobe_inverted != 0
        )
    }

    private static func pixels(of image: galgen_jpeg_image) throws(JPEGError) -> PixelBuffer {
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        let raw = Array(UnsafeBufferPointer(start: image.pixels, count: width * height * channels))
        switch channels {
        case 1: return PixelBuffer(width: width, height: height, layout: .gray, bytes: raw)
        case 3: return PixelBuffer(width: width, height: height, layout: .rgb, bytes: raw)
        case 4: return PixelBuffer(width: width, height: height, layout: .cmyk, bytes: raw)
        default: throw JPEGError("unsupported colour layout with \(channels) channels")
        }
    }

    private static func copy(_ pointer: UnsafeMutablePointer<UInt8>?, count: Int) -> [UInt8]? {
        guard let pointer, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    private static func text<T>(of tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
