/// Decoded samples in the shapes `DecodedImage` wants (PNG's and JPEG XL's decoders give them interleaved).
public enum InterleavedSamples {
    /// Interleaved gray+alpha or RGBA samples split into pixels and an alpha plane; the plane is
    /// nil when there is no alpha channel or every pixel is opaque.
    public static func split(_ samples: [UInt8], width: Int, height: Int, channels: Int) -> (PixelBuffer, [UInt8]?) {
        let layout: PixelBuffer.Layout = channels >= 3 ? .rgb : .gray
        guard channels == 2 || channels == 4 else {
            return (PixelBuffer(width: width, height: height, layout: layout, bytes: samples), nil)
        }
        let count = width * height, colours = channels - 1
        var colour = [UInt8](repeating: 0, count: count * colours)
        var alpha = [UInt8](repeating: 0, count: count)
        var opaque = true
        samples.withUnsafeBufferPointer { input in
            colour.withUnsafeMutableBufferPointer { colourOut in
                alpha.withUnsafeMutableBufferPointer { alphaOut in
                    for pixel in 0..<count {
                        let from = pixel * channels
                        for channel in 0..<colours { colourOut[pixel * colours + channel] = input[from + channel] }
                        let value = input[from + colours]
                        alphaOut[pixel] = value
                        opaque = opaque && value == 255
                    }
                }
            }
        }
        return (PixelBuffer(width: width, height: height, layout: layout, bytes: colour), opaque ? nil : alpha)
    }
}
