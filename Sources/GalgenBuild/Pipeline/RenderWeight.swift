import GalgenCore

/// How much work rendering one item is likely to be, for the render stage's progress bar (its
/// time left): estimated milliseconds of one core, from the source file's size alone.
///
/// The pipeline knows each file's size before the stage starts (`BuildEffects.fileSize`, the
/// same `stat` that orders the largest photos first); reading even a header would mean opening
/// every file once more, which a rebuild of 100,000 cached photos must not pay for a bar. So the
/// pixels are guessed from the size (`bytesPerPixel`), and the work is decoding those pixels
/// plus encoding the renditions' pixels in each format still to be made. A guess per item, good
/// enough to weigh a 50 MP photo against a 2 MP one and an AVIF against a JPEG.
///
/// Measured with the release binary (`galgen build --jobs 1 --quiet`, clean cache, CPU seconds,
/// mean of three) on six photos of bench/corpus (8–16 MP JPEGs, 73.5 MP, 15.6 MB; about 27 MP of
/// renditions at the default widths): `[jpeg]` 2.05 s, `[webp]` 5.5 s, `[avif]` 10.5 s,
/// `[avif, jpeg]` 11.2 s. So JPEG's encoding is 0.7 s (26 ms per rendition megapixel), the
/// rest 1.35 s (decode, resample, hashing: 18 ms per source megapixel); WebP 150 ms per
/// rendition megapixel. AVIF took 340 ms at aom speed 8; at speed 9 (issue 28) the same six
/// photos take `[avif]` 4.4 s (user + system, one run), so 110 ms, less than WebP. The encoders
/// alone agree (one 1920×1280 photo, one thread: `cjpeg -quality 82 -optimize` 43 ms,
/// `cwebp -q 85 -m 4` 560 ms, `heif-enc --avif -q 74 -p speed=8 -p threads=1` 810 ms, speed 9
/// about 0.44 of that). JPEG XL at effort 5 (issue 46): the nine photos of ../shared/fixtures/photos
/// (`--jobs 1`, one core, two runs) take 1.5 s with `[jpeg]`, 3.1 s with `[avif, jpeg]` and 6.6 s
/// with `[jxl, jpeg]`: 3.2 times AVIF's encoding, so 350 ms.
public struct RenderWeight: Sendable {
    /// Decoding and resampling, per megapixel of the source.
    static let decodeMillisecondsPerMegapixel = 18.0

    /// Encoding, per megapixel of renditions.
    static func encodeMillisecondsPerMegapixel(_ format: OutputFormat) -> Double {
        switch format {
        case .jpeg: 26
        case .webp: 150
        case .avif: 110
        case .jxl: 350
        }
    }

    /// A file's bytes per pixel, typical of the format (measured: the 18 JPEGs of bench/corpus
    /// 0.23; four phone HEICs of ../shared/fixtures 0.06–0.19; its WebP 0.22, AVIFs 0.05–0.12,
    /// PNG photos 1.2–4.7).
    static func bytesPerPixel(_ format: ImageFormat?) -> Double {
        switch format {
        case .heif: 0.13
        case .avif: 0.08
        case .webp: 0.2
        case .png: 2
        case .jxl: 0.1
        default: 0.23
        }
    }

    /// A size unknown (no such file yet, a fake in tests): a 12 MP photo.
    static let typicalPixels = 12_000_000.0
    /// A video's item is its probe and a poster, a frame of about 1920×1080 (the transcodes are
    /// a later step with a progress line of their own).
    static let videoPixels = 1920.0 * 1080

    /// What the weight of every file of one kind (its extension) shares: the pixels it takes per
    /// byte, whether it is a video, and the cost of the formats to make at `widths`.
    let isVideo: Bool
    let pixelBytes: Double
    let widths: [Int]
    let encoding: Double

    /// For items in `format` (nil: unknown) when `formats` are to be encoded at `widths`.
    public init(format: ImageFormat?, widths: [Int], formats: [OutputFormat]) {
        isVideo = format?.identity.mediaKind == .video
        pixelBytes = Self.bytesPerPixel(format)
        self.widths = widths
        encoding = formats.reduce(0) { $0 + Self.encodeMillisecondsPerMegapixel($1) }
    }

    /// The estimated work of an item whose file has `size` bytes (if known); at least 1.
    public func of(size: Int?) -> Int {
        let pixels = isVideo ? Self.videoPixels : size.flatMap { $0 > 0 ? Double($0) / pixelBytes : nil } ?? Self.typicalPixels
        let milliseconds = Self.decodeMillisecondsPerMegapixel * pixels / 1e6 + encoding * Self.renditionPixels(pixels, widths: widths) / 1e6
        return max(1, Int(milliseconds.rounded()))
    }

    /// One item's estimated work, from scratch.
    public static func of(format: ImageFormat?, size: Int?, widths: [Int], formats: [OutputFormat]) -> Int {
        RenderWeight(format: format, widths: widths, formats: formats).of(size: size)
    }

    /// The format a file's name (or a URL) suggests by its extension, or nil; the weight is a
    /// guess, so the name will do (the bytes decide when the item is rendered).
    static func format(ofName name: String) -> ImageFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        return ImageFormat(fileExtension: name[name.index(after: dot)...])
    }

    /// The pixels of the renditions of a 3:2 landscape photo of `pixels`: never upscaled, widths
    /// past the photo's make one rendition at its own width (`RenditionWidths`, without its
    /// arrays: this runs for every photo of every build).
    static func renditionPixels(_ pixels: Double, widths: [Int]) -> Double {
        let width = max(1, (pixels * 1.5).squareRoot().rounded(.down))
        var sum = 0.0, capped = false
        for requested in widths {
            if Double(requested) < width { sum += Double(requested) * Double(requested) } else { capped = true }
        }
        if capped { sum += width * width }
        return sum / 1.5
    }
}
