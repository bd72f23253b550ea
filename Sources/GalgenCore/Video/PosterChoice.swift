/// Which frame a video's poster shows when neither `poster:` nor an image beside the video names
/// one: the most detailed key frame of the clip's first part that is not near-uniform. A clip
/// that opens on a white title card, a fade or black leader gets its real footage, not a blank tile.
///
/// ffmpeg measures each key frame (`FFmpegArguments.posterCandidates`: only key frames are
/// decoded, so the search costs a few frames however long the clip): `tones` is the normalized
/// entropy of the luma histogram (0 for one flat colour, 0.09 for black words on white, 0.4 for
/// a dark scene, 0.8+ for a busy one), `detail` the normalized entropy of the differences
/// between neighbouring pixels (ffmpeg's `entropy=mode=diff`: sharp texture scores high, blur,
/// flat areas and smooth gradients low). Pure: the run's printout in, the choice out.
public enum PosterChoice {
    /// One key frame as ffmpeg measured it; `time` in seconds from the clip's start.
    public struct Candidate: Equatable, Sendable {
        public var time: Double
        public var tones: Double
        public var detail: Double

        public init(time: Double, tones: Double, detail: Double) {
            self.time = time
            self.tones = tones
            self.detail = detail
        }
    }

    /// A frame whose luma histogram has less entropy than this is near-uniform (one colour, a
    /// fade's middle, a title card's few words): never chosen while another frame is not.
    public static let uniformBelow = 0.25

    /// The seconds searched from the clip's start: its first third, at least its first 10 s
    /// (all of a shorter clip), at most its first 30 s.
    public static func window(duration: Double) -> Double {
        let duration = duration.isFinite ? max(0, duration) : 0
        return min(duration, max(10, min(30, duration / 3)))
    }

    /// At most this many candidates are measured per second (a Motion-JPEG clip's every frame
    /// is a key frame): enough to find the footage, few enough that the printout stays small.
    public static let candidatesPerSecond = 2

    /// The most detailed candidate that is not near-uniform (the earliest of equals); nil when
    /// every one is near-uniform, or there is none (the caller then searches frame by frame).
    public static func best(_ candidates: [Candidate]) -> Candidate? {
        candidates.filter { $0.tones >= uniformBelow }.reduce(nil) { best, candidate in
            guard let best, best.detail >= candidate.detail else { return candidate }
            return best
        }
    }

    /// The candidates in ffmpeg's `metadata=mode=print` output: a `frame:… pts_time:T` line,
    /// then that frame's `key=value` lines. A frame missing either value is skipped.
    public static func candidates(fromPrintout text: String) -> [Candidate] {
        var found: [Candidate] = []
        var time: Double?
        var tones: Double?
        var detail: Double?
        func close() {
            if let time, let tones, let detail { found.append(Candidate(time: time, tones: tones, detail: detail)) }
        }
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("frame:") {
                close()
                (tones, detail) = (nil, nil)
                time = line.split(separator: " ").first { $0.hasPrefix("pts_time:") }.flatMap { Double($0.dropFirst("pts_time:".count)) }
                    .flatMap { $0.isFinite ? $0 : nil }
            } else if let value = line.split(separator: "=", maxSplits: 1).last.flatMap({ Double($0) }), value.isFinite {
                if line.hasPrefix(toneKey + "=") { tones = value }
                if line.hasPrefix(detailKey + "=") { detail = value }
            }
        }
        close()
        return found
    }

    /// The keys ffmpeg's two `entropy` filters set on each frame.
    static let toneKey = "lavfi.entropy.normalized_entropy.normal.Y"
    static let detailKey = "lavfi.entropy.normalized_entropy.diff.Y"

    /// The poster's part of its key when the frame is chosen here: a new rule gives new posters.
    public static let version = "auto-detail"
}
