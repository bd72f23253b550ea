/// How much memory one ffprobe or ffmpeg run may map: its address-space limit, worked out from
/// the frames it was told it will see, so a file that holds more than it says is stopped by
/// the kernel instead of taking the machine (`ProgramRun.memoryLimit`).
///
/// Fitted on galgen's own command lines (ffmpeg 5.1, x264, SVT-AV1 1.4, `MALLOC_ARENA_MAX=2`):
/// 1080p, 4K and 8K HDR sources into 720p, 1080p and 2160p at 1, 2 and 8 threads, and posters.
/// Every limit is 1.15-2.5 times the peak measured (`VideoMemoryTests` keeps the table); about
/// 300 MB of it is ffmpeg's libraries, mapped before the first frame.
public enum VideoMemory {
    static let mebibyte = 1 << 20

    /// `video.max_memory`'s range, in megabytes: ffmpeg maps about 300 MB of libraries and
    /// buffers before it reads a frame.
    public static let settingRange = 512...1_048_576

    /// One decoded frame at its largest (16-bit 4:2:0, or 8-bit 4:4:4).
    static func frameBytes(width: Int, height: Int) -> Int { frameBytes(pixels: width.clamped * height.clamped) }
    static func frameBytes(pixels: Int) -> Int { Swift.min(Swift.max(0, pixels), 1 << 34) * 3 }

    /// ffprobe reads headers and at most a few frames, of any size up to `maxPixels` (whatever
    /// the file turns out to hold, it is checked against that afterwards).
    public static func probeLimit(maxPixels: Int, setting: Int? = nil) -> Int {
        setting.map(megabytes) ?? 512 * mebibyte + 4 * frameBytes(pixels: maxPixels)
    }

    /// A poster: a few frames in the window it searches, tone-mapped in 32-bit float when HDR;
    /// ffmpeg picks its own threads there (one per core, at most 16), each with a frame or two.
    public static func posterLimit(width: Int, height: Int, cores: Int, setting: Int? = nil) -> Int {
        if let setting { return megabytes(setting) }
        let frame = frameBytes(width: width, height: height)
        return 640 * mebibyte + 36 * frame + min(max(1, cores), 16) * (64 * mebibyte + 2 * frame)
    }

    /// A transcode: the decoder's frames (a few per thread), the encoder's lookahead at the
    /// output's size, and SVT-AV1's pools, which grow by more than a gigabyte with a second thread.
    public static func transcodeLimit(_ job: TranscodeJob, setting: Int? = nil) -> Int {
        if let setting { return megabytes(setting) }
        let source = frameBytes(width: job.details.width, height: job.details.height)
        let output = job.output.width.clamped * job.output.height.clamped * 3 / 2
        let threads = min(max(1, job.threads), 256)
        let encoder = switch job.output.codec {
        case .h264: 256 * mebibyte + 160 * output
        case .av1: 256 * mebibyte + 96 * output + (threads > 1 ? 1536 * mebibyte + 96 * output : 0)
        }
        return 768 * mebibyte + 8 * source + encoder + threads * (96 * mebibyte + 2 * source + 8 * output)
    }

    /// Several outputs of one source in one run (`FFmpegArguments.transcode(_:outputs:jobs:)`):
    /// each output's encoder and frames, the source's decoder once.
    public static func transcodeLimit(_ jobs: [TranscodeJob], setting: Int? = nil) -> Int {
        if let setting { return megabytes(setting) }
        guard let first = jobs.first else { return 0 }
        let decoder = 768 * mebibyte + 8 * frameBytes(width: first.details.width, height: first.details.height)
        return jobs.reduce(0) { $0 + transcodeLimit($1) } - (jobs.count - 1) * decoder
    }

    /// A limit as people read it: "1.6 GB", "820 MB".
    public static func text(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1_000_000
        return megabytes >= 1000 ? "\((megabytes / 100).rounded() / 10) GB" : "\(Int(megabytes.rounded())) MB"
    }

    static func megabytes(_ value: Int) -> Int { value * 1_000_000 }
}

private extension Int {
    /// A frame side as the model counts it: never negative, never enough to overflow a product.
    var clamped: Int { Swift.min(Swift.max(0, self), 1 << 20) }
}
