import GalgenPixels

/// A decoded JPEG: its pixels (gray, RGB, or CMYK as stored), plus what must travel with them.
public struct DecodedJPEG: Sendable {
    public let pixels: PixelBuffer
    /// The embedded ICC profile, kept so wide-gamut photos keep their colours.
    public let iccProfile: [UInt8]?
    /// The first corrupt-data warning libjpeg recovered from, if any.
    public let warning: String?
    /// Width and height as stored in the file, before any DCT scaling.
    public let storedWidth: Int
    public let storedHeight: Int
    /// CMYK pixels are stored inverted (0 = full ink), as Photoshop writes them with an Adobe marker.
    public let adobeInverted: Bool

    public init(pixels: PixelBuffer, iccProfile: [UInt8]?, warning: String?, storedWidth: Int, storedHeight: Int,
                adobeInverted: Bool) {
        self.pixels = pixels
        self.iccProfile = iccProfile
        self.warning = warning
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.adobeInverted = adobeInverted
    }
}
