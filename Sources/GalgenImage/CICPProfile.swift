import CLCMS2
import GalgenPixels

/// An ICC profile for colour given as code points (HEIF/AVIF `nclx`), so wide-gamut photos that
/// carry no profile (an AVIF in Display P3, say) keep their colours like those that do.
///
/// - sRGB's primaries (1) and unspecified (2), and the close PAL/NTSC ones (5, 6), need no profile:
///   browsers show an untagged image as sRGB. BT.709's transfer is read as sRGB's too, as browsers do.
/// - Display P3 (12), DCI-P3 (11) and BT.2020 (9) primaries become an RGB profile with their
///   primaries and white point, and a curve for the transfer: sRGB's (13, 2), BT.709's (1, 6, 14,
///   15), gamma 2.2 (4) or 2.8 (5), linear (8).
/// - Other primaries are treated as sRGB, with a warning. HDR transfers never get here: the decoder
///   refuses them.
enum CICPProfile {
    /// The profile's bytes, or nil when the photo is sRGB as far as a browser can tell.
    static func bytes(for cicp: CICP) throws(ColourError) -> (profile: [UInt8]?, warning: String?) {
        let primaries: (red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double))
        switch cicp.primaries {
        case 1, 2, 5, 6: return (nil, nil)
        case 12: primaries = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290))
        case 11: primaries = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.314, 0.351))
        case 9: primaries = ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), (0.3127, 0.3290))
        default:
            return (nil, "its colour primaries (code \(cicp.primaries)) are not ones galgen knows; it is shown as sRGB")
        }
        let context = try LittleCMSContext()
        guard let curve = cmsBuildParametricToneCurve(context.handle, 4, curveParameters(transfer: cicp.transfer)) else {
            throw context.failure("Little CMS could not make a tone curve", fallback: "out of memory")
        }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: primaries.white.0, y: primaries.white.1, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: primaries.red.0, y: primaries.red.1, Y: 1),
                                     Green: cmsCIExyY(x: primaries.green.0, y: primaries.green.1, Y: 1),
                                     Blue: cmsCIExyY(x: primaries.blue.0, y: primaries.blue.1, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfileTHR(context.handle, &white, &triple, &curves) else {
            throw context.failure("Little CMS could not make a profile for the photo's colour", fallback: "out of memory")
        }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else {
            throw context.failure("Little CMS could not write a profile", fallback: "out of memory")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &size) }) != 0 else {
            throw context.failure("Little CMS could not write a profile", fallback: "out of memory")
        }
        return (bytes, nil)
    }

    /// lcms2's parametric curve type 4, Y = (aX + b)^g for X >= d, else cX, for each transfer.
    static func curveParameters(transfer: Int) -> [cmsFloat64Number] {
        switch transfer {
        case 1, 6, 14, 15: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        case 4: [2.2, 1, 0, 0, 0]
        case 5: [2.8, 1, 0, 0, 0]
        case 8: [1, 1, 0, 0, 0]
        default: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        }
    }
}
