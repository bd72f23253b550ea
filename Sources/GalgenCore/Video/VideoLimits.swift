/// What a video may not be, and how its outputs are named in messages.
public enum VideoLimits {
    /// Why a video is refused, or nil: longer than `video.max_duration`, or frames larger than
    /// `video.max_pixels` or `thumbnails.max_pixels`.
    public static func refusal(_ details: VideoDetails, settings: VideoSettings, maxPixels: Int) -> String? {
        if details.duration > settings.maxDuration { return tooLong(details.duration, limit: settings.maxDuration) }
        if details.width * details.height > settings.maxPixels {
            return tooLarge(width: details.width, height: details.height, key: "video.max_pixels", limit: settings.maxPixels)
        }
        if details.width * details.height > maxPixels {
            return tooLarge(width: details.width, height: details.height, key: "thumbnails.max_pixels", limit: maxPixels)
        }
        return nil
    }

    /// The words for a video longer than `video.max_duration`, from the probe or from a kept record alike.
    static func tooLong(_ duration: Double, limit: Double) -> String {
        "it is \(VideoDetails.durationText(seconds: duration, rounding: .up)) long, over the \(VideoDetails.durationText(seconds: limit)) "
            + "video.max_duration allows; "
            + "raise video.max_duration in gallery.yml or leave the video out"
    }

    /// The words for frames over `key` (`video.max_pixels` or `thumbnails.max_pixels`).
    static func tooLarge(width: Int, height: Int, key: String, limit: Int) -> String {
        "its frames are \(width) × \(height) pixels, over \(key) (\(limit)); raise \(key) in gallery.yml or leave the video out"
    }

    /// What a video that records where it was taken is told: reported, never published (its MP4s
    /// and poster carry no metadata).
    public static func locationWarning(_ check: LocationCheck?) -> String? {
        switch check {
        case let .found(what)?: "\(what) is not published: its MP4s and poster carry no metadata"
        default: nil
        }
    }

    /// "1080p H.264".
    public static func outputName(_ output: VideoOutput) -> String {
        "\(min(output.width, output.height))p " + (output.codec == .h264 ? "H.264" : "AV1")
    }
}
