import CLCMS2
import GalgenPixels

/// Pixels to sRGB through their ICC profile, with Little CMS.
///
/// One rendering intent for everything: perceptual. For a CMYK profile that is its maker's
/// photographic rendering of print on a screen (its A2B0 table, the one browsers use; within
/// 0.01 level of relative colorimetric with black-point compensation on the fixtures). Matrix-shaper
/// RGB profiles (Display P3, Adobe RGB) have one rendering for every intent: colours outside sRGB
/// are clipped. Black-point compensation is asked for so that a profile lacking perceptual
/// tables still maps its black to sRGB black rather than to a grey.
enum ColourConversion {
    static let intent = cmsUInt32Number(INTENT_PERCEPTUAL)
    static let flags = cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION)
    /// Pixels per call into lcms2 (its count is 32-bit).
    static let pixelsPerCall = 1 << 20
    /// Up to this many pixels (a placeholder), the transform is not optimised: lcms2's optimisation
    /// (precomputed tables) takes about 3 ms, which only pays off over many pixels. Unoptimised, a
    /// transform costs a few microseconds to make, and it reads the same tags.
    static let unoptimisedUpTo = 4096

    /// `pixels`, described by `profile`, in sRGB: CMYK and RGB become sRGB RGB, gray becomes gray
    /// on sRGB's tone curve (what browsers assume of an untagged gray image), still one channel.
    /// `adobeInverted`: CMYK stored as 255 − ink, as Photoshop writes it.
    static func toSRGB(_ pixels: PixelBuffer, profile: [UInt8], adobeInverted: Bool = false) throws(ColourError) -> PixelBuffer {
        let link = try Link(profile: profile, layout: pixels.layout, adobeInverted: adobeInverted,
                            optimised: pixels.width * pixels.height > unoptimisedUpTo)
        let bytes = link.apply(pixels.bytes, count: pixels.width * pixels.height, inputChannels: pixels.channels)
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: link.outputLayout, bytes: bytes)
    }

    /// 16-bit `pixels` (gray or RGB), described by `profile`, in sRGB at the same depth.
    static func toSRGB(_ pixels: DeepPixelBuffer, profile: [UInt8]) throws(ColourError) -> DeepPixelBuffer {
        let link = try Link(profile: profile, layout: pixels.layout, adobeInverted: false,
                            optimised: pixels.width * pixels.height > unoptimisedUpTo, deep: true)
        let samples = link.apply(pixels.samples, count: pixels.width * pixels.height, inputChannels: pixels.channels)
        return DeepPixelBuffer(width: pixels.width, height: pixels.height, layout: link.outputLayout, samples: samples)
    }

    /// sRGB `pixels` in the RGB colour space `profile` describes (a `watermark:` mark laid over a
    /// rendition that keeps its photo's Display P3 profile, say); as they are when `profile`
    /// describes no RGB colours.
    static func fromSRGB(_ pixels: PixelBuffer, to profile: [UInt8]) throws(ColourError) -> PixelBuffer {
        guard pixels.layout == .rgb else { return pixels }
        let context = try LittleCMSContext()
        let target = try ICCProfile(bytes: profile, context: context)
        guard target.describes(.rgb) else { return pixels }
        let source = try ICCProfile.sRGB(context: context)
        let optimised = pixels.width * pixels.height > unoptimisedUpTo
        guard let transform = cmsCreateTransformTHR(context.handle, source.handle, GALGEN_TYPE_RGB_8, target.handle, GALGEN_TYPE_RGB_8,
                                                    intent, flags | (optimised ? 0 : cmsUInt32Number(cmsFLAGS_NOOPTIMIZE))) else {
            throw context.failure("the photo's ICC profile cannot take sRGB colours", fallback: "Little CMS cannot convert into it")
        }
        defer { cmsDeleteTransform(transform) }
        let count = pixels.width * pixels.height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialized in
            pixels.bytes.withUnsafeBufferPointer { input in
                var start = 0
                while start < count {
                    let n = min(pixelsPerCall, count - start)
                    cmsDoTransform(transform, input.baseAddress! + start * 3, buffer.baseAddress! + start * 3, cmsUInt32Number(n))
                    start += n
                }
            }
            initialized = count * 3
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: .rgb, bytes: bytes)
    }

    /// Throws what is wrong with `profile` if pixels laid out as `layout` cannot be converted through it.
    static func check(profile: [UInt8], layout: PixelBuffer.Layout) throws(ColourError) {
        _ = try Link(profile: profile, layout: layout, adobeInverted: false, optimised: false)
    }

    /// An lcms2 transform from a photo's profile to sRGB, with everything it needs kept alive.
    private final class Link {
        let context: LittleCMSContext
        let transform: cmsHTRANSFORM
        let outputLayout: PixelBuffer.Layout

        init(profile bytes: [UInt8], layout: PixelBuffer.Layout, adobeInverted: Bool, optimised: Bool, deep: Bool = false) throws(ColourError) {
            context = try LittleCMSContext()
            let source = try ICCProfile(bytes: bytes, context: context)
            guard source.describes(layout) else {
                throw ColourError(message: "the embedded ICC profile describes \(source.colourSpaceName) "
                    + (source.deviceClass == cmsSigLinkClass || source.deviceClass == cmsSigAbstractClass ? "conversions" : "colours")
                    + ", but the photo's pixels are \(Self.name(of: layout))")
            }
            outputLayout = layout == .gray ? .gray : .rgb
            let target = outputLayout == .gray ? try ICCProfile.sRGBGray(context: context) : try ICCProfile.sRGB(context: context)
            let inputFormat = switch layout {
            case .gray: deep ? GALGEN_TYPE_GRAY_16 : GALGEN_TYPE_GRAY_8
            case .rgb: deep ? GALGEN_TYPE_RGB_16 : GALGEN_TYPE_RGB_8
            case .cmyk: adobeInverted ? GALGEN_TYPE_CMYK_8_REV : GALGEN_TYPE_CMYK_8
            }
            let outputFormat = switch outputLayout {
            case .gray: deep ? GALGEN_TYPE_GRAY_16 : GALGEN_TYPE_GRAY_8
            default: deep ? GALGEN_TYPE_RGB_16 : GALGEN_TYPE_RGB_8
            }
            guard let transform = cmsCreateTransformTHR(context.handle, source.handle, inputFormat, target.handle, outputFormat,
                                                        ColourConversion.intent,
                                                        ColourConversion.flags | (optimised ? 0 : cmsUInt32Number(cmsFLAGS_NOOPTIMIZE))) else {
                throw context.failure("the embedded ICC profile is damaged", fallback: "Little CMS cannot convert through it")
            }
            // The transform holds what it needs of both profiles; they can be closed now.
            self.transform = transform
        }

        deinit { cmsDeleteTransform(transform) }

        /// `count` pixels of `inputChannels` samples each (8- or 16-bit, as the link was made for).
        func apply<Sample: FixedWidthInteger>(_ input: [Sample], count: Int, inputChannels: Int) -> [Sample] {
            let outChannels = outputLayout.rawValue
            return [Sample](unsafeUninitializedCapacity: count * outChannels) { buffer, initialized in
                input.withUnsafeBufferPointer { input in
                    var start = 0
                    while start < count {
                        let n = min(ColourConversion.pixelsPerCall, count - start)
                        cmsDoTransform(transform, input.baseAddress! + start * inputChannels,
                                       buffer.baseAddress! + start * outChannels, cmsUInt32Number(n))
                        start += n
                    }
                }
                initialized = count * outChannels
            }
        }

        static func name(of layout: PixelBuffer.Layout) -> String {
            switch layout {
            case .gray: "gray"
            case .rgb: "RGB"
            case .cmyk: "CMYK"
            }
        }
    }
}
