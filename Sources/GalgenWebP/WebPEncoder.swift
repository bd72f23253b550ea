import CLibWebP
import GalgenPixels

/// Lossy WebP renditions through libwebp, with the photo's ICC profile in an `ICCP` chunk and,
/// when given, an `EXIF` and an `XMP ` chunk.
///
/// Deterministic: one thread (`thread_level` 0), no dithering, the same bytes for the same pixels
/// and settings on every machine with the same libwebp.
public enum WebPEncoder {
    /// `quality` is libwebp's 0–100 (see `OutputQuality` for how galgen matches it to JPEG's);
    /// `method` trades time for bytes (0 fastest, 6 smallest; libwebp's default is 4).
    public static func encode(_ image: PixelBuffer, alpha: [UInt8]? = nil, quality: Int, method: Int = 4,
                              iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) throws(WebPError) -> [UInt8] {
        guard image.layout != .cmyk, image.width > 0, image.height > 0, image.width <= 16383, image.height <= 16383 else {
            throw WebPError(message: "cannot encode a \(image.width)×\(image.height) \(image.layout) image as WebP (at most 16383 px a side)")
        }
        var config = WebPConfig()
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, Float(max(0, min(100, quality))), WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw WebPError(message: "libwebp's encoder does not match its header (ABI version)")
        }
        config.method = Int32(max(0, min(6, method)))
        config.thread_level = 0
        var picture = WebPPicture()
        guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw WebPError(message: "libwebp's encoder does not match its header (ABI version)")
        }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        picture.use_argb = 0
        let (samples, channels) = image.interleavedRGB(alpha: alpha)
        let imported = samples.withUnsafeBufferPointer { pixels in
            channels == 4 ? WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(image.width * 4))
                : WebPPictureImportRGB(&picture, pixels.baseAddress, Int32(image.width * 3))
        }
        guard imported != 0 else { throw WebPError(message: "libwebp could not take the pixels (out of memory)") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem, writer.size > 0 else {
            throw WebPError(message: "libwebp could not encode the image (error \(picture.error_code.rawValue))")
        }
        let bitstream = Array(UnsafeBufferPointer(start: bytes, count: writer.size))
        let chunks = [("ICCP", iccProfile), ("EXIF", exif), ("XMP ", xmp)].compactMap { name, body in
            body.flatMap { $0.isEmpty ? nil : (name, $0) }
        }
        return chunks.isEmpty ? bitstream : try withChunks(bitstream, chunks)
    }

    /// The bitstream in an extended (VP8X) file with these chunks, assembled (and flagged in VP8X)
    /// by libwebp's muxer.
    private static func withChunks(_ bitstream: [UInt8], _ chunks: [(name: String, body: [UInt8])]) throws(WebPError) -> [UInt8] {
        guard let mux = WebPNewInternal(WEBP_MUX_ABI_VERSION) else { throw WebPError(message: "libwebp's muxer could not start") }
        defer { WebPMuxDelete(mux) }
        var output = WebPData()
        defer { WebPDataClear(&output) }
        var status = bitstream.withUnsafeBufferPointer { image in
            var imageData = WebPData(bytes: image.baseAddress, size: image.count)
            return WebPMuxSetImage(mux, &imageData, 1)
        }
        for chunk in chunks where status == WEBP_MUX_OK {
            status = chunk.body.withUnsafeBufferPointer { body in
                var data = WebPData(bytes: body.baseAddress, size: body.count)
                return WebPMuxSetChunk(mux, chunk.name, &data, 1)
            }
        }
        if status == WEBP_MUX_OK { status = WebPMuxAssemble(mux, &output) }
        guard status == WEBP_MUX_OK, let bytes = output.bytes else {
            let names = chunks.map { $0.name.filter { $0 != " " } }.joined(separator: ", ")
            throw WebPError(message: "libwebp could not add the \(names) chunks (mux error \(status.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.size))
    }
}
