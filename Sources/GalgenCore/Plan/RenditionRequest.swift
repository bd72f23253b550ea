/// The renditions every source gets: `thumbnails:` in gallery.yml as the parser reads it, the
/// plan carries it and the renderer takes it. One value, so a new setting is added once.
public struct RenditionRequest: Equatable, Sendable {
    public static let defaultWidths = [320, 640, 1080, 1920]
    public static let defaultQuality = 82
    public static let defaultMaxPixels = 200_000_000
    /// Chosen by measurement (bench/formats, docs/photos.md "Output formats"): AVIF a third smaller than
    /// JPEG at the same SSIM; WebP saves too little beside it to be worth its encoding time.
    public static let defaultFormats: [OutputFormat] = [.avif, .jpeg]

    /// What a gallery.yml without `thumbnails:` (or without one of its keys) gets.
    public static let galleryDefault = RenditionRequest(widths: defaultWidths, quality: defaultQuality, formats: defaultFormats)

    public var widths: [Int]
    public var quality: Int
    /// Larger sources are refused from their header, before decoding (a decompression-bomb guard).
    public var maxPixels: Int
    /// Keep an RGB or gray photo's profile, or convert it to sRGB (CMYK is always converted).
    public var colour: ThumbnailColour
    /// The encodings of every rendition (`thumbnails.formats`), in the order the page offers them.
    /// The pipeline asks only for those its store does not have yet.
    public var formats: [OutputFormat]
    /// `video:` (and `live_photos:`): what every video is transcoded into. Its poster gets the
    /// renditions above, like a photo.
    public var video: VideoSettings = .galleryDefault
    /// The creator and copyright every rendition of this item carries (`rights:` where the item is
    /// listed most publicly, `Planner.renditionRights`); a field it leaves out comes from the
    /// photo's own file (`RightsSettings.resolved`). Empty in the gallery's request: the pipeline
    /// sets it per item (`PlannedSource.rights`).
    public var rights = RightsSettings()
    /// The mark laid over this item's renditions from `minWidth` up (`watermark:` where the item
    /// is listed most publicly, as for `rights`); nil for none, and in the gallery's request.
    public var watermark: Watermark?

    /// JPEG alone unless `formats` says otherwise (a gallery's default is `galleryDefault`).
    public init(widths: [Int], quality: Int, maxPixels: Int = defaultMaxPixels,
                colour: ThumbnailColour = .keep, formats: [OutputFormat] = [.jpeg]) {
        self.widths = widths
        self.quality = quality
        self.maxPixels = maxPixels
        self.colour = colour
        self.formats = formats
    }
}
