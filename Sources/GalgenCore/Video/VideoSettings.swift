/// `video:` in gallery.yml as the parser reads it: what every video is transcoded into.
/// Part of `RenditionRequest`; a video's outputs are keyed by it one at a time (`VideoKey`), so
/// adding a height encodes only that height.
public struct VideoSettings: Equatable, Sendable {
    public static let defaultHeights = [720, 1080]
    /// H.264's CRF (lower is better); AV1's CRF is mapped from it (`VideoQuality`).
    public static let defaultQuality = 23
    public static let defaultMaxDuration: Double = 30 * 60
    /// 8K (7680 × 4320, 33 MP): a larger frame is refused from the probe, before any decode. A
    /// 1.2 MB file with two 14000 × 14000 frames made one ffmpeg take 2.9 GB for 20 s.
    public static let defaultMaxPixels = 7680 * 4320
    /// A probe, poster or transcode that runs longer than this is stopped (a file that hangs the
    /// decoder); a transcode's limit grows with the video's duration (`transcodeTimeout`).
    public static let defaultProbeTimeout: Double = 60

    public static let galleryDefault = VideoSettings()

    /// The heights of the published MP4s (never above the source's: it is never upscaled).
    public var heights: [Int]
    public var formats: [VideoCodec]
    public var quality: Int
    /// Keep the sound (AAC-LC 128 kb/s) or publish silent videos.
    public var audio: Bool
    /// Longer videos are refused by name (`video.max_duration`, seconds).
    public var maxDuration: Double
    /// Videos with larger frames are refused by name (`video.max_pixels`), whatever
    /// `thumbnails.max_pixels` allows photos.
    public var maxPixels: Int
    /// Live Photos and Motion Photos: the still plays its motion (`live_photos:`); false
    /// publishes the still only.
    public var livePhotos: Bool
    /// `video.max_memory` (megabytes): the address-space limit of every ffmpeg and ffprobe run;
    /// nil works one out for each run from its frame size and threads (`VideoMemory`).
    public var maxMemory: Int?
    /// `video.passthrough`: an H.264 MP4 of the source's own size copies a web-ready source's
    /// streams (`VideoOutputPlan.copies`) instead of encoding them; false encodes every MP4.
    public var passthrough: Bool

    public init(heights: [Int] = defaultHeights, formats: [VideoCodec] = [.h264], quality: Int = defaultQuality,
                audio: Bool = true, maxDuration: Double = defaultMaxDuration, maxPixels: Int = defaultMaxPixels,
                livePhotos: Bool = true, maxMemory: Int? = nil, passthrough: Bool = true) {
        self.passthrough = passthrough
        self.heights = heights
        self.formats = formats
        self.quality = quality
        self.audio = audio
        self.maxDuration = maxDuration
        self.maxPixels = maxPixels
        self.livePhotos = livePhotos
        self.maxMemory = maxMemory
    }

    /// What a Live Photo's motion is published as: one silent H.264 MP4 no taller than 1080 px
    /// (it plays in place of the still, at the still's size).
    public var motion: VideoSettings {
        VideoSettings(heights: [min(heights.max() ?? 1080, 1080)], formats: [.h264], quality: quality, audio: false,
                      maxDuration: min(maxDuration, 60), maxPixels: maxPixels, livePhotos: livePhotos,
                      maxMemory: maxMemory)
    }
}
