import CLibJXL
import Foundation
import GalgenPixels

/// Lossy JPEG XL renditions (VarDCT in XYB) through libjxl, with the photo's ICC profile in the
/// codestream and, when given, an `Exif` and an `xml ` box in the container.
///
/// Deterministic: no parallel runner (one thread), fixed settings; the same pixels give the same
/// bytes with the same libjxl.
public enum JXLEncoder {
    /// `quality` is cjxl's 0–100 scale (see `distance(quality:)`; `OutputQuality` matches it to
    /// JPEG's); `effort` is libjxl's 1 (fastest) to 9.
    public static func encode(_ image: PixelBuffer, alpha: [UInt8]? = nil, quality: Int, effort: Int,
                              iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) throws(JXLError) -> [UInt8] {
        guard image.layout != .cmyk, image.width > 0, image.height > 0, image.width <= 1 << 18, image.height <= 1 << 18 else {
            throw JXLError(message: "cannot encode a \(image.width)×\(image.height) \(image.layout) image as JPEG XL")
        }
        guard let encoder = JxlEncoderCreate(nil) else { throw JXLError(message: "libjxl's encoder could not start (out of memory)") }
        defer { JxlEncoderDestroy(encoder) }
        var info = JxlBasicInfo()
        JxlEncoderInitBasicInfo(&info)
        info.xsize = UInt32(image.width)
        info.ysize = UInt32(image.height)
        info.bits_per_sample = 8
        info.num_color_channels = UInt32(image.layout == .gray ? 1 : 3)
        info.uses_original_profile = 0
        if alpha != nil {
            info.alpha_bits = 8
            info.num_extra_channels = 1
        }
        try check(JxlEncoderSetBasicInfo(encoder, &info), "its size and channels")
        if alpha != nil {
            var channel = JxlExtraChannelInfo()
            JxlEncoderInitExtraChannelInfo(JXL_CHANNEL_ALPHA, &channel)
            channel.bits_per_sample = 8
            try check(JxlEncoderSetExtraChannelInfo(encoder, 0, &channel), "its alpha channel")
        }
        if let profile = iccProfile, !profile.isEmpty {
            try check(JxlEncoderSetICCProfile(encoder, profile, profile.count), "its ICC profile")
        } else {
            var srgb = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&srgb, image.layout == .gray ? 1 : 0)
            try check(JxlEncoderSetColorEncoding(encoder, &srgb), "sRGB")
        }
        try addBoxes(encoder, exif: exif, xmp: xmp)
        guard let settings = JxlEncoderFrameSettingsCreate(encoder, nil) else {
            throw JXLError(message: "libjxl's encoder could not start (out of memory)")
        }
        try check(JxlEncoderSetFrameDistance(settings, distance(quality: quality)), "the distance")
        try check(JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, Int64(max(1, min(9, effort)))), "the effort")
        let samples = interleaved(image, alpha: alpha)
        var format = JxlPixelFormat(num_channels: UInt32(samples.channels), data_type: JXL_TYPE_UINT8,
                                    endianness: JXL_NATIVE_ENDIAN, align: 0)
        try check(JxlEncoderAddImageFrame(settings, &format, samples.samples, samples.samples.count), "the pixels")
        JxlEncoderCloseInput(encoder)
        return try output(encoder)
    }

    /// cjxl 0.7's distance (Butteraugli, 0 lossless to 25) for its `-q` quality: 0.1 + (100 − q) × 0.09
    /// from 30 up (quality 90 is distance 1, "visually lossless"), steeper below.
    public static func distance(quality: Int) -> Float {
        let q = Double(max(0, min(100, quality)))
        if q >= 100 { return 0 }
        if q >= 30 { return Float(0.1 + (100 - q) * 0.09) }
        return Float(6.4 + pow(2.5, (30 - q) / 5) / 6.25)
    }

    /// EXIF (a TIFF structure, after the box's 4-byte offset to it) and XMP, before the codestream.
    private static func addBoxes(_ encoder: OpaquePointer, exif: [UInt8]?, xmp: [UInt8]?) throws(JXLError) {
        let boxes = [("Exif", exif.map { [0, 0, 0, 0] + $0 }), ("xml ", xmp)].compactMap { type, body in
            body.flatMap { $0.isEmpty ? nil : (type, $0) }
        }
        guard !boxes.isEmpty else { return }
        try check(JxlEncoderUseBoxes(encoder), "metadata boxes")
        for (type, body) in boxes {
            try check(JxlEncoderAddBox(encoder, type, body, body.count, 0), "its \(type.filter { $0 != " " }) box")
        }
        JxlEncoderCloseBoxes(encoder)
    }

    /// The samples as libjxl takes them: gray or RGB, then alpha, interleaved.
    private static func interleaved(_ image: PixelBuffer, alpha: [UInt8]?) -> (samples: [UInt8], channels: Int) {
        guard image.layout == .gray else { return image.interleavedRGB(alpha: alpha) }
        guard let alpha else { return (image.bytes, 1) }
        var bytes = [UInt8](repeating: 0, count: image.bytes.count * 2)
        for index in 0..<image.bytes.count {
            bytes[index * 2] = image.bytes[index]
            bytes[index * 2 + 1] = alpha[index]
        }
        return (bytes, 2)
    }

    /// The encoded file, in as many chunks as libjxl writes it.
    private static func output(_ encoder: OpaquePointer) throws(JXLError) -> [UInt8] {
        var result = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var status = JXL_ENC_ERROR
            let written = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
                var next = buffer.baseAddress
                var available = buffer.count
                status = JxlEncoderProcessOutput(encoder, &next, &available)
                return buffer.count - available
            }
            result += chunk.prefix(written)
            if status == JXL_ENC_SUCCESS { return result }
            guard status == JXL_ENC_NEED_MORE_OUTPUT else {
                throw JXLError(message: "libjxl could not encode the image (error \(JxlEncoderGetError(encoder).rawValue))")
            }
        }
    }

    private static func check(_ status: JxlEncoderStatus, _ what: String) throws(JXLError) {
        guard status == JXL_ENC_SUCCESS else { throw JXLError(message: "libjxl's encoder refused \(what)") }
    }
}
