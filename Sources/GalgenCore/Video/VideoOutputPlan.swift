/// Which MP4s a video gets: one per codec of `video.formats` and height of `video.heights`,
/// never taller than the source (a source shorter than every height is published once, at its
/// own height), width from the upright aspect, both even (4:2:0 needs it).
public enum VideoOutputPlan {
    public static func outputs(for details: VideoDetails, settings: VideoSettings) -> [VideoOutput] {
        guard details.width > 0, details.height > 0 else { return [] }
        // The short side is what `heights` means for a portrait video too (a 1080p phone video
        // held upright is 1080 wide): the heights are of the landscape frame.
        let shortSide = min(details.width, details.height)
        let fitting = Set(settings.heights.filter { $0 > 0 }.map { min($0, shortSide) }).sorted()
        return settings.formats.flatMap { codec in
            fitting.map { short in
                let scale = Double(short) / Double(shortSide)
                let width = even(Double(details.width) * scale), height = even(Double(details.height) * scale)
                return VideoOutput(codec: codec, width: width, height: height)
            }
        }
    }

    /// The nearest even number, at least 2.
    static func even(_ value: Double) -> Int { max(2, Int((value / 2).rounded()) * 2) }
}

/// Everything that makes two encodings of a video's output differ: one key per output, so a
/// new height or codec encodes only itself, and a new ffmpeg encodes again.
public enum VideoKey {
    /// 2: an untagged video's matrix is BT.709 from 720 lines up (`VideoMatrix`), not swscale's BT.601.
    public static let encoderVersion = "2"

    public static func make(sourceDigest: String, job: TranscodeJob, tool: String) -> String {
        let parts = [sourceDigest, "video", job.output.codec.rawValue, "\(job.output.width)x\(job.output.height)",
                     "q=\(job.quality)", "audio=\(job.audio)", "motion=\(job.details.isMotion)", tool, encoderVersion]
        return ContentHash.hex(Array(parts.joined(separator: "|").utf8))
    }
}
