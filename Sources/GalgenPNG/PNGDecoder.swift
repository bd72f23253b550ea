import CPNGShim
import GalgenPixels

/// PNG photos through libpng 1.6: 8-bit gray or RGB pixels as stored (EXIF orientation is the
/// caller's to apply), with alpha as a separate straight plane.
///
/// What is read: every colour type and bit depth (palettes become RGB, low-bit gray is expanded;
/// an opaque 16-bit image is also kept at its depth in `DecodedImage.deep`, and its 8-bit pixels,
/// like a transparent 16-bit image's, are rounded, not truncated), a `tRNS` chunk becomes alpha, Adam7
/// files are de-interlaced. The ICC profile (`iCCP`) travels with the pixels; text and EXIF
/// chunks are skipped unread (GalgenImage reads a photo's metadata from its chunks itself).
///
/// Colour policy, in this order:
/// - an `iCCP` profile is returned and the samples are left alone (no gamma transform: the
///   profile describes them, and the caller converts through it);
/// - an `sRGB` chunk needs nothing;
/// - otherwise a `gAMA` between 0.01 and 10 is honoured: libpng re-encodes the colour samples
///   for a display gamma of 2.2 (`png_set_gamma(PNG_DEFAULT_sRGB, gAMA)`, a pure power law
///   `v' = 255 · (v/255)^(1 / (gAMA · 2.2))` rounded half up, not the piecewise sRGB curve; a
///   `gAMA` within 5% of 1/2.2 changes nothing); alpha stays straight and linear (libpng's
///   `PNG_ALPHA_PNG`). A `gAMA` out of that range, 0 among them, is ignored with a note; a file
///   with none of these chunks is taken as sRGB.
/// - `cHRM` is ignored: primaries other than sRGB's are only honoured through an ICC profile.
///
/// The shim reads `gAMA` and `sRGB` itself and skips `cHRM`, so libpng's colour-space checks see
/// only `iCCP`: libpng 1.6 discards a profile when a `gAMA` is out of range, a `cHRM` is
/// inconsistent or an `sRGB` chunk comes before it, and the profile is the best description.
///
/// libpng reports errors by longjmp, so every call goes through the C shim (CPNGShim), which
/// keeps setjmp/longjmp on its side. Limits hold before anything is allocated: 65,535 pixels a
/// side, 16 MB for one decompressed ancillary chunk (an ICC profile, XMP), 128 kept ancillary
/// chunks.
public enum PNGDecoder {
    /// The stored size from IHDR, read without decoding pixels. `hasAlpha` is an alpha channel or a
    /// `tRNS` chunk; `decode` may still find every pixel opaque and return no alpha plane.
    public static func header(_ bytes: [UInt8]) throws(PNGError) -> ImageHeader {
        let info = try readHeader(bytes)
        return ImageHeader(width: Int(info.width), height: Int(info.height), hasAlpha: info.channels == 2 || info.channels == 4,
                           bitDepth: max(8, Int(info.bit_depth)))
    }

    /// The whole image, refused from its header when it has more than `maxPixels` pixels, before
    /// any pixel is decoded. A warning libpng read past (a bad ancillary chunk, damage after the
    /// image data) becomes a note.
    public static func decode(_ source: [UInt8], maxPixels: Int) throws(PNGError) -> DecodedImage {
        let info = try readHeader(source)
        let (width, height, channels) = (Int(info.width), Int(info.height), Int(info.channels))
        guard width > 0, height > 0, (1...4).contains(channels) else {
            throw PNGError(message: "the image has no size or an unknown layout (\(width)×\(height), \(channels) channels)")
        }
        guard width * height <= maxPixels else {
            throw PNGError(message: "it has \(width * height) pixels (\(width)×\(height)), over thumbnails.max_pixels (\(maxPixels))")
        }
        // An opaque 16-bit file stays 16-bit (resampled at its depth); a transparent one is rounded.
        let deep = info.bit_depth == 16 && (channels == 1 || channels == 3)
        var samples = [UInt16](repeating: 0, count: deep ? width * height * channels : 0)
        var bytes = [UInt8](repeating: 0, count: deep ? 0 : width * height * channels)
        var image = galgen_png_image()
        defer { galgen_png_image_free(&image) }
        try withMessage { message in
            source.withUnsafeBufferPointer { input in
                let decode = { (output: UnsafeMutableRawBufferPointer) in
                    galgen_png_decode(input.baseAddress, input.count, maxPixels, deep ? 1 : 0,
                                      output.baseAddress?.assumingMemoryBound(to: UInt8.self), output.count, &image, message)
                }
                return deep ? samples.withUnsafeMutableBytes(decode) : bytes.withUnsafeMutableBytes(decode)
            }
        }
        guard Int(image.channels) == channels, Int(image.bit_depth) == (deep ? 16 : 8) else {
            throw PNGError(message: "libpng delivered another layout than its header")
        }
        let notes = notes(image), iccProfile = copy(image.icc, image.icc_length)
        if deep {
            let layout: PixelBuffer.Layout = channels == 3 ? .rgb : .gray
            let samples = DeepPixelBuffer(width: width, height: height, layout: layout, samples: samples)
            return DecodedImage(pixels: samples.rounded(), deep: samples, iccProfile: iccProfile, notes: notes)
        }
        let (pixels, alpha) = InterleavedSamples.split(bytes, width: width, height: height, channels: channels)
        return DecodedImage(pixels: pixels, alpha: alpha, iccProfile: iccProfile, notes: notes)
    }

    private static func readHeader(_ bytes: [UInt8]) throws(PNGError) -> galgen_png_info {
        var info = galgen_png_info()
        try withMessage { message in
            bytes.withUnsafeBufferPointer { galgen_png_read_header($0.baseAddress, $0.count, &info, message) }
        }
        return info
    }

    /// Runs a shim call with a message buffer; a non-zero status throws the message.
    private static func withMessage(_ call: (UnsafeMutablePointer<CChar>) -> Int32) throws(PNGError) {
        var buffer = [CChar](repeating: 0, count: Int(GALGEN_PNG_MESSAGE_MAX))
        let status = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress.map(call) ?? 1
        }
        guard status == 0 else { throw PNGError(message: text(buffer, otherwise: "unknown libpng error")) }
    }

    private static func copy(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> [UInt8]? {
        guard let pointer, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    private static func notes(_ image: galgen_png_image) -> [String] {
        var notes: [String] = []
        if image.gamma_ignored != 0 {
            let gamma = "\(image.file_gamma / 100_000)." + String(String(image.file_gamma % 100_000 + 100_000).dropFirst())
            notes.append("its gAMA of \(gamma) is out of range (0.01 to 10) and is ignored: the samples are taken as sRGB")
        }
        if image.warnings > 0 {
            let first = withUnsafeBytes(of: image.warning) { text(Array($0.bindMemory(to: CChar.self)), otherwise: "a warning") }
            let more = image.warnings > 1 ? " (and \(image.warnings - 1) more)" : ""
            notes.append("libpng warned: \(first)\(more)")
        }
        return notes
    }

    private static func text(_ characters: [CChar], otherwise: String) -> String {
        let bytes = characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? otherwise : String(decoding: bytes, as: UTF8.self)
    }
}

/// Why libpng could not read a file, in its own words ("IHDR: CRC error", "bad adaptive filter
/// value"), or why galgen would not ("not a PNG file", over `thumbnails.max_pixels`).
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
