import CLibWebP
import GalgenPixels

/// WebP photos through libwebp: lossy (VP8) and lossless (VP8L), with or without alpha, and the
/// first frame of an animation; the ICC profile, EXIF and XMP from the file's chunks.
///
/// Pixels come out as stored: WebP has no orientation of its own, so `exif`'s orientation
/// applies, and the caller applies it. libwebp reports errors as status codes, so no C shim is
/// needed; decoding runs on the calling thread only (the build decodes several photos at once).
public enum WebPDecoder {
    /// The canvas size and whether the file says it has alpha, read without decoding any pixels; an
    /// animation whose canvas is much larger than its first frame is refused here (`checkCanvas`).
    public static func header(_ bytes: [UInt8]) throws(WebPError) -> ImageHeader {
        let features = try features(bytes)
        try checkCanvas(bytes, features: features)
        return ImageHeader(width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0)
    }

    /// The image as 8-bit RGB with a straight alpha plane (when some pixel is not opaque), and
    /// its metadata chunks; refused from its header when it has more than `maxPixels` pixels,
    /// before any pixel is decoded. An animation gives its first frame, composited on the canvas, and
    /// is refused from its header when that canvas is much larger than the frame (`checkCanvas`).
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws(WebPError) -> DecodedImage {
        let features = try features(bytes)
        let width = Int(features.width), height = Int(features.height)
        guard width > 0, height > 0 else { throw WebPError(message: "the image has no size (\(width)×\(height))") }
        guard width * height <= maxPixels else {
            throw WebPError(message: "it has \(width * height) pixels (\(width)×\(height)), over thumbnails.max_pixels (\(maxPixels))")
        }
        try checkCanvas(bytes, features: features)
        // withUnsafeBufferPointer rethrows untyped errors: the typed one travels in a Result.
        let result = bytes.withUnsafeBufferPointer { input -> Result<DecodedImage, WebPError> in
            do throws(WebPError) {
                var image: DecodedImage
                if features.has_animation != 0 {
                    image = try firstFrame(input, width: width, height: height)
                } else if features.has_alpha != 0 {
                    image = try still(input, width: width, height: height)
                } else {
                    image = DecodedImage(pixels: try opaqueStill(input, width: width, height: height))
                }
                let profile = ICCProfileChunk(input)
                image.iccProfile = profile.bytes
                image.notes += profile.notes
                return .success(image)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// libwebp's reading of the headers, after the RIFF/WEBP signature is checked (libwebp also
    /// takes a bare VP8/VP8L bitstream, which is not a WebP file).
    static func features(_ bytes: [UInt8]) throws(WebPError) -> WebPBitstreamFeatures {
        guard !bytes.isEmpty else { throw WebPError(message: "the file is empty") }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            let truncated = bytes.count < 12 && "RIFF".utf8.starts(with: bytes.prefix(4))
            throw WebPError(message: truncated ? "the file is truncated (\(bytes.count) bytes, shorter than a WebP header)"
                                               : "not a WebP file (it does not start with RIFF….WEBP)")
        }
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw WebPError(message: "its header could not be read: " + WebPError.words(status)) }
        return features
    }

    /// A still image without alpha, decoded straight into the pixel array.
    private static func opaqueStill(_ input: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(WebPError) -> PixelBuffer {
        var status = VP8_STATUS_OK
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            status = decodeStill(input, into: out, mode: MODE_RGB, stride: width * 3)
            count = status == VP8_STATUS_OK ? out.count : 0
        }
        guard status == VP8_STATUS_OK else { throw WebPError(message: "its image data could not be decoded: " + WebPError.words(status)) }
        return PixelBuffer(width: width, height: height, layout: .rgb, bytes: bytes)
    }

    /// A still image with alpha: RGBA from libwebp, then split into the pixels and the alpha plane.
    private static func still(_ input: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(WebPError) -> DecodedImage {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let status = rgba.withUnsafeMutableBufferPointer { decodeStill(input, into: $0, mode: MODE_RGBA, stride: width * 4) }
        guard status == VP8_STATUS_OK else { throw WebPError(message: "its image data could not be decoded: " + WebPError.words(status)) }
        return rgba.withUnsafeBufferPointer { split($0, width: width, height: height) }
    }

    /// One WebPDecode call into `out`; libwebp checks `out` is large enough for the image it finds.
    private static func decodeStill(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
                                    mode: WEBP_CSP_MODE, stride: Int) -> VP8StatusCode {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0, let stride = Int32(exactly: stride) else { return VP8_STATUS_INVALID_PARAM }
        defer { WebPFreeDecBuffer(&config.output) }
        config.options.use_threads = 0
        config.output.colorspace = mode
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = out.baseAddress
        config.output.u.RGBA.stride = stride
        config.output.u.RGBA.size = out.count
        return WebPDecode(input.baseAddress, input.count, &config)
    }

    /// Interleaved RGBA (straight alpha) as RGB pixels and an alpha plane, nil when all opaque.
    static func split(_ rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> DecodedImage {
        let count = width * height
        var opaque = true
        let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialised in
            for pixel in 0..<count {
                out[pixel * 3] = rgba[pixel * 4]
                out[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                out[pixel * 3 + 2] = rgba[pixel * 4 + 2]
                opaque = opaque && rgba[pixel * 4 + 3] == 255
            }
            initialised = count * 3
        }
        let alpha = opaque ? nil : (0..<count).map { rgba[$0 * 4 + 3] }
        return DecodedImage(pixels: PixelBuffer(width: width, height: height, layout: .rgb, bytes: rgb), alpha: alpha)
    }
}
