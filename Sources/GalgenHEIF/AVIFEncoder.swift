import CLibHEIF
import GalgenPixels

/// AVIF renditions through libheif's AV1 encoder (aom, as Debian builds libheif), with the photo's
/// ICC profile in a `colr` box, its alpha as an auxiliary image, and EXIF (a TIFF structure) and
/// XMP as metadata items when given.
///
/// Deterministic: one encoder thread, fixed settings; the same pixels give the same bytes.
public enum AVIFEncoder {
    /// `quality` is libheif's 0–100 (see `OutputQuality` for how galgen matches it to JPEG's);
    /// `speed` is aom's 0 (slowest, smallest) to 9 (galgen: `OutputQuality.avifSpeed`).
    public static func encode(_ image: PixelBuffer, alpha: [UInt8]? = nil, quality: Int, speed: Int = 9,
                              iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) throws(HEIFError) -> [UInt8] {
        guard image.layout != .cmyk, image.width > 0, image.height > 0 else {
            throw HEIFError(message: "cannot encode a \(image.width)×\(image.height) \(image.layout) image as AVIF")
        }
        guard let context = heif_context_alloc() else { throw HEIFError(message: "libheif could not start") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_AV1, &encoder))
        guard let encoder else { throw HEIFError(message: "libheif has no AV1 encoder") }
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, Int32(max(0, min(100, quality)))))
        try check(heif_encoder_set_parameter_integer(encoder, "speed", Int32(max(0, min(9, speed)))))
        // The build runs several photos at once; one thread each also keeps the bytes the same.
        try check(heif_encoder_set_parameter_integer(encoder, "threads", 1))
        let heifImage = try makeImage(image, alpha: alpha)
        defer { heif_image_release(heifImage) }
        if let profile = iccProfile, !profile.isEmpty {
            try check(profile.withUnsafeBytes { heif_image_set_raw_color_profile(heifImage, "prof", $0.baseAddress, $0.count) })
        }
        guard let options = heif_encoding_options_alloc() else { throw HEIFError(message: "libheif could not start") }
        defer { heif_encoding_options_free(options) }
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, heifImage, encoder, options, &handle))
        guard let handle else { throw HEIFError(message: "libheif gave no handle for the encoded image") }
        defer { heif_image_handle_release(handle) }
        if let exif, !exif.isEmpty {
            try check(exif.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) })
        }
        if let xmp, !xmp.isEmpty {
            try check(xmp.withUnsafeBytes { heif_context_add_XMP_metadata(context, handle, $0.baseAddress, Int32($0.count)) })
        }
        return try write(context)
    }

    /// The pixels as libheif's interleaved RGB(A) image.
    private static func makeImage(_ image: PixelBuffer, alpha: [UInt8]?) throws(HEIFError) -> OpaquePointer {
        var created: OpaquePointer?
        let channels = alpha == nil ? 3 : 4
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB,
                                    alpha == nil ? heif_chroma_interleaved_RGB : heif_chroma_interleaved_RGBA, &created))
        guard let created else { throw HEIFError(message: "libheif could not make an image") }
        do {
            try check(heif_image_add_plane(created, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        } catch {
            heif_image_release(created)
            throw error
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(created, heif_channel_interleaved, &stride) else {
            heif_image_release(created)
            throw HEIFError(message: "libheif gave no pixel plane")
        }
        let (samples, _) = image.interleavedRGB(alpha: alpha)
        let rowBytes = image.width * channels
        samples.withUnsafeBufferPointer { source in
            for row in 0..<image.height {
                (plane + row * Int(stride)).update(from: source.baseAddress! + row * rowBytes, count: rowBytes)
            }
        }
        return created
    }

    /// The file, gathered from libheif's writer callback.
    private static func write(_ context: OpaquePointer) throws(HEIFError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var writer = heif_writer(writer_api_version: 1, write: { _, data, size, userdata in
            if let data, let userdata {
                let sink = Unmanaged<Sink>.fromOpaque(userdata).takeUnretainedValue()
                sink.bytes += UnsafeRawBufferPointer(start: data, count: size)
            }
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: HEIFEncoderText.success)
        })
        try check(heif_context_write(context, &writer, Unmanaged.passUnretained(sink).toOpaque()))
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private static func check(_ error: heif_error) throws(HEIFError) { try HEIFDecoder.check(error) }
}

/// A C string that lives as long as the process, for libheif's error structs.
private enum HEIFEncoderText {
    nonisolated(unsafe) static let success: UnsafePointer<CChar> = {
        let text = Array("Success".utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: text.count)
        buffer.initialize(from: text, count: text.count)
        return UnsafePointer(buffer)
    }()
}
