import CLibHEIF
import GalgenPixels

/// HEIC/HEIF and AVIF photos through libheif: the primary image only (never a thumbnail, a tile
/// or a hidden item), with the container's `irot`/`imir`/`clap` transforms applied by libheif,
/// as the HEIF standard says (EXIF orientation is not applied on top of them).
///
/// Every call gets a context of its own; libheif reports errors as values, so no C shim is needed.
public enum HEIFDecoder {
    /// What the file's boxes say, read without decoding any pixels.
    public struct Header: Equatable, Sendable {
        /// The size libheif reports before decoding: after rotation and cropping for most files,
        /// but as stored for some (libheif 1.15 gives a rotated and mirrored AVIF's `ispe` size), so
        /// only its pixel count is relied on before decoding; `decode` gives the size as shown.
        public var width: Int
        public var height: Int
        public var hasAlpha: Bool
        /// Bits per luma sample: 8, or 10/12 for high bit-depth photos.
        public var bitDepth: Int
        /// Top-level images in the file (a burst or an un-hidden grid's tiles make more than one).
        public var topLevelImages: Int
    }

    /// libheif's own limit on a side, before any allocation (its default is 2^15 per side).
    static let maximumSide: Int32 = 1 << 15

    /// Once per process, before the first context (libheif ≥ 1.14 loads its decoder plugins here).
    private static let initialised: Bool = heif_init(nil).code == heif_error_Ok

    public static func header(_ bytes: [UInt8]) throws(HEIFError) -> Header {
        try withPrimaryImage(bytes) { context, handle in
            Header(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)),
                   hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0,
                   bitDepth: Int(heif_image_handle_get_luma_bits_per_pixel(handle)),
                   topLevelImages: Int(heif_context_get_number_of_top_level_images(context)))
        }
    }

    /// The primary image, upright, as 8-bit RGB with its alpha, colour and metadata; refused from its
    /// header when it has more than `maxPixels` pixels, before any pixel is decoded, and refused
    /// when it is HDR (PQ or HLG), which an SDR rendition cannot show without tone mapping.
    ///
    /// Orientation: libheif applies the container's `irot`/`imir`/`clap`. EXIF orientation is
    /// never applied on top, as the HEIF standard says, even when a file's EXIF asks for a turn
    /// and it has no `irot` (some Samsung phones write such files; see `hasTransform`).
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws(HEIFError) -> DecodedImage {
        try withPrimaryImage(bytes) { context, handle throws(HEIFError) in
            let headerWidth = Int(heif_image_handle_get_width(handle)), headerHeight = Int(heif_image_handle_get_height(handle))
            guard headerWidth > 0, headerHeight > 0 else { throw HEIFError(message: "the image has no size (\(headerWidth)×\(headerHeight))") }
            guard headerWidth * headerHeight <= maxPixels else {
                throw HEIFError(message: "it has \(headerWidth * headerHeight) pixels (\(headerWidth)×\(headerHeight)), over thumbnails.max_pixels (\(maxPixels))")
            }
            let colour = try colourDescription(handle)
            if let cicp = colour.cicp, cicp.isHDR {
                throw HEIFError(message: "it is an HDR image (\(cicp.transfer == 16 ? "PQ" : "HLG") transfer), which galgen cannot tone-map "
                    + "to SDR yet; export it as SDR (for example as a JPEG or an 8-bit HEIC) and use that file")
            }
            let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
            let deepBits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
            let (pixels, deep, alpha) = !hasAlpha && deepBits > 8
                ? try decodeDeepPixels(handle, headerSize: (headerWidth, headerHeight))
                : try decodePixels(handle, hasAlpha: hasAlpha, headerSize: (headerWidth, headerHeight))
            var notes: [String] = []
            let images = Int(heif_context_get_number_of_top_level_images(context))
            if images > 1 { notes.append("the file holds \(images) images: its primary image is used") }
            if let note = HEIFBoxes.imageSequence(in: bytes)?.note { notes.append(note) }
            return DecodedImage(pixels: pixels, deep: deep, alpha: alpha, iccProfile: colour.icc, cicp: colour.cicp, notes: notes)
        }
    }

    /// An opaque 10- or 12-bit image at its depth: libheif's interleaved little-endian 16-bit RGB,
    /// scaled to 0...65535, and those samples rounded to 8 bits.
    private static func decodeDeepPixels(_ handle: OpaquePointer, headerSize: (Int, Int)) throws(HEIFError)
        -> (PixelBuffer, DeepPixelBuffer?, [UInt8]?) {
        try withDecodedImage(handle, chroma: heif_chroma_interleaved_RRGGBB_LE, toEightBits: false, channels: 3,
                             bytesPerSample: 2, headerSize: headerSize) { image, plane, stride, width, height throws(HEIFError) in
            let bits = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))
            guard (9...16).contains(bits) else { throw HEIFError(message: "libheif returned \(bits)-bit samples for a deep image") }
            var values = [UInt16](repeating: 0, count: width * height * 3)
            values.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let source = plane + row * stride
                    for index in 0..<(width * 3) {
                        out[row * width * 3 + index] = UInt16(source[2 * index]) | UInt16(source[2 * index + 1]) << 8
                    }
                }
            }
            let deep = DeepPixelBuffer.scaled(values, bits: bits, width: width, height: height, layout: .rgb)
            return (deep.rounded(), deep, nil)
        }
    }

    /// Decodes to interleaved 8-bit RGB(A) and splits off the alpha channel; an all-opaque alpha
    /// is dropped. (A transparent deep image is rounded to 8 bits by libheif.)
    private static func decodePixels(_ handle: OpaquePointer, hasAlpha: Bool, headerSize: (Int, Int)) throws(HEIFError)
        -> (PixelBuffer, DeepPixelBuffer?, [UInt8]?) {
        let channels = hasAlpha ? 4 : 3
        return try withDecodedImage(handle, chroma: hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                    toEightBits: true, channels: channels, bytesPerSample: 1,
                                    headerSize: headerSize) { _, plane, stride, width, height throws(HEIFError) in
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            var alpha = hasAlpha ? [UInt8](repeating: 0, count: width * height) : []
            rgb.withUnsafeMutableBufferPointer { out in
                alpha.withUnsafeMutableBufferPointer { alphaOut in
                    for row in 0..<height {
                        let source = plane + row * stride
                        if !hasAlpha {
                            (out.baseAddress! + row * width * 3).update(from: source, count: width * 3)
                            continue
                        }
                        for x in 0..<width {
                            let from = source + x * 4, to = (row * width + x) * 3
                            out[to] = from[0]; out[to + 1] = from[1]; out[to + 2] = from[2]
                            alphaOut[row * width + x] = from[3]
                        }
                    }
                }
            }
            let opaque = !hasAlpha || !alpha.contains { $0 != 255 }
            // A file may store its colours premultiplied by alpha; galgen's pixels are straight.
            var pixels = PixelBuffer(width: width, height: height, layout: .rgb, bytes: rgb)
            if !opaque, heif_image_handle_is_premultiplied_alpha(handle) != 0 { pixels = pixels.unpremultiplied(alpha: alpha) }
            return (pixels, nil, opaque ? nil : alpha)
        }
    }

    /// Decodes the primary image as `chroma` and runs `body` with its interleaved plane, checked
    /// against the header's size (rotated by libheif, it may be that size turned a quarter).
    private static func withDecodedImage<T>(_ handle: OpaquePointer, chroma: heif_chroma, toEightBits: Bool, channels: Int,
                                            bytesPerSample: Int, headerSize: (Int, Int),
                                            _ body: (OpaquePointer, UnsafePointer<UInt8>, Int, Int, Int) throws(HEIFError) -> T)
        throws(HEIFError) -> T {
        guard let options = heif_decoding_options_alloc() else { throw HEIFError(message: "libheif could not start") }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = toEightBits ? 1 : 0
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, options))
        guard let image else { throw HEIFError(message: "libheif returned no image") }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        let shown = (Int(heif_image_get_width(image, heif_channel_interleaved)), Int(heif_image_get_height(image, heif_channel_interleaved)))
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              shown == headerSize || shown == (headerSize.1, headerSize.0), Int(stride) >= shown.0 * channels * bytesPerSample
        else { throw HEIFError(message: "libheif returned an image of another size or layout than its header") }
        return try body(image, plane, Int(stride), shown.0, shown.1)
    }

    /// Runs `body` with the file's primary image handle; libheif's objects are freed after.
    private static func withPrimaryImage<T>(_ bytes: [UInt8], _ body: (OpaquePointer, OpaquePointer) throws(HEIFError) -> T) throws(HEIFError) -> T {
        if let item = HEIFBoxes.derivationLoop(in: bytes) {
            throw HEIFError(message: "the file is damaged: its image \(item) is made of itself (a loop of grid references)")
        }
        if let tooMany = HEIFBoxes.tooManyItems(in: bytes) { throw HEIFError(message: tooMany) }
        if let sequence = HEIFBoxes.imageSequence(in: bytes), !sequence.hasStillImage { throw HEIFError(message: sequence.refusal) }
        let bytes = HEIFBoxes.stillImageBrandAdded(to: bytes) ?? bytes
        guard initialised, let context = heif_context_alloc() else { throw HEIFError(message: "libheif could not start") }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, maximumSide)
        // The build decodes several photos at once; each with libheif's threads would oversubscribe.
        heif_context_set_max_decoding_threads(context, 1)
        // withUnsafeBytes rethrows untyped errors: the typed one travels in a Result.
        let result = bytes.withUnsafeBytes { raw -> Result<T, HEIFError> in
            do throws(HEIFError) {
                try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
                var handle: OpaquePointer?
                try check(heif_context_get_primary_image_handle(context, &handle))
                guard let handle else { throw HEIFError(message: "the file has no primary image") }
                defer { heif_image_handle_release(handle) }
                return .success(try body(context, handle))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func check(_ error: heif_error) throws(HEIFError) {
        guard error.code != heif_error_Ok else { return }
        throw HEIFError(message: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
}

/// Why libheif could not read a file, in its own words.
public struct HEIFError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
