import CLibJXL
import GalgenPixels

/// JPEG XL photos through libjxl: a bare codestream or the ISO-BMFF-style container, lossy (XYB)
/// or lossless, gray or colour, with or without alpha, 8 to 16 bits; an animation's first frame.
///
/// Pixels come out upright: libjxl applies the codestream's orientation (which is what browsers
/// show; an `Exif` box's orientation tag is informative only), so no EXIF orientation is applied
/// again. They come out in the colours the decoder gives (`JXLColour`): an untagged sRGB photo has
/// no profile; any other has the ICC profile of the decoded pixels. Decoding runs on the calling
/// thread only (no parallel runner: the build decodes several photos at once).
public enum JXLDecoder {
    /// Whether `bytes` start like a JPEG XL codestream (`FF 0A`) or container.
    public static func isJXL(_ bytes: some Collection<UInt8>) -> Bool {
        let start = Array(bytes.prefix(12))
        return start.starts(with: codestreamSignature) || start == containerSignature
    }

    /// Whether `bytes` start like a bare codestream (no container, so no metadata boxes).
    public static func isBareCodestream(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: codestreamSignature)
    }

    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// The upright size, alpha and depth, read from the codestream's header without decoding pixels.
    public static func header(_ bytes: [UInt8]) throws(JXLError) -> ImageHeader {
        let info = try basicInfo(bytes)
        return ImageHeader(width: info.width, height: info.height, hasAlpha: info.hasAlpha, bitDepth: info.bitDepth)
    }

    /// The image as RGB or gray pixels (with its samples at their depth when it is opaque and deeper
    /// than 8 bits) and a straight alpha plane when some pixel is not opaque; refused from its header
    /// when it has more than `maxPixels` pixels, before any pixel is decoded.
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws(JXLError) -> DecodedImage {
        try checkSignature(bytes)
        return try JXLSession.over(bytes, events: [JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FULL_IMAGE]) { session throws(JXLError) in
            try session.decodeFirstFrame(maxPixels: maxPixels)
        }
    }

    /// How many bytes follow the end of `codestream` (a bare file, or the codestream a container's
    /// `jxlc` or `jxlp` boxes hold). libjxl reads a frame's data only when it decodes it, so every
    /// frame is decoded (into a callback that keeps nothing: no image is held in memory); refused
    /// from the header when it has more than `maxPixels` pixels.
    public static func bytesAfterCodestream(_ codestream: [UInt8], maxPixels: Int) throws(JXLError) -> Int {
        guard isBareCodestream(codestream) else { throw JXLError(message: "its codestream does not start with FF 0A") }
        return try JXLSession.over(codestream, events: [JXL_DEC_BASIC_INFO, JXL_DEC_FULL_IMAGE]) { session throws(JXLError) in
            let info = try session.basicInfo(maxPixels: maxPixels, what: "reads through")
            var format = JxlPixelFormat(num_channels: UInt32(info.colourChannels), data_type: JXL_TYPE_UINT8,
                                        endianness: JXL_NATIVE_ENDIAN, align: 0)
            var frames = 0
            while true {
                let status = try session.next()
                switch status {
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    frames += 1
                    guard frames <= maxFrames else { throw JXLError(message: "it has more than \(maxFrames) frames") }
                    guard JxlDecoderSetImageOutCallback(session.decoder, &format, { _, _, _, _, _ in }, nil) == JXL_DEC_SUCCESS else {
                        throw JXLError(message: "libjxl refused to decode it")
                    }
                case JXL_DEC_FULL_IMAGE:
                    continue
                case JXL_DEC_SUCCESS:
                    return JxlDecoderReleaseInput(session.decoder)
                default:
                    throw JXLSession.unexpected(status)
                }
            }
        }
    }

    /// Frames walked at most when looking for the codestream's end.
    static let maxFrames = 1 << 16

    /// The codestream's basic facts, read from its first bytes.
    static func basicInfo(_ bytes: [UInt8]) throws(JXLError) -> JXLBasicInfo {
        try checkSignature(bytes)
        return try JXLSession.over(bytes, events: [JXL_DEC_BASIC_INFO]) { session throws(JXLError) in try session.basicInfo() }
    }

    static func checkSignature(_ bytes: [UInt8]) throws(JXLError) {
        guard !bytes.isEmpty else { throw JXLError(message: "the file is empty") }
        guard isJXL(bytes) else {
            let truncated = bytes.count < 12 && containerSignature.starts(with: bytes)
            throw JXLError(message: truncated ? "the file is truncated (\(bytes.count) bytes, shorter than a JPEG XL header)"
                                              : "not a JPEG XL file (it starts with neither FF 0A nor the JXL container's signature)")
        }
    }
}

/// What galgen needs of libjxl's `JxlBasicInfo`, the size upright.
struct JXLBasicInfo {
    var width: Int
    var height: Int
    var hasAlpha: Bool
    var bitDepth: Int
    var colourChannels: Int
    /// Whether the pixels are stored in their own colour space (lossless, or lossy without XYB).
    var usesOriginalProfile: Bool
    var isAnimated: Bool

    init(_ info: JxlBasicInfo) {
        // libjxl 0.7 reports the upright size and orientation 1 unless asked to keep the orientation
        // (galgen never asks); swapping for a transposing orientation keeps this right if it did not.
        let swaps = info.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue
        width = Int(swaps ? info.ysize : info.xsize)
        height = Int(swaps ? info.xsize : info.ysize)
        hasAlpha = info.alpha_bits > 0
        bitDepth = Int(info.bits_per_sample)
        colourChannels = Int(info.num_color_channels)
        usesOriginalProfile = info.uses_original_profile != 0
        isAnimated = info.have_animation != 0
    }
}
