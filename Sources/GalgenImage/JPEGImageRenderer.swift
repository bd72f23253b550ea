import GalgenCore
import GalgenJPEG

/// The live render-images stage: one DCT-scaled decode per source, then every width from it.
public enum JPEGImageRenderer {
    public static func make(decoder: JPEGDecoder = JPEGDecoder()) -> ImageRenderer {
        ImageRenderer(render: { bytes, request in try render(bytes, request: request, decoder: decoder) },
                      peakBytes: { bytes, request in peakBytes(bytes, request: request) })
    }

    /// Widths from this size up are encoded progressive (smaller files for large images).
    static let progressiveFromWidth = 1000

    /// The DCT-scaled decode keeps at least this many pixels per output pixel: libjpeg's reduced
    /// IDCT is a coarse low-pass, and the Lanczos filter needs room to do the real work.
    static let decodeHeadroom = 2

    public static func render(_ bytes: [UInt8], request: RenditionRequest, decoder: JPEGDecoder) throws -> RenderedImage {
        let header = try readHeader(bytes)
        let exif = EXIFSummary(tiff: JPEGMarkers.exifPayload(in: bytes) ?? [])
        let orientation = Orientation(rawValue: exif.orientation ?? 1) ?? .up
        // Upright size, and which stored edge becomes the output width.
        let uprightWidth = orientation.swapsAxes ? header.height : header.width
        let widths = RenditionWidths.widths(requested: request.widths, sourceWidth: uprightWidth)
        let numerator = decodeScale(header, orientation: orientation, request: request)
        guard header.width * header.height <= request.maxPixels else {
            throw ImageStageError(message: "\(header.width)×\(header.height) is \(header.width * header.height) pixels, "
                + "more than thumbnails.max_pixels (\(request.maxPixels)); raise it in gallery.yml if the photo is genuine")
        }
        var decoder = decoder
        decoder.maxPixels = request.maxPixels
        let decoded = try decoder.decode(bytes, header: header, scaleNumerator: numerator)
        let colour = RenditionColour.prepare(decoded, request: request)
        // Largest first, each width resampled from the one above it: smaller filters, same look.
        // Resampling happens as stored and only the results are turned upright, which is cheaper.
        var renditions: [Rendition] = []
        var base = colour.pixels
        var smallest: PixelBuffer?
        let uprightHeight = orientation.swapsAxes ? header.width : header.height
        for width in widths.reversed() {
            // From the photo's own proportions: the scaled decode's size is rounded up by libjpeg.
            let height = max(1, Int((Double(width) * Double(uprightHeight) / Double(uprightWidth)).rounded()))
            let pixels = orientation.swapsAxes ? Resampler.resize(base, width: height, height: width)
                                               : Resampler.resize(base, width: width, height: height)
            let upright = orientation.apply(to: pixels)
            let encoder = JPEGEncoder(quality: request.quality, progressive: width >= progressiveFromWidth)
            renditions.insert(Rendition(width: width, height: height, jpeg: try encoder.encode(upright, iccProfile: colour.iccProfile)), at: 0)
            base = pixels
            smallest = upright
        }
        var warnings: [String] = []
        if let warning = decoded.warning { warnings.append("damaged JPEG data (\(warning)); the visible part was kept") }
        if exif.hasGPS { warnings.append("has GPS coordinates; they were removed from the published files") }
        return RenderedImage(width: uprightWidth, height: uprightHeight, renditions: renditions, warnings: warnings,
                             placeholder: smallest.map { Placeholder.dataURI(from: $0, iccProfile: colour.iccProfile) }, facts: exif.facts)
    }

    /// The DCT scale (n/8) that leaves `decodeHeadroom` for the largest width.
    static func decodeScale(_ header: JPEGHeader, orientation: Orientation, request: RenditionRequest) -> Int {
        let uprightWidth = orientation.swapsAxes ? header.height : header.width
        let largest = RenditionWidths.widths(requested: request.widths, sourceWidth: uprightWidth).last ?? uprightWidth
        return JPEGDecoder.scaleNumerator(storedEdge: uprightWidth, minimumEdge: decodeHeadroom * largest)
    }

    /// The decode's peak (pixels, and a progressive file's coefficients) and as much again for
    /// what is made from the pixels (colour conversion, the first resampling pass).
    static func peakBytes(_ bytes: [UInt8], request: RenditionRequest) -> Int {
        // A damaged header, or a photo over max_pixels, fails before allocating anything.
        guard let header = try? JPEGHeader.read(bytes), header.width * header.height <= request.maxPixels else { return 0 }
        let exif = EXIFSummary(tiff: JPEGMarkers.exifPayload(in: bytes) ?? [])
        let orientation = Orientation(rawValue: exif.orientation ?? 1) ?? .up
        let numerator = decodeScale(header, orientation: orientation, request: request)
        let decoded = JPEGDecoder.scaledSize(header.width, numerator) * JPEGDecoder.scaledSize(header.height, numerator) * 3
        return JPEGDecoder.peakBytes(of: header, scaleNumerator: numerator) + decoded
    }

    private static func readHeader(_ bytes: [UInt8]) throws -> JPEGHeader {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageStageError(message: bytes.isEmpty ? "the file is empty" : "not a JPEG file (it does not start with the JPEG signature FF D8)")
        }
        do {
            return try JPEGHeader.read(bytes)
        } catch {
            throw ImageStageError(message: "unreadable JPEG: \(error.message)")
        }
    }
}

/// Why an image could not be rendered, in words for the build summary.
public struct ImageStageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
