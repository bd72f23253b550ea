import GalgenCore
import GalgenPixels

/// The part of rendering every source format shares: from the largest rendition's pixels (as
/// stored, in the colours they are published in) to every rendition, turned upright and encoded
/// in each requested output format.
enum RenditionEncoding {
    /// Each width's size as stored, from the photo's upright proportions (smallest first).
    static func storedSizes(widths: [Int], uprightWidth: Int, uprightHeight: Int, orientation: Orientation)
        -> [(width: Int, height: Int)] {
        widths.map { width in
            let height = max(1, Int((Double(width) * Double(uprightHeight) / Double(uprightWidth)).rounded()))
            return orientation.swapsAxes ? (width: height, height: width) : (width: width, height: height)
        }
    }

    struct Encoded {
        /// The fallback format's renditions, smallest first.
        var renditions: [Rendition]
        /// The other requested formats', in the order requested.
        var alternates: [RenditionsOfFormat]
        /// The smallest rendition's upright pixels (for the placeholder).
        var smallest: PixelBuffer?
    }

    /// Largest first, each width resampled from the one above it: smaller filters, same look.
    /// Each size is resampled and turned upright once, then encoded in every format. A transparent
    /// `largest` keeps its alpha in WebP and AVIF and is flattened onto the page background in JPEG.
    static func encode(largest: RenditionBase, metadata: RenditionMetadata, sizes: [(width: Int, height: Int)],
                       orientation: Orientation, request: RenditionRequest) throws -> Encoded {
        var byFormat: [OutputFormat: [Rendition]] = [:]
        var base = largest
        var smallest: PixelBuffer?
        let marked = sizes.contains { request.watermark?.marks(width: orientation.swapsAxes ? $0.height : $0.width) == true }
        let stamp = try marked ? request.watermark.map { try WatermarkStamp($0, renditionProfile: metadata.iccProfile) } : nil
        for size in sizes.reversed() {
            base = base.resized(width: size.width, height: size.height)
            let (pixels, alpha) = base.published
            let clean = orientation.apply(to: pixels)
            // The mark goes on from its min_width up, never on the placeholder (made from the smallest, unmarked).
            let isMarked = stamp?.marks(width: clean.width) == true
            let upright = isMarked ? stamp?.apply(to: clean) ?? clean : clean
            let uprightAlpha = alpha.map { orientation.apply(to: $0).bytes }
            let flat = uprightAlpha.map { AlphaFlattening.flatten(upright, alpha: $0) } ?? upright
            for format in request.formats {
                let encoder = try ImageCodecs.encoder(for: format)
                let bytes = encoder.keepsAlpha
                    ? try encode(upright, alpha: uprightAlpha, format: format, quality: request.quality, metadata: metadata)
                    : try encode(flat, format: format, quality: request.quality, metadata: metadata)
                byFormat[format, default: []].insert(Rendition(width: upright.width, height: upright.height, encoded: bytes, format: format), at: 0)
            }
            smallest = isMarked ? uprightAlpha.map { AlphaFlattening.flatten(clean, alpha: $0) } ?? clean : flat
        }
        let fallback = OutputFormat.fallback(of: request.formats)
        return Encoded(renditions: byFormat[fallback] ?? [],
                       alternates: OutputFormat.alternates(of: request.formats).map {
                           RenditionsOfFormat(format: $0, renditions: byFormat[$0] ?? [])
                       },
                       smallest: smallest)
    }

    static func encode(_ image: PixelBuffer, alpha: [UInt8]? = nil, format: OutputFormat, quality: Int,
                       metadata: RenditionMetadata) throws -> [UInt8] {
        let encoder = try ImageCodecs.encoder(for: format)
        do {
            return try encoder.encode(image, alpha, encoder.quality(quality, image.width), metadata)
        } catch {
            throw ImageStageError(message: "cannot encode the \(format.rawValue.uppercased()) rendition: \(error)")
        }
    }
}
