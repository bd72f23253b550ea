import GalgenCore
import GalgenPixels
import GalgenPNG

/// A `watermark:` laid over a rendition (`RenditionEncoding`): after it is resized and turned
/// upright, before it is encoded, in its colours (the mark's sRGB converted into the photo's
/// profile when the rendition keeps one). The mark is resampled to its share of the rendition's
/// width (premultiplied, so its soft edges stay clean), placed `margin` from the edges and
/// blended at `opacity` by its own alpha. The rest of the rendition is left as it was, byte for byte.
struct WatermarkStamp {
    let watermark: Watermark
    /// The mark in the rendition's colours, and its straight alpha (all 255 for an opaque PNG).
    let mark: PixelBuffer
    let alpha: PixelBuffer

    /// The mark decoded from its PNG, converted to sRGB through its own profile, then into `renditionProfile`'s colours.
    init(_ watermark: Watermark, renditionProfile: [UInt8]?) throws(ImageStageError) {
        self.watermark = watermark
        let decoded: DecodedImage
        do {
            decoded = try PNGDecoder.decode(watermark.image.png, maxPixels: 50_000_000)
        } catch {
            throw ImageStageError(message: "its watermark image cannot be read: \(error)")
        }
        var pixels = decoded.pixels.layout == .gray ? Self.rgb(fromGray: decoded.pixels) : decoded.pixels
        do throws(ColourError) {
            if let own = decoded.iccProfile, decoded.pixels.layout == .rgb { pixels = try ColourConversion.toSRGB(pixels, profile: own) }
            if let renditionProfile { pixels = try ColourConversion.fromSRGB(pixels, to: renditionProfile) }
        } catch {
            throw ImageStageError(message: "its watermark's colours cannot be converted: \(error.message)")
        }
        mark = pixels
        alpha = PixelBuffer(width: pixels.width, height: pixels.height, layout: .gray,
                            bytes: decoded.alpha ?? [UInt8](repeating: 255, count: pixels.width * pixels.height))
    }

    /// Whether a rendition `width` pixels wide gets the mark (`min_width` and up).
    func marks(width: Int) -> Bool { watermark.marks(width: width) }

    /// The mark's size and place in a `width` × `height` rendition: its share of the width (less
    /// when it would not fit the height), `margin` from the edges.
    func placement(width: Int, height: Int) -> (width: Int, height: Int, x: Int, y: Int) {
        let margin = Int((watermark.margin * Double(width)).rounded())
        var markWidth = max(1, Int((watermark.width * Double(width)).rounded()))
        var markHeight = max(1, Int((Double(markWidth) * Double(mark.height) / Double(mark.width)).rounded()))
        let room = max(1, height - 2 * margin)
        if markHeight > room {
            markWidth = max(1, Int((Double(markWidth) * Double(room) / Double(markHeight)).rounded()))
            markHeight = room
        }
        let origin = watermark.position.origin(mark: (markWidth, markHeight), picture: (width, height), margin: margin)
        return (markWidth, markHeight, origin.x, origin.y)
    }

    /// `picture` (upright, RGB or gray) with the mark blended in.
    func apply(to picture: PixelBuffer) -> PixelBuffer {
        let place = placement(width: picture.width, height: picture.height)
        let (sized, sizedAlpha) = AlphaResampling.resize(mark, alpha: alpha, width: place.width, height: place.height)
        let opacity = Int((watermark.opacity * 255).rounded())
        let channels = picture.layout.rawValue
        var bytes = picture.bytes
        for row in 0 ..< place.height where place.y + row < picture.height {
            for column in 0 ..< place.width where place.x + column < picture.width {
                let weight = Int(sizedAlpha.bytes[row * place.width + column]) * opacity  // out of 255 × 255
                guard weight > 0 else { continue }
                let source = (row * place.width + column) * 3
                let target = ((place.y + row) * picture.width + place.x + column) * channels
                if channels == 1 {
                    let luma = (2126 * Int(sized.bytes[source]) + 7152 * Int(sized.bytes[source + 1]) + 722 * Int(sized.bytes[source + 2])) / 10000
                    bytes[target] = Self.blend(bytes[target], UInt8(luma), weight)
                } else {
                    for channel in 0 ..< 3 { bytes[target + channel] = Self.blend(bytes[target + channel], sized.bytes[source + channel], weight) }
                }
            }
        }
        return PixelBuffer(width: picture.width, height: picture.height, layout: picture.layout, bytes: bytes)
    }

    /// `under` with `over` laid on it at `weight` (0 to 255 × 255).
    @inline(__always)
    static func blend(_ under: UInt8, _ over: UInt8, _ weight: Int) -> UInt8 {
        UInt8((Int(over) * weight + Int(under) * (65025 - weight) + 32512) / 65025)
    }

    private static func rgb(fromGray gray: PixelBuffer) -> PixelBuffer {
        PixelBuffer(width: gray.width, height: gray.height, layout: .rgb, bytes: gray.bytes.flatMap { [$0, $0, $0] })
    }
}
