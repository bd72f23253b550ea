import CLibJXL

/// The colours a JPEG XL photo is decoded in, and the profile that says so.
///
/// - Stored in its own colours (lossless, or lossy without XYB): as stored, with its profile.
/// - Lossy (XYB) with colours described as code points: in those colours (libjxl's own choice).
/// - Lossy (XYB) with an ICC profile: libjxl would give linear sRGB, which at 8 bits bands in the
///   shadows and clips wide-gamut colours, so galgen asks for Display P3 with sRGB's curve (gray:
///   sRGB's curve), wide enough for a camera's colours.
/// - HDR (PQ or HLG) is refused, as HEIF's is: galgen cannot tone-map it to SDR yet.
/// - sRGB pixels carry no profile (browsers show an untagged image as sRGB); any others carry the ICC
///   profile libjxl gives for the decoded pixels.
struct JXLColour {
    var iccProfile: [UInt8]?

    static func choose(_ decoder: OpaquePointer, info: JXLBasicInfo) throws(JXLError) -> JXLColour {
        let gray = info.colourChannels == 1
        if !info.usesOriginalProfile, encoded(decoder, JXL_COLOR_PROFILE_TARGET_ORIGINAL) == nil {
            var preferred = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&preferred, gray ? 1 : 0)
            if !gray { preferred.primaries = JXL_PRIMARIES_P3 }
            guard JxlDecoderSetPreferredColorProfile(decoder, &preferred) == JXL_DEC_SUCCESS else {
                throw JXLError(message: "libjxl could not decode it in \(gray ? "gray with sRGB's curve" : "Display P3")")
            }
        }
        if let data = encoded(decoder, JXL_COLOR_PROFILE_TARGET_DATA) {
            if data.transfer_function == JXL_TRANSFER_FUNCTION_PQ || data.transfer_function == JXL_TRANSFER_FUNCTION_HLG {
                let name = data.transfer_function == JXL_TRANSFER_FUNCTION_PQ ? "PQ" : "HLG"
                throw JXLError(message: "it is an HDR image (\(name) transfer), which galgen cannot tone-map to SDR yet; "
                    + "export it as SDR (for example as a JPEG or an 8-bit JPEG XL) and use that file")
            }
            if isSRGB(data) { return JXLColour(iccProfile: nil) }
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS, size > 0 else {
            throw JXLError(message: "libjxl gives no colour profile for its pixels")
        }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size) == JXL_DEC_SUCCESS else {
            throw JXLError(message: "its colour profile could not be read")
        }
        return JXLColour(iccProfile: profile)
    }

    private static func encoded(_ decoder: OpaquePointer, _ target: JxlColorProfileTarget) -> JxlColorEncoding? {
        var encoding = JxlColorEncoding()
        return JxlDecoderGetColorAsEncodedProfile(decoder, nil, target, &encoding) == JXL_DEC_SUCCESS ? encoding : nil
    }

    /// sRGB (or gray with sRGB's curve) with D65 white, as an untagged image is shown.
    static func isSRGB(_ encoding: JxlColorEncoding) -> Bool {
        guard encoding.white_point == JXL_WHITE_POINT_D65, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB else { return false }
        switch encoding.color_space {
        case JXL_COLOR_SPACE_GRAY: return true
        case JXL_COLOR_SPACE_RGB: return encoding.primaries == JXL_PRIMARIES_SRGB
        default: return false
        }
    }
}
