import GalgenPixels

/// What each rendition is resampled from: the size above it, in the colours it is published in.
/// 8-bit pixels (with a straight alpha plane when the photo is transparent), or a 10- to 16-bit
/// photo's samples, which stay deep from size to size and are rounded to 8 bits only for encoding.
enum RenditionBase {
    case eightBit(PixelBuffer, alpha: PixelBuffer?)
    case deep(DeepPixelBuffer)

    var width: Int {
        switch self {
        case .eightBit(let pixels, _): pixels.width
        case .deep(let samples): samples.width
        }
    }

    var height: Int {
        switch self {
        case .eightBit(let pixels, _): pixels.height
        case .deep(let samples): samples.height
        }
    }

    /// Resized to `width` × `height`; a transparent photo's colours are weighted by its alpha.
    func resized(width: Int, height: Int) -> RenditionBase {
        switch self {
        case .eightBit(let pixels, nil):
            return .eightBit(Resampler.resize(pixels, width: width, height: height), alpha: nil)
        case .eightBit(let pixels, let alpha?):
            let (resized, resizedAlpha) = AlphaResampling.resize(pixels, alpha: alpha, width: width, height: height)
            return .eightBit(resized, alpha: resizedAlpha)
        case .deep(let samples):
            return .deep(DeepResampler.resize(samples, width: width, height: height))
        }
    }

    /// The 8-bit pixels (as stored, not yet upright) and straight alpha that are encoded.
    var published: (pixels: PixelBuffer, alpha: PixelBuffer?) {
        switch self {
        case .eightBit(let pixels, let alpha): (pixels, alpha)
        case .deep(let samples): (samples.rounded(), nil)
        }
    }
}
