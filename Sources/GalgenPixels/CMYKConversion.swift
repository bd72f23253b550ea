/// Naive CMYK to RGB, without a colour-management engine: the fallback for CMYK photos without a
/// usable ICC profile (those with one go through Little CMS, see GalgenImage's RenditionColour).
/// Browsers show an untagged CMYK JPEG this way, so the rendition looks like the original does.
///
/// Photoshop writes CMYK JPEGs with an Adobe marker and inverted values
/// (0 = full ink); libjpeg hands them over as stored.
public enum CMYKConversion {
    public static func rgb(fromCMYK cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let count = cmyk.count / 4
        var rgb = [UInt8](repeating: 0, count: count * 3)
        for pixel in 0..<count {
            let k = Int(cmyk[pixel * 4 + 3])
            for channel in 0..<3 {
                let ink = Int(cmyk[pixel * 4 + channel])
                // Inverted: value = 255 - ink, so light = c * k / 255.
                let value = inverted ? ink * k / 255 : (255 - ink) * (255 - k) / 255
                rgb[pixel * 3 + channel] = UInt8(value)
            }
        }
        return rgb
    }
}
