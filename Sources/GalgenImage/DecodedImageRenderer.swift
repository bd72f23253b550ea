import GalgenCore
import GalgenHEIF
import GalgenJPEG
import GalgenPNG
import GalgenWebP

/// The render stage for photos that are not JPEG (HEIC/HEIF, AVIF, WebP, PNG): decoded whole into
/// 8-bit pixels by their library, then resampled, colour-managed and encoded like a JPEG source
/// (`RenditionEncoding`). A transparent photo keeps its alpha in AVIF and WebP renditions and is
/// flattened onto the page background in JPEG ones.
enum DecodedImageRenderer {
    static func render(_ bytes: [UInt8], format: ImageFormat, request: RenditionRequest) throws -> RenderedImage {
        let decoded = try decode(bytes, format: format, maxPixels: request.maxPixels)
        let exif = EXIFSummary(tiff: decoded.exif ?? [])
        var warnings = decoded.notes
        // libheif has applied the container's irot/imir; EXIF orientation applies to WebP and PNG.
        let orientation = format.isHEIF ? .up : Orientation(rawValue: exif.orientation ?? 1) ?? .up
        if format.isHEIF, let turn = exif.orientation, turn != 1, !HEIFDecoder.hasTransform(bytes) {
            warnings.append("its EXIF says orientation \(turn), but its HEIF boxes do not rotate it: it is shown as stored, "
                + "as the HEIF standard says and browsers do; if it looks turned, re-export it from the phone or an editor")
        }
        // A transparent photo keeps its alpha for WebP and AVIF; JPEG-only builds flatten it at once.
        let keepsAlpha = decoded.alpha != nil && request.formats.contains { $0 != .jpeg }
        let stored = keepsAlpha ? decoded.pixels : decoded.alpha.map { AlphaFlattening.flatten(decoded.pixels, alpha: $0) } ?? decoded.pixels
        let storedAlpha = keepsAlpha ? decoded.alpha.map { PixelBuffer(width: stored.width, height: stored.height, layout: .gray, bytes: $0) } : nil
        let uprightWidth = orientation.swapsAxes ? stored.height : stored.width
        let uprightHeight = orientation.swapsAxes ? stored.width : stored.height
        let widths = RenditionWidths.widths(requested: request.widths, sourceWidth: uprightWidth)
        let sizes = RenditionEncoding.storedSizes(widths: widths, uprightWidth: uprightWidth, uprightHeight: uprightHeight,
                                                  orientation: orientation)
        let (largest, largestAlpha) = storedAlpha.map {
            let resized = AlphaResampling.resize(stored, alpha: $0, width: sizes.last!.width, height: sizes.last!.height)
            return (resized.0, Optional(resized.1))
        } ?? (Resampler.resize(stored, width: sizes.last!.width, height: sizes.last!.height), nil)
        var profile = decoded.iccProfile
        if profile == nil, let cicp = decoded.cicp {
            let made = try cicpProfile(cicp)
            profile = made.profile
            if let warning = made.warning { warnings.append(warning) }
        }
        let colour = RenditionColour.prepare(largest, iccProfile: profile, request: request)
        if let warning = colour.warning { warnings.append(warning) }
        let encoded = try RenditionEncoding.encode(largest: colour.pixels, alpha: largestAlpha, iccProfile: colour.iccProfile, sizes: sizes,
                                                   orientation: orientation, request: request)
        if exif.hasGPS { warnings.append("has GPS coordinates; they were removed from the published files") }
        return RenderedImage(width: uprightWidth, height: uprightHeight, renditions: encoded.renditions, alternates: encoded.alternates,
                             warnings: warnings,
                             placeholder: encoded.smallest.map { Placeholder.dataURI(from: $0, iccProfile: colour.iccProfile) },
                             facts: exif.facts, metadata: PhotoMetadataReader.read(xmp: decoded.xmp, exif: exif))
    }

    /// The decoded pixels at their peak and what is made from them. Per pixel: the library's own
    /// planes (libheif's YCbCr, libwebp's canvases: up to 4 bytes), its RGB(A) output and galgen's
    /// copy (3–4 each), the flattened copy of a transparent photo (3).
    static func peakBytes(_ bytes: [UInt8], format: ImageFormat, request: RenditionRequest) -> Int {
        guard let header = try? header(bytes, format: format), header.width * header.height <= request.maxPixels else { return 0 }
        let pixels = header.width * header.height
        let largest = min(header.width, request.widths.max() ?? header.width)
        return pixels * (header.hasAlpha ? 15 : 10) + 3 * largest * largest * header.height / max(1, header.width) * 3
    }

    private static func decode(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int) throws(ImageStageError) -> DecodedImage {
        do {
            switch format {
            case .heif, .avif: return try HEIFDecoder.decode(bytes, maxPixels: maxPixels)
            case .webp: return try WebPDecoder.decode(bytes, maxPixels: maxPixels)
            case .png: return try PNGDecoder.decode(bytes, maxPixels: maxPixels)
            case .jpeg: preconditionFailure("JPEG photos are rendered by JPEGImageRenderer")
            }
        } catch {
            throw ImageStageError(message: "unreadable \(format.rawValue): \(error)")
        }
    }

    private static func header(_ bytes: [UInt8], format: ImageFormat) throws -> ImageHeader {
        switch format {
        case .heif, .avif:
            let header = try HEIFDecoder.header(bytes)
            return ImageHeader(width: header.width, height: header.height, hasAlpha: header.hasAlpha)
        case .webp: return try WebPDecoder.header(bytes)
        case .png: return try PNGDecoder.header(bytes)
        case .jpeg: preconditionFailure("JPEG photos are rendered by JPEGImageRenderer")
        }
    }

    private static func cicpProfile(_ cicp: CICP) throws(ImageStageError) -> (profile: [UInt8]?, warning: String?) {
        do { return try CICPProfile.bytes(for: cicp) } catch { throw ImageStageError(message: error.message) }
    }
}

extension ImageFormat {
    /// Read through libheif, whose container transforms decide orientation.
    var isHEIF: Bool { self == .heif || self == .avif }
}
