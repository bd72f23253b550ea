import GalgenCore
import GalgenJPEG

/// Between decoding and resampling: the pixels every rendition is made from, in the colour
/// space they are published in, and the ICC profile that travels with them.
enum RenditionColour {
    static func prepare(_ decoded: DecodedJPEG, request: RenditionRequest) -> (pixels: PixelBuffer, iccProfile: [UInt8]?) {
        let pixels = decoded.pixels
        guard pixels.layout == .cmyk else { return (pixels, decoded.iccProfile) }
        let rgb = CMYKConversion.rgb(fromCMYK: pixels.bytes, inverted: decoded.adobeInverted)
        return (PixelBuffer(width: pixels.width, height: pixels.height, layout: .rgb, bytes: rgb), decoded.iccProfile)
    }
}
