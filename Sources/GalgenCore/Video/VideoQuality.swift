/// `video.quality` (an H.264 CRF, lower is better) for each encoder, and the encoders' fixed
/// speed settings: fixed, so the same inputs give the same bytes.
public enum VideoQuality {
    /// libx264's preset: `medium`, x264's own default, which sigal and thumbsup use too.
    public static let x264Preset = "medium"
    /// SVT-AV1's preset (0 slowest … 13 fastest): 8 encodes 360p about as fast as x264's
    /// `medium` on two cores, at fewer bytes.
    public static let svtAV1Preset = 8

    /// H.264's CRF, 0…51.
    public static func h264CRF(_ quality: Int) -> Int { min(51, max(0, quality)) }

    /// SVT-AV1's CRF (1…63) for an H.264 CRF: AV1's scale is about 1.5 times as steep (x264's
    /// 23 is SVT-AV1's 35, x264's 18 is 28).
    public static func av1CRF(_ quality: Int) -> Int {
        min(63, max(1, Int((Double(h264CRF(quality)) * 1.5).rounded(.down)) + 1))
    }

    /// How long a transcode may run before it is stopped as hung: a minute, plus 20 seconds of
    /// work per second of video (a 1080p AV1 encode on two cores runs at about a fifth of real
    /// time; this allows four times that).
    public static func transcodeTimeout(duration: Double) -> Double {
        VideoSettings.defaultProbeTimeout + 20 * max(0, duration.isFinite ? duration : 0)
    }
}
