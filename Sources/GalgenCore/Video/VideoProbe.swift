/// What ffprobe says about a video file (`-show_format -show_streams`, JSON), reduced to what
/// galgen uses: read by `FFprobeReport.parse`, checked and mapped by `VideoProbe+Reading`.
public struct VideoProbe: Equatable, Sendable {
    /// One stream of the file, as ffprobe lists it.
    public struct Stream: Equatable, Sendable {
        /// "video", "audio", "subtitle", "data"…
        public var type: String
        /// ffprobe's codec name ("h264", "hevc", "aac"); nil when ffprobe has no decoder for it
        /// (it then names only the tag, if at all).
        public var codec: String?
        /// The container's name for the codec (`codec_tag_string`: "avc1", "hvc1"), for messages.
        public var codecTag: String?
        public var width: Int?
        public var height: Int?
        /// Degrees, from the display matrix side data or the old `rotate` tag (either sign).
        public var rotation: Int
        /// Frames per second (`avg_frame_rate`, "30000/1001"); nil when unknown ("0/0").
        public var frameRate: Double?
        /// ffprobe's `color_transfer` ("bt709", "smpte2084", "arib-std-b67").
        public var colorTransfer: String?
        /// ffprobe's `color_space`: the YUV matrix ("bt709", "smpte170m", "bt470bg", "bt2020nc").
        public var colorSpace: String? = nil
        /// A Dolby Vision configuration record says the stream is HLG-compatible
        /// (`dv_bl_signal_compatibility_id` 4, as an iPhone records).
        public var dolbyVisionHLG: Bool
        /// The stream is a cover picture (`disposition.attached_pic`), not motion.
        public var isAttachedPicture: Bool
        /// ffprobe's `profile` ("High", "Main", "Constrained Baseline", "LC") and `pix_fmt`
        /// ("yuv420p", "yuv420p10le"): whether the stream can be published as it is (`VideoDetails.webReady`).
        public var profile: String? = nil
        public var pixelFormat: String? = nil
        /// ffprobe's `nb_frames`, when the container says (a GIF's frames).
        public var frames: Int? = nil

        public init(type: String, codec: String? = nil, codecTag: String? = nil, width: Int? = nil, height: Int? = nil, rotation: Int = 0,
                    frameRate: Double? = nil, colorTransfer: String? = nil, colorSpace: String? = nil, dolbyVisionHLG: Bool = false,
                    isAttachedPicture: Bool = false, profile: String? = nil, pixelFormat: String? = nil, frames: Int? = nil) {
            self.type = type
            self.codec = codec
            self.codecTag = codecTag
            self.width = width
            self.height = height
            self.rotation = rotation
            self.frameRate = frameRate
            self.colorTransfer = colorTransfer
            self.colorSpace = colorSpace
            self.dolbyVisionHLG = dolbyVisionHLG
            self.isAttachedPicture = isAttachedPicture
            self.profile = profile
            self.pixelFormat = pixelFormat
            self.frames = frames
        }
    }

    /// Seconds (the container's, else the first video stream's); nil when ffprobe gives none.
    public var duration: Double?
    /// ffprobe's `format_name` ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm").
    public var formatName: String?
    public var streams: [Stream]
    /// The container's tags, keys lowercased (`com.apple.quicktime.creationdate`, `creation_time`,
    /// `title`, `location`…). Stream tags are not kept: only a stream's creation time is read
    /// from them, into `streamCreationTime`.
    public var tags: [String: String]
    /// The first video stream's `creation_time` tag, for files whose container has none.
    public var streamCreationTime: String?

    public init(duration: Double? = nil, formatName: String? = nil, streams: [Stream] = [], tags: [String: String] = [:],
                streamCreationTime: String? = nil) {
        self.duration = duration
        self.formatName = formatName
        self.streams = streams
        self.tags = tags
        self.streamCreationTime = streamCreationTime
    }

    /// The stream a player shows: the first video stream that is not a cover picture.
    public var video: Stream? {
        streams.first { $0.type == "video" && !$0.isAttachedPicture }
    }

    public var hasAudio: Bool { streams.contains { $0.type == "audio" } }

    /// A GIF or an animated PNG (an animated WebP is read as one: `AnimationSource`): one frame
    /// is a still (a photo), more an animation (`VideoDetails.animation`).
    public var isPicture: Bool { isFormat("gif") || isFormat("apng") }

    /// Whether ffprobe names `name` among the container's formats ("mov,mp4,m4a,3gp,3g2,mj2").
    public func isFormat(_ name: String) -> Bool { (formatName ?? "").split(separator: ",").contains { $0 == name } }
    public var isStill: Bool { isPicture && (video?.frames ?? 1) <= 1 }

    /// An animated PNG's frame count and length, which ffprobe does not report, read from the
    /// file's chunks (`AnimatedPicture.pngTiming`); anything else as it is.
    public func withPNGTiming<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> VideoProbe where Bytes.Element == UInt8, Bytes.Index == Int {
        guard isFormat("apng"), let timing = AnimatedPicture.pngTiming(bytes),
              let index = streams.firstIndex(where: { $0.type == "video" && !$0.isAttachedPicture }) else { return self }
        var probe = self
        probe.duration = timing.seconds
        probe.streams[index].frames = timing.frames
        return probe
    }
}
