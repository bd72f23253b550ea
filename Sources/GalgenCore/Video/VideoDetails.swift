/// What a video is, read from its file (`ffprobe`) and kept with its rendered poster in
/// `RenderedImage.video`, so a rebuild never probes it again; and, once transcoded, its files.
public struct VideoDetails: Equatable, Sendable, Codable {
    /// Seconds.
    public var duration: Double
    /// The upright size a player shows (the display matrix's rotation applied).
    public var width: Int
    public var height: Int
    public var frameRate: Double?
    /// The source's video codec as ffprobe names it ("h264", "hevc").
    public var codec: String
    public var hasAudio: Bool
    /// The transfer of an HDR source, which the transcode tone-maps to SDR BT.709; nil for SDR.
    public var hdr: VideoHDR?
    /// A Live Photo's or Motion Photo's motion, not a video of its own.
    public var isMotion: Bool
    /// The YUV matrix its pixels are decoded with (`VideoMatrix`).
    public var matrix: VideoMatrix
    /// Which streams an MP4 of the source's own size may copy instead of encoding (`VideoOutputPlan.copies`).
    public var webReady: WebReady
    /// An animated GIF: a silent MP4 of every frame, each at its own time, that plays by itself
    /// in a loop (paused under `prefers-reduced-motion` until pressed), like a GIF.
    public var animation: Bool
    /// Its pixels have alpha (an animated GIF, PNG or WebP may): composited onto the page's
    /// background (`#f5f5f7`) before anything else, as a JPEG rendition's are.
    public var alpha: Bool

    /// Streams a browser plays as they are (`VideoProbe.webReady`); a record kept before galgen
    /// read this says neither, and its MP4s stay encoded.
    public struct WebReady: Equatable, Sendable, Codable {
        public var video = false
        /// AAC-LC, or no sound at all.
        public var audio = false

        public init(video: Bool = false, audio: Bool = false) {
            self.video = video
            self.audio = audio
        }
    }

    /// The published MP4s: best codec first (the order of `video.formats`), smallest first within
    /// one codec. Empty in a kept poster record: the pipeline adds them, each kept on its own.
    public var files: [VideoFile]

    public init(duration: Double, width: Int, height: Int, frameRate: Double? = nil, codec: String, hasAudio: Bool,
                hdr: VideoHDR? = nil, isMotion: Bool = false, matrix: VideoMatrix = .bt709, files: [VideoFile] = [],
                webReady: WebReady = WebReady(), animation: Bool = false, alpha: Bool = false) {
        self.animation = animation
        self.alpha = alpha
        self.duration = duration
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.codec = codec
        self.hasAudio = hasAudio
        self.hdr = hdr
        self.isMotion = isMotion
        self.matrix = matrix
        self.files = files
        self.webReady = webReady
    }

    enum CodingKeys: String, CodingKey { case duration, width, height, frameRate, codec, hasAudio, hdr, isMotion, matrix, webReady, animation, alpha }

    // The files are kept apart (each under its `VideoKey`), never in the poster's record.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(duration: try values.decode(Double.self, forKey: .duration), width: try values.decode(Int.self, forKey: .width),
                  height: try values.decode(Int.self, forKey: .height),
                  frameRate: try values.decodeIfPresent(Double.self, forKey: .frameRate),
                  codec: try values.decode(String.self, forKey: .codec), hasAudio: try values.decode(Bool.self, forKey: .hasAudio),
                  hdr: try values.decodeIfPresent(VideoHDR.self, forKey: .hdr),
                  isMotion: try values.decodeIfPresent(Bool.self, forKey: .isMotion) ?? false,
                  matrix: try values.decodeIfPresent(VideoMatrix.self, forKey: .matrix) ?? .bt709,
                  webReady: try values.decodeIfPresent(WebReady.self, forKey: .webReady) ?? WebReady(),
                  animation: try values.decodeIfPresent(Bool.self, forKey: .animation) ?? false,
                  alpha: try values.decodeIfPresent(Bool.self, forKey: .alpha) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(duration, forKey: .duration)
        try values.encode(width, forKey: .width)
        try values.encode(height, forKey: .height)
        try values.encodeIfPresent(frameRate, forKey: .frameRate)
        try values.encode(codec, forKey: .codec)
        try values.encode(hasAudio, forKey: .hasAudio)
        try values.encodeIfPresent(hdr, forKey: .hdr)
        if isMotion { try values.encode(isMotion, forKey: .isMotion) }
        try values.encode(matrix, forKey: .matrix)
        // Only when there is something to say: records of videos that must be encoded keep their bytes.
        if webReady != WebReady() { try values.encode(webReady, forKey: .webReady) }
        if animation { try values.encode(animation, forKey: .animation) }
        if alpha { try values.encode(alpha, forKey: .alpha) }
    }

    /// The duration in whole seconds, for words: the seconds begun, as a player counts them
    /// (Chromium's, Firefox's and Safari's controls show 1:25 for 85.5 s), never negative, and a
    /// damaged report's 6669.3E33 seconds (found by fuzz/) is a trillion, not a crash.
    public var wholeSeconds: Int { Self.wholeSeconds(duration) }

    static func wholeSeconds(_ seconds: Double, rounding: FloatingPointRoundingRule = .down) -> Int {
        seconds.isFinite ? Int(min(max(0, seconds), 1e12).rounded(rounding)) : 0
    }

    /// "0:42", "1:02:03".
    /// The MP4 to name where one file stands for the video (a link preview's `og:video`, a
    /// feed's enclosure): the largest H.264, which every player plays, else the first.
    public var largestPlayable: VideoFile? {
        files.filter { $0.codec == .h264 }.max { $0.height < $1.height } ?? files.first
    }

    public var durationText: String { Self.durationText(seconds: duration) }

    /// Any number of seconds as `durationText` writes them; `.up` for a length over a limit,
    /// which must not read as the limit itself (600.3 s over 600 is "10:01", not "10:00").
    static func durationText(seconds: Double, rounding: FloatingPointRoundingRule = .down) -> String {
        let total = wholeSeconds(seconds, rounding: rounding)
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }
}

/// The YUV matrix a video's pixels were encoded with, as swscale names it (`in_color_matrix`):
/// the one ffprobe reports, else what players assume for an untagged video (Chromium, mpv):
/// BT.709 from 720 lines up, BT.601 below. swscale's own default for an untagged video is
/// BT.601 at any size, which shifts an untagged HD video's colours.
public enum VideoMatrix: String, Equatable, Sendable, Codable {
    case bt601, bt709, bt2020

    public init(colorSpace: String?, codedHeight: Int) {
        switch colorSpace {
        case "bt709"?: self = .bt709
        case "smpte170m"?, "bt470bg"?, "fcc"?: self = .bt601
        case "bt2020nc"?, "bt2020c"?: self = .bt2020
        default: self = codedHeight >= 720 ? .bt709 : .bt601
        }
    }
}

/// An HDR transfer characteristic (ffprobe's `color_transfer`).
public enum VideoHDR: String, Equatable, Sendable, Codable {
    /// Hybrid log-gamma, `arib-std-b67` (an iPhone's HDR video, Dolby Vision 8.4 included).
    case hlg
    /// Perceptual quantizer, `smpte2084` (HDR10, Dolby Vision profile 5/8.1).
    case pq
}

/// One published MP4.
public struct VideoFile: Equatable, Sendable, Codable {
    public var codec: VideoCodec
    public var width: Int
    public var height: Int
    /// SHA-256 of the file: its name in the cache and its fingerprint in the site.
    public var digest: String
    public var byteCount: Int
    /// Where its bytes are: a complete temporary file just encoded, or the cache's copy.
    public var path: String

    public init(codec: VideoCodec, width: Int, height: Int, digest: String, byteCount: Int, path: String) {
        self.codec = codec
        self.width = width
        self.height = height
        self.digest = digest
        self.byteCount = byteCount
        self.path = path
    }
}
