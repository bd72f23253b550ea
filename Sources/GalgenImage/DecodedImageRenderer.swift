import GalgenCore
import GalgenHEIF
import GalgenPixels
import GalgenPNG
import GalgenWebP

/// The render stage for photos that are not JPEG (HEIC/HEIF, AVIF, WebP, PNG): decoded whole by
/// their library, then resampled, colour-managed and encoded like a JPEG source
/// (`RenditionEncoding`). A 10- to 16-bit opaque photo is resampled and colour-managed at its depth
/// and rounded to 8 bits once per rendition. A transparent photo keeps its alpha in AVIF and WebP renditions and is
/// flattened onto the page background in JPEG ones.
enum DecodedImageRenderer {
    static func render(_ bytes: [UInt8], format: ImageFormat, decoder: WholeDecoder, request: RenditionRequest) throws -> RenderedImage {
        let decoded = try decode(bytes, format: format, decoder: decoder, maxPixels: request.maxPixels)
        // The one walk over the file's blocks: its place, and the EXIF and XMP its facts and words come from.
        let scan = LocationScanner.scan(bytes, format: format)
        let exif = EXIFSummary(tiff: scan.blocks.exif ?? [])
        var warnings = decoded.notes + scan.blocks.notes
        let (orientation, orientationWarning) = decoder.orientation(bytes, exif.orientation)
        if let orientationWarning { warnings.append(orientationWarning) }
        let stored = storedBase(decoded, keepsAlpha: decoded.alpha != nil && request.formats.contains(where: Self.keepsAlpha))
        let uprightWidth = orientation.swapsAxes ? stored.height : stored.width
        let uprightHeight = orientation.swapsAxes ? stored.width : stored.height
        let widths = RenditionWidths.widths(requested: request.widths, sourceWidth: uprightWidth)
        let sizes = RenditionEncoding.storedSizes(widths: widths, uprightWidth: uprightWidth, uprightHeight: uprightHeight,
                                                  orientation: orientation)
        var profile = decoded.iccProfile
        if profile == nil, let cicp = decoded.cicp {
            let made = try cicpProfile(cicp)
            profile = made.profile
            if let warning = made.warning { warnings.append(warning) }
        }
        let colour = published(stored.resized(width: sizes.last!.width, height: sizes.last!.height), iccProfile: profile, request: request)
        if let warning = colour.warning { warnings.append(warning) }
        let described = SourceDescription(scan, exif: exif, request: request)
        let encoded = try RenditionEncoding.encode(largest: colour.base,
                                                   metadata: RenditionMetadata(iccProfile: colour.iccProfile, rights: described.rights),
                                                   sizes: sizes, orientation: orientation, request: request)
        return encoded.rendered(scan, described, upright: (uprightWidth, uprightHeight), warnings: warnings,
                                iccProfile: colour.iccProfile)
    }

    /// What the renditions are made from: a 10- to 16-bit opaque photo at its depth; otherwise
    /// 8-bit pixels, with straight alpha when a modern format keeps it (a JPEG-only build flattens
    /// a transparent photo at once).
    private static func storedBase(_ decoded: DecodedImage, keepsAlpha: Bool) -> RenditionBase {
        if let deep = decoded.deep, decoded.alpha == nil { return .deep(deep) }
        guard let alpha = decoded.alpha else { return .eightBit(decoded.pixels, alpha: nil) }
        guard keepsAlpha else { return .eightBit(AlphaFlattening.flatten(decoded.pixels, alpha: alpha), alpha: nil) }
        let plane = PixelBuffer(width: decoded.pixels.width, height: decoded.pixels.height, layout: .gray, bytes: alpha)
        return .eightBit(decoded.pixels, alpha: plane)
    }

    /// The largest rendition's pixels in the colours they are published in, at their depth.
    private static func published(_ largest: RenditionBase, iccProfile: [UInt8]?, request: RenditionRequest)
        -> (base: RenditionBase, iccProfile: [UInt8]?, warning: String?) {
        switch largest {
        case .eightBit(let pixels, let alpha):
            let colour = RenditionColour.prepare(pixels, iccProfile: iccProfile, request: request)
            return (.eightBit(colour.pixels, alpha: alpha), colour.iccProfile, colour.warning)
        case .deep(let samples):
            let colour = RenditionColour.prepare(samples, iccProfile: iccProfile, request: request)
            return (.deep(colour.pixels), colour.iccProfile, colour.warning)
        }
    }

    /// The decoded pixels at their peak and what is made from them. Per pixel: the library's own
    /// planes (libheif's YCbCr, libwebp's canvases: up to 4 bytes), its RGB(A) output and galgen's
    /// copy (3–4 each), the flattened copy of a transparent photo (3). A deep photo: libheif's 16-bit
    /// planes and RGB (up to 12), galgen's read and scaled samples (6 each) and their rounding (3).
    static func peakBytes(_ bytes: [UInt8], decoder: WholeDecoder, request: RenditionRequest) -> Int {
        guard let header = try? decoder.header(bytes), header.width * header.height <= request.maxPixels else { return 0 }
        let pixels = header.width * header.height
        let largest = min(header.width, request.widths.max() ?? header.width)
        let perPixel = (header.hasAlpha ? 15 : header.bitDepth > 8 ? 27 : 10) + decoder.scanBytesPerPixel
        return pixels * perPixel + 3 * largest * largest * header.height / max(1, header.width) * 3
    }

    private static func decode(_ bytes: [UInt8], format: ImageFormat, decoder: WholeDecoder, maxPixels: Int)
        throws(ImageStageError) -> DecodedImage {
        do {
            return try decoder.decode(bytes, maxPixels)
        } catch {
            throw ImageStageError(message: "unreadable \(format.rawValue): \(error)")
        }
    }

    /// Whether renditions in `format` keep alpha (JPEG's are flattened).
    private static func keepsAlpha(_ format: OutputFormat) -> Bool {
        (try? ImageCodecs.encoder(for: format).keepsAlpha) ?? false
    }

    private static func cicpProfile(_ cicp: CICP) throws(ImageStageError) -> (profile: [UInt8]?, warning: String?) {
        do { return try CICPProfile.bytes(for: cicp) } catch { throw ImageStageError(message: error.message) }
    }
}
