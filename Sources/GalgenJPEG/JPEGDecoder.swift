import CJPEGShim
import GalgenPixels

/// Decodes JPEGs with libjpeg-turbo, using its DCT-domain scaling.
public struct JPEGDecoder: Sendable {
    /// Images with more pixels than this are refused from the header alone.
    public var maxPixels: Int
    /// libjpeg's working-memory cap; by default `memoryLimit(maxPixels:)`.
    public var maxMemory: Int?
    /// Progressive files with more scans than this are stopped; by default `scanLimit(pixels:)` of each image.
    public var maxScans: Int?

    public init(maxPixels: Int = 200_000_000, maxMemory: Int? = nil, maxScans: Int? = nil) {
        self.maxPixels = maxPixels
        self.maxMemory = maxMemory
        self.maxScans = maxScans
    }

    /// Enough working memory for any image of up to `maxPixels`: a progressive file keeps every
    /// DCT coefficient until its last scan (2 bytes each, up to 4 full-resolution components,
    /// plus the padding of each edge to whole blocks), and there are row buffers beside them.
    public static func memoryLimit(maxPixels: Int) -> Int {
        maxPixels * 4 * 2 * 11 / 10 + (64 << 20)
    }

    /// Each progressive scan is a pass over all of an image's coefficients, so the number allowed
    /// shrinks as the image grows: about 8 billion pixel-scans, never fewer than 64 scans (a real
    /// encoder writes 10 to 20) nor more than 1,000.
    public static func scanLimit(pixels: Int) -> Int {
        min(1000, max(64, 8_000_000_000 / max(1, pixels)))
    }

    /// The smallest scale (n/8) whose decoded size still covers `minimumEdge`.
    public static func scaleNumerator(storedEdge: Int, minimumEdge: Int) -> Int {
        for numerator in 1...8 where scaledSize(storedEdge, numerator) >= minimumEdge {
            return numerator
        }
        return 8
    }

    /// libjpeg's own rounding for scaled output: ceil(size * n / 8).
    public static func scaledSize(_ size: Int, _ numerator: Int) -> Int {
        (size * numerator + 7) / 8
    }

    /// The bytes a decode of `header` at `scaleNumerator`/8 needs at its peak: for a progressive
    /// file every coefficient of the whole image, and the decoded pixels when decoded `whole`
    /// (streamed, only a few rows are held). A memory budget reserves this.
    public static func peakBytes(of header: JPEGHeader, scaleNumerator: Int, whole: Bool) -> Int {
        let pixels = whole ? scaledSize(header.width, scaleNumerator) * scaledSize(header.height, scaleNumerator) : 0
        let coefficients = header.isProgressive ? header.width * header.height * header.components * 2 : 0
        return pixels * max(1, header.components) + coefficients
    }

    /// Decodes `data` at `scaleNumerator`/8 of its stored size. `header` saves reading it again.
    public func decode(_ data: [UInt8], header: JPEGHeader? = nil, scaleNumerator: Int = 8) throws(JPEGError) -> DecodedJPEG {
        let header = if let header { header } else { try JPEGHeader.read(data) }
        let numerator = min(8, max(1, scaleNumerator))
        let layout = try Self.layout(of: header), channels = layout.rawValue
        let width = Self.scaledSize(header.width, numerator), height = Self.scaledSize(header.height, numerator)
        var image = galgen_jpeg_image()
        var message = MessageBuffer()
        let limits = limits(for: header)
        var status: Int32 = 0
        // libjpeg writes straight into the array's storage: the pixels are never copied.
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * channels) { pixels, initialized in
            status = data.withUnsafeBufferPointer { source in
                message.withPointer { text in
                    galgen_jpeg_decode(source.baseAddress, source.count, Int32(numerator), limits,
                                       pixels.baseAddress, pixels.count, &image, text)
                }
            }
            initialized = status == 0 ? pixels.count : 0
        }
        defer { galgen_jpeg_image_free(&image) }
        guard status == 0 else { throw JPEGError(message.text) }
        return DecodedJPEG(
            pixels: PixelBuffer(width: width, height: height, layout: layout, bytes: bytes),
            iccProfile: Self.copy(image.icc, count: Int(image.icc_length)),
            warning: image.warnings > 0 ? Self.text(of: image.warning) : nil,
            storedWidth: Int(image.stored_width), storedHeight: Int(image.stored_height),
            adobeInverted: image.adobe_inverted != 0
        )
    }

    /// Decodes `data` row by row: `body` reads the rows from a `RowSource` (the whole image is never
    /// held), and gets back what travels with them. The source is only valid inside `body`.
    public func stream<R>(_ data: [UInt8], header: JPEGHeader, scaleNumerator: Int,
                          _ body: (JPEGRows) throws -> R) throws -> (result: R, iccProfile: [UInt8]?, warning: String?) {
        let layout = try Self.layout(of: header)
        var image = galgen_jpeg_image()
        var message = MessageBuffer()
        let limits = limits(for: header)
        return try data.withUnsafeBufferPointer { source in
            var stream: OpaquePointer?
            let status = message.withPointer { text in
                galgen_jpeg_stream_open(source.baseAddress, source.count, Int32(min(8, max(1, scaleNumerator))), limits,
                                        &stream, &image, text)
            }
            defer { galgen_jpeg_image_free(&image) }
            guard status == 0, let stream else { throw JPEGError(message.text) }
            let result: R
            do {
                defer { galgen_jpeg_stream_close(stream, &image) }
                result = try body(JPEGRows(stream: stream, width: Int(image.width), height: Int(image.height), layout: layout))
            }
            return (result, Self.copy(image.icc, count: Int(image.icc_length)),
                    image.warnings > 0 ? Self.text(of: image.warning) : nil)
        }
    }

    /// How libjpeg hands over this file's pixels (the shim asks for gray, RGB or CMYK).
    private static func layout(of header: JPEGHeader) throws(JPEGError) -> PixelBuffer.Layout {
        switch header.colorModel {
        case .gray: .gray
        case .rgb: .rgb
        case .cmyk: .cmyk
        case .other: throw JPEGError("unsupported colour model with \(header.components) components")
        }
    }

    private func limits(for header: JPEGHeader) -> galgen_jpeg_limits {
        galgen_jpeg_limits(max_memory: maxMemory ?? Self.memoryLimit(maxPixels: maxPixels), max_pixels: maxPixels,
                           max_scans: Int32(maxScans ?? Self.scanLimit(pixels: header.width * header.height)))
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
