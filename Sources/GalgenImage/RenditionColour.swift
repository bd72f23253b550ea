import GalgenCore
import GalgenJPEG
import GalgenPixels

/// Between decoding and resampling: the pixels every rendition is made from, in the colour
/// space they are published in, and the ICC profile that travels with them.
///
/// - CMYK (and YCCK) photos are converted to sRGB through their profile; renditions carry no
///   profile (browsers take an untagged image as sRGB), so never the CMYK one. Without a profile,
///   or with one Little CMS cannot use, the naive conversion is the fallback: it is what browsers
///   show for an untagged CMYK JPEG, so the rendition looks like the original did.
/// - RGB and gray photos keep their profile under `thumbnails.colour: keep` (the default), and are
///   converted to sRGB under `srgb` (gray stays gray, on sRGB's tone curve), again with no profile.
/// - A profile that does not describe the pixels (a CMYK profile on RGB pixels) or that is damaged
///   is never embedded: the pixels are published as they are, which is how browsers show them
///   anyway, and `warning` says so.
enum RenditionColour {
    static func prepare(_ decoded: DecodedJPEG, request: RenditionRequest)
        -> (pixels: PixelBuffer, iccProfile: [UInt8]?, warning: String?) {
        prepare(decoded.pixels, iccProfile: decoded.iccProfile, adobeInverted: decoded.adobeInverted, request: request)
    }

    static func prepare(_ pixels: PixelBuffer, iccProfile: [UInt8]?, adobeInverted: Bool = false, request: RenditionRequest)
        -> (pixels: PixelBuffer, iccProfile: [UInt8]?, warning: String?) {
        guard let profile = iccProfile, !profile.isEmpty else {
            return (pixels.layout == .cmyk ? naive(pixels, inverted: adobeInverted) : pixels, nil, nil)
        }
        guard pixels.layout == .cmyk else {
            return keepOrConvert(pixels, layout: pixels.layout, profile: profile, request: request) { pixels throws(ColourError) in
                try ColourConversion.toSRGB(pixels, profile: profile)
            }
        }
        do throws(ColourError) {
            return (try ColourConversion.toSRGB(pixels, profile: profile, adobeInverted: adobeInverted), nil, nil)
        } catch {
            return (naive(pixels, inverted: adobeInverted), nil, "\(error.message); its CMYK colours were converted without it and may be off")
        }
    }

    /// The same for a 10- to 16-bit photo's gray or RGB samples, converted at their depth.
    static func prepare(_ pixels: DeepPixelBuffer, iccProfile: [UInt8]?, request: RenditionRequest)
        -> (pixels: DeepPixelBuffer, iccProfile: [UInt8]?, warning: String?) {
        guard let profile = iccProfile, !profile.isEmpty else { return (pixels, nil, nil) }
        return keepOrConvert(pixels, layout: pixels.layout, profile: profile, request: request) { pixels throws(ColourError) in
            try ColourConversion.toSRGB(pixels, profile: profile)
        }
    }

    /// Gray or RGB pixels: the profile is kept under `keep` when it describes them, and they are
    /// converted through it under `srgb`; a profile that cannot serve is left out with a warning.
    private static func keepOrConvert<Pixels>(_ pixels: Pixels, layout: PixelBuffer.Layout, profile: [UInt8], request: RenditionRequest,
                                              convert: (Pixels) throws(ColourError) -> Pixels)
        -> (pixels: Pixels, iccProfile: [UInt8]?, warning: String?) {
        do throws(ColourError) {
            switch request.colour {
            case .srgb:
                return (try convert(pixels), nil, nil)
            case .keep:
                if let problem = ProfileVerdicts.shared.verdict(on: profile, for: layout).problem { throw problem }
                return (pixels, profile, nil)
            }
        } catch {
            return (pixels, nil, "\(error.message); the profile was left out, so the photo is shown as sRGB")
        }
    }

    private static func naive(_ pixels: PixelBuffer, inverted: Bool) -> PixelBuffer {
        PixelBuffer(width: pixels.width, height: pixels.height, layout: .rgb,
                    bytes: CMYKConversion.rgb(fromCMYK: pixels.bytes, inverted: inverted))
    }
}
