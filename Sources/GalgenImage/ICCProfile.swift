import CLCMS2
import GalgenPixels

/// An ICC profile opened by Little CMS, closed with this value.
final class ICCProfile {
    let handle: cmsHPROFILE
    /// Keeps the context (the profile's memory and error log) alive as long as the profile.
    let context: LittleCMSContext

    /// Opens an embedded profile; a damaged one is an error saying what lcms2 found wrong.
    init(bytes: [UInt8], context: LittleCMSContext) throws(ColourError) {
        guard bytes.count >= 132, bytes.count <= Int(UInt32.max) else {
            throw ColourError(message: "the embedded ICC profile is damaged (\(bytes.count) bytes, too short to be one)")
        }
        let opened = bytes.withUnsafeBytes { cmsOpenProfileFromMemTHR(context.handle, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let opened else {
            throw context.failure("the embedded ICC profile is damaged", fallback: "Little CMS cannot read it")
        }
        self.handle = opened
        self.context = context
    }

    private init(handle: cmsHPROFILE, context: LittleCMSContext) {
        self.handle = handle
        self.context = context
    }

    /// lcms2's own sRGB (IEC 61966-2.1), what browsers assume of a photo without a profile.
    static func sRGB(context: LittleCMSContext) throws(ColourError) -> ICCProfile {
        guard let handle = cmsCreate_sRGBProfileTHR(context.handle) else {
            throw context.failure("Little CMS could not make its sRGB profile", fallback: "out of memory")
        }
        return ICCProfile(handle: handle, context: context)
    }

    /// Gray with sRGB's tone curve: how browsers show a gray photo without a profile.
    static func sRGBGray(context: LittleCMSContext) throws(ColourError) -> ICCProfile {
        // sRGB's transfer function as lcms2's parametric curve type 4: Y = (aX + b)^g for X >= d, else cX.
        let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(context.handle, 4, parameters) else {
            throw context.failure("Little CMS could not make the sRGB tone curve", fallback: "out of memory")
        }
        defer { cmsFreeToneCurve(curve) }
        // The white point does not matter: white maps to white in every intent galgen uses.
        guard let profile = cmsCreateGrayProfileTHR(context.handle, cmsD50_xyY(), curve) else {
            throw context.failure("Little CMS could not make its sRGB gray profile", fallback: "out of memory")
        }
        return ICCProfile(handle: profile, context: context)
    }

    deinit { cmsCloseProfile(handle) }

    var colourSpace: cmsColorSpaceSignature { cmsGetColorSpace(handle) }
    var deviceClass: cmsProfileClassSignature { cmsGetDeviceClass(handle) }

    /// The profile's colour space, in words for messages ("CMYK", "RGB", "gray", …).
    var colourSpaceName: String {
        switch colourSpace {
        case cmsSigCmykData: "CMYK"
        case cmsSigRgbData: "RGB"
        case cmsSigGrayData: "gray"
        case cmsSigLabData: "Lab"
        case cmsSigYCbCrData: "YCbCr"
        default:
            String(decoding: withUnsafeBytes(of: colourSpace.rawValue.bigEndian) { Array($0) }.filter { $0 > 0x20 && $0 < 0x7F },
                   as: UTF8.self)
        }
    }

    /// Whether this profile describes pixels laid out like `layout`, and can be read from (not a device link or abstract profile).
    func describes(_ layout: PixelBuffer.Layout) -> Bool {
        let classes: [cmsProfileClassSignature] = [cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass]
        guard classes.contains(deviceClass) else { return false }
        switch layout {
        case .cmyk: return colourSpace == cmsSigCmykData
        case .rgb: return colourSpace == cmsSigRgbData
        case .gray: return colourSpace == cmsSigGrayData
        }
    }
}
