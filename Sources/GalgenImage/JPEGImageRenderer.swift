import GalgenCore
import GalgenJPEG
import GalgenPixels

/// The live render-images stage: one DCT-scaled decode per source, then every width from it.
public enum JPEGImageRenderer {
    public static func make(decoder: JPEGDecoder = JPEGDecoder()) -> ImageRenderer {
        ImageRenderer(render: { bytes, request in try render(bytes, request: request, decoder: decoder) },
                      peakBytes: { bytes, request in peakBytes(bytes, request: request) },
                      readMetadata: { bytes in PhotoMetadataReader.read(bytes, format: .jpeg) })
    }

    /// The DCT-scaled decode keeps at least this many pixels per output pixel: libjpeg's reduced
    /// IDCT is a coarse low-pass, and the Lanczos filter needs room to do the real work.
    static let decodeHeadroom = 2

    /// What a photo's header says about making its renditions: the one place `render` and `peakBytes` work it out.
    struct Plan {
        let header: JPEGHeader
        let orientation: Orientation
        /// Upright size, and which stored edge becomes the output width.
        let uprightWidth: Int, uprightHeight: Int
        let widths: [Int]
        /// The DCT scale (n/8) that leaves `decodeHeadroom` for the largest width.
        let scaleNumerator: Int

        init(_ header: JPEGHeader, orientation: Orientation, request: RenditionRequest) {
            self.header = header
            self.orientation = orientation
            uprightWidth = orientation.swapsAxes ? header.height : header.width
            uprightHeight = orientation.swapsAxes ? header.width : header.height
            widths = RenditionWidths.widths(requested: request.widths, sourceWidth: uprightWidth)
            scaleNumerator = JPEGDecoder.scaleNumerator(storedEdge: uprightWidth,
                                                        minimumEdge: decodeHeadroom * (widths.last ?? uprightWidth))
        }
    }

    public static func render(_ bytes: [UInt8], request: RenditionRequest, decoder: JPEGDecoder) throws -> RenderedImage {
        let header = try readHeader(bytes)
        // The one walk over the file's blocks: its place, and the EXIF and words read below.
        let scan = LocationScanner.scan(bytes, format: .jpeg)
        let exif = EXIFSummary(tiff: scan.blocks.exif ?? [])
        let plan = Plan(header, orientation: Orientation(rawValue: exif.orientation ?? 1) ?? .up, request: request)
        let orientation = plan.orientation
        let (uprightWidth, uprightHeight) = (plan.uprightWidth, plan.uprightHeight)
        guard header.width * header.height <= request.maxPixels else {
            throw ImageStageError(message: "\(header.width)×\(header.height) is \(header.width * header.height) pixels, "
                + "more than thumbnails.max_pixels (\(request.maxPixels)); raise it in gallery.yml if the photo is genuine")
        }
        var decoder = decoder
        decoder.maxPixels = request.maxPixels
        // Resampling happens as stored; only the results are turned upright.
        let sizes = RenditionEncoding.storedSizes(widths: plan.widths, uprightWidth: uprightWidth, uprightHeight: uprightHeight,
                                                  orientation: orientation)
        let (colour, decodeWarning) = try largestRendition(bytes, header: header, scaleNumerator: plan.scaleNumerator,
                                                           size: sizes.last!, request: request, decoder: decoder)
        let described = SourceDescription(scan, exif: exif, request: request)
        let encoded = try RenditionEncoding.encode(largest: .eightBit(colour.pixels, alpha: nil),
                                                   metadata: RenditionMetadata(iccProfile: colour.iccProfile, rights: described.rights),
                                                   sizes: sizes, orientation: orientation, request: request)
        var warnings: [String] = []
        if let warning = decodeWarning { warnings.append("damaged JPEG data (\(warning)); the visible part was kept") }
        if let warning = colour.warning { warnings.append(warning) }
        return encoded.rendered(scan, described, upright: (uprightWidth, uprightHeight), warnings: warnings,
                                iccProfile: colour.iccProfile)
    }

    /// The largest rendition's pixels as stored, in the colours they are published in. CMYK is
    /// converted before resampling (inks do not average like light), so that photo is decoded
    /// whole; every other photo is resampled as it is decoded, a few rows at a time, and its colour
    /// handled at the rendition's size, which is as exact and much cheaper.
    private static func largestRendition(_ bytes: [UInt8], header: JPEGHeader, scaleNumerator: Int,
                                         size: (width: Int, height: Int), request: RenditionRequest, decoder: JPEGDecoder)
        throws -> (colour: (pixels: PixelBuffer, iccProfile: [UInt8]?, warning: String?), decodeWarning: String?) {
        if header.colorModel == .cmyk {
            let decoded = try decoder.decode(bytes, header: header, scaleNumerator: scaleNumerator)
            let colour = RenditionColour.prepare(decoded, request: request)
            return ((Resampler.resize(colour.pixels, width: size.width, height: size.height), colour.iccProfile, colour.warning),
                    decoded.warning)
        }
        let streamed = try decoder.stream(bytes, header: header, scaleNumerator: scaleNumerator) { rows in
            try Resampler.resize(rows, width: size.width, height: size.height)
        }
        let resized = DecodedJPEG(pixels: streamed.result, iccProfile: streamed.iccProfile, warning: streamed.warning,
                                  storedWidth: header.width, storedHeight: header.height, adobeInverted: false)
        return (RenditionColour.prepare(resized, request: request), streamed.warning)
    }

    /// The decode's peak (a progressive file's coefficients; a CMYK photo's whole pixels, which are
    /// converted before resampling) and what is made from it (the renditions, each turned upright),
    /// from the header alone: the larger of the photo as stored and turned a quarter, so that its
    /// metadata is read once, by the render (`LocationScanner.scan`).
    static func peakBytes(_ bytes: [UInt8], request: RenditionRequest) -> Int {
        // A damaged header, or a photo over max_pixels, fails before allocating anything.
        guard let header = try? JPEGHeader.read(bytes), header.width * header.height <= request.maxPixels else { return 0 }
        return [Orientation.up, .right].map { orientation in
            let plan = Plan(header, orientation: orientation, request: request)
            let largest = plan.widths.last ?? plan.uprightWidth
            let rendition = largest * largest * plan.uprightHeight / max(1, plan.uprightWidth) * 3
            return JPEGDecoder.peakBytes(of: header, scaleNumerator: plan.scaleNumerator, whole: header.colorModel == .cmyk)
                + 3 * rendition
        }.max() ?? 0
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
