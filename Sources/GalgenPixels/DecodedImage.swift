/// A photo decoded by one of the non-JPEG decoders (HEIF/AVIF, WebP, PNG): 8-bit pixels (and, for
/// an opaque 10- to 16-bit photo, its samples at their depth), and what must travel with them.
public struct DecodedImage: Sendable {
    /// Gray or RGB pixels, 8 bits per sample. For HEIF they are already upright (libheif applies
    /// `irot`/`imir`/`clap`); for WebP and PNG they are as stored, and the EXIF orientation applies
    /// (the file's metadata is read from its blocks by GalgenImage's location walk, not from here).
    public var pixels: PixelBuffer
    /// An opaque 10-, 12- or 16-bit photo's samples at their depth (scaled to 0...65535), the same
    /// size and layout as `pixels`, which are these rounded; nil for 8-bit or transparent photos.
    public var deep: DeepPixelBuffer?
    /// Straight (not premultiplied) alpha, one byte per pixel, row by row; nil when the image has
    /// none or every pixel is opaque.
    public var alpha: [UInt8]?
    /// The embedded ICC profile, if any.
    public var iccProfile: [UInt8]?
    /// Colour as code points, when the file describes it that way and has no ICC profile.
    public var cicp: CICP?
    /// What the build should tell the user about how the file was read, e.g. "an animated WebP
    /// of 101 frames: its first frame is shown". Not errors: the image decoded.
    public var notes: [String]

    public init(pixels: PixelBuffer, deep: DeepPixelBuffer? = nil, alpha: [UInt8]? = nil, iccProfile: [UInt8]? = nil, cicp: CICP? = nil,
                notes: [String] = []) {
        precondition(alpha == nil || alpha!.count == pixels.width * pixels.height, "alpha plane does not match size")
        precondition(deep == nil || (deep!.width, deep!.height, deep!.layout) == (pixels.width, pixels.height, pixels.layout),
                     "deep samples do not match the pixels")
        self.pixels = pixels
        self.deep = deep
        self.alpha = alpha
        self.iccProfile = iccProfile
        self.cicp = cicp
        self.notes = notes
    }
}

/// A non-JPEG file's size from its header, read without decoding pixels (to check
/// `thumbnails.max_pixels` and plan memory before decoding).
public struct ImageHeader: Equatable, Sendable {
    /// The stored size (before EXIF orientation; for HEIF, libheif's reported size).
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    /// Bits per sample as stored: 8, or 10 to 16 for a deep photo (kept at its depth when opaque).
    public var bitDepth: Int

    public init(width: Int, height: Int, hasAlpha: Bool, bitDepth: Int = 8) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
    }
}

/// Colour described by code points (ITU-T H.273), as HEIF/AVIF `nclx` boxes carry it instead of
/// (or beside) an ICC profile.
public struct CICP: Equatable, Sendable {
    public var primaries: Int
    public var transfer: Int
    public var matrix: Int
    public var fullRange: Bool

    public init(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// SMPTE ST 2084 (PQ) and ARIB STD-B67 (HLG): HDR transfers, brighter than an SDR screen's white.
    public var isHDR: Bool { transfer == 16 || transfer == 18 }
}
