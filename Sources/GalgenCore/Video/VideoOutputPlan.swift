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

    /// Whether `output` copies the source's streams instead of encoding them: an H.264 MP4 of
    /// the source's own upright size, from a web-ready source (`VideoDetails.WebReady`; its sound
    /// too, unless the MP4 is silent), with `video.passthrough` on. A phone's rotation stays the
    /// MP4's display matrix, which every browser honours.
    public static func copies(_ output: VideoOutput, of details: VideoDetails, settings: VideoSettings, audio: Bool) -> Bool {
        settings.passthrough && output.codec == .h264 && details.webReady.video && (!audio || details.webReady.audio)
            && output.width == details.width && output.height == details.height
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
        Fingerprint.cacheKey("video", source: sourceDigest, request: job, tool: tool, version: encoderVersion)
    }
}

/// The job's part of an MP4's key (`VideoKey`), in declaration order; as for
/// `RenditionRequest`, `RenditionKeyTests` holds `keyed` and `keyedElsewhere` to the properties
/// Mirror finds, so a new one is hashed or said to be keyed elsewhere.
extension TranscodeJob: Fingerprintable {
    static let keyed = ["output", "quality", "audio", "copy"]
    /// `details`: what ffprobe read from the source, which its digest stands for (only
    /// `isMotion`, which the item decides, and `alpha`, once, are hashed). `threads`: a cache made with other
    /// threads still serves (x264's bytes differ with them; the cache keeps the first). `embedded`:
    /// bytes of the source whose digest is keyed. `maxMemory`: whether the run may finish, not a byte.
    static let keyedElsewhere = ["details", "threads", "embedded", "maxMemory"]

    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(output.codec.rawValue)
        fingerprint.add(output.width)
        fingerprint.add(output.height)
        fingerprint.add(quality)
        fingerprint.add(audio)
        fingerprint.add(details.isMotion)
        // Only a copy says so: every encoded MP4 keeps the key it had before copies were made.
        if copy { fingerprint.add("copy") }
        // Only a source with alpha says so: it is flattened now, where it was not before.
        if details.alpha { fingerprint.add("flattened") }
    }
}
