import GalgenCore
import GalgenJPEG

/// The part of rendering every format shares: from the largest rendition's pixels (as stored, in
/// the colours they are published in) to every rendition, turned upright and encoded.
enum RenditionEncoding {
    /// Widths from this size up are encoded progressive (smaller files for large images).
    static let progressiveFromWidth = 1000

    /// Each width's size as stored, from the photo's upright proportions (smallest first).
    static func storedSizes(widths: [Int], uprightWidth: Int, uprightHeight: Int, orientation: Orientation)
        -> [(width: Int, height: Int)] {
        widths.map { width in
            let height = max(1, Int((Double(width) * Double(uprightHeight) / Double(uprightWidth)).rounded()))
            return orientation.swapsAxes ? (width: height, height: width) : (width: width, height: height)
        }
    }

    /// Largest first, each width resampled from the one above it: smaller filters, same look.
    /// Returns the renditions smallest first, and the smallest's upright pixels (for the placeholder).
    static func encode(largest: PixelBuffer, iccProfile: [UInt8]?, sizes: [(width: Int, height: Int)],
                       orientation: Orientation, quality: Int) throws -> (renditions: [Rendition], smallest: PixelBuffer?) {
        var renditions: [Rendition] = []
        var base = largest
        var smallest: PixelBuffer?
        for size in sizes.reversed() {
            let pixels = Resampler.resize(base, width: size.width, height: size.height)
            let upright = orientation.apply(to: pixels)
            let encoder = JPEGEncoder(quality: quality, progressive: upright.width >= progressiveFromWidth)
            renditions.insert(Rendition(width: upright.width, height: upright.height,
                                        jpeg: try encoder.encode(upright, iccProfile: iccProfile)), at: 0)
            base = pixels
            smallest = upright
        }
        return (renditions, smallest)
    }
}
