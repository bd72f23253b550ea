import GalgenCore
import Testing

/// The address-space limits against the peaks measured on galgen's own command lines (VmPeak,
/// MiB, ffmpeg 5.1.9, x264, SVT-AV1 1.4.1, `MALLOC_ARENA_MAX=2`; session 13's `bench`-free
/// measurement: each command of `galgen build --verbose` run again with 1, 2 and 8 threads). A
/// limit below a peak fails a real video; one far above it protects nothing.
struct VideoMemoryTests {
    struct Measured: CustomStringConvertible {
        var source: (Int, Int)
        var output: (Int, Int)
        var codec: VideoCodec
        var threads: Int
        var peakMiB: Int
        var description: String { "\(source) → \(output) \(codec) ×\(threads): \(peakMiB) MiB" }
    }

    static let eightK = (7680, 4320), fourK = (3840, 2160), fullHD = (1920, 1080), hd = (1280, 720)

    static let measured: [Measured] = [
        Measured(source: eightK, output: fullHD, codec: .av1, threads: 1, peakMiB: 1640),
        Measured(source: eightK, output: fullHD, codec: .h264, threads: 1, peakMiB: 1415),
        Measured(source: eightK, output: hd, codec: .h264, threads: 1, peakMiB: 1221),
        Measured(source: fourK, output: fullHD, codec: .h264, threads: 1, peakMiB: 993),
        Measured(source: fourK, output: fullHD, codec: .av1, threads: 1, peakMiB: 1103),
        Measured(source: fullHD, output: fullHD, codec: .h264, threads: 1, peakMiB: 755),
        Measured(source: fullHD, output: hd, codec: .h264, threads: 1, peakMiB: 558),
        Measured(source: eightK, output: fullHD, codec: .av1, threads: 8, peakMiB: 3659),
        Measured(source: eightK, output: fullHD, codec: .h264, threads: 8, peakMiB: 2848),
        Measured(source: fourK, output: fullHD, codec: .av1, threads: 8, peakMiB: 2434),
        Measured(source: fullHD, output: fullHD, codec: .av1, threads: 8, peakMiB: 1978),
        Measured(source: fullHD, output: hd, codec: .h264, threads: 8, peakMiB: 1053),
        Measured(source: fourK, output: fourK, codec: .h264, threads: 1, peakMiB: 2209),
        Measured(source: fourK, output: fourK, codec: .av1, threads: 1, peakMiB: 1881),
        Measured(source: fourK, output: fourK, codec: .h264, threads: 2, peakMiB: 2564),
        Measured(source: fourK, output: fourK, codec: .av1, threads: 2, peakMiB: 4500),
    ]

    static func job(_ measured: Measured) -> TranscodeJob {
        TranscodeJob(details: VideoDetails(duration: 10, width: measured.source.0, height: measured.source.1, codec: "hevc", hasAudio: false),
                     output: VideoOutput(codec: measured.codec, width: measured.output.0, height: measured.output.1),
                     quality: 23, audio: false, threads: measured.threads)
    }

    @Test(arguments: measured) func everyMeasuredTranscodeFitsWithRoomAndIsStillBounded(_ measured: Measured) {
        let limit = Double(VideoMemory.transcodeLimit(Self.job(measured))) / Double(1 << 20)
        let ratio = limit / Double(measured.peakMiB)
        #expect(ratio >= 1.15, "\(measured): limit \(Int(limit)) MiB")
        #expect(ratio <= 2.6, "\(measured): limit \(Int(limit)) MiB protects little")
    }

    @Test func postersFitWhateverTheCoresAndProbesFitAt8K() {
        // 8K HLG, 4K HLG, 1080p SDR posters at 2 cores: 2887, 1040, 444 MiB.
        for (size, peak) in [(Self.eightK, 2887), (Self.fourK, 1040), (Self.fullHD, 444)] {
            let limit = VideoMemory.posterLimit(width: size.0, height: size.1, cores: 2) >> 20
            #expect(limit >= peak * 5 / 4 && limit <= peak * 3, "\(size): \(limit) MiB against \(peak)")
        }
        #expect(VideoMemory.posterLimit(width: 1920, height: 1080, cores: 64) == VideoMemory.posterLimit(width: 1920, height: 1080, cores: 16),
                "ffmpeg's own threads stop at 16")
        #expect(VideoMemory.posterLimit(width: 1920, height: 1080, cores: 8) > VideoMemory.posterLimit(width: 1920, height: 1080, cores: 1))
        // ffprobe on the 8K HLG clip ran within 320 MiB; on a clip of 16000 × 16000 frames within 600.
        #expect(VideoMemory.probeLimit(maxPixels: VideoSettings.defaultMaxPixels) >> 20 >= 600)
        #expect(VideoMemory.probeLimit(maxPixels: VideoSettings.defaultMaxPixels) >> 20 <= 1024)
    }

    @Test func theLimitGrowsWithFramesAndThreadsAndAStatedLimitWins() {
        let small = Self.job(Measured(source: Self.hd, output: Self.hd, codec: .h264, threads: 1, peakMiB: 0))
        var more = small
        more.threads = 4
        var larger = small
        larger.details.width = 3840
        larger.details.height = 2160
        #expect(VideoMemory.transcodeLimit(more) > VideoMemory.transcodeLimit(small))
        #expect(VideoMemory.transcodeLimit(larger) > VideoMemory.transcodeLimit(small))
        #expect(VideoMemory.transcodeLimit(small, setting: 900) == 900_000_000)
        #expect(VideoMemory.posterLimit(width: 8000, height: 8000, cores: 8, setting: 600) == 600_000_000)
        #expect(VideoMemory.probeLimit(maxPixels: 1 << 40, setting: 512) == 512_000_000)
    }

    @Test func absurdSizesNeitherOverflowNorGoNegative() {
        var job = Self.job(Measured(source: (Int.max, Int.max), output: (-5, Int.max), codec: .av1, threads: Int.max, peakMiB: 0))
        #expect(VideoMemory.transcodeLimit(job) > 0)
        job.details.width = -1
        #expect(VideoMemory.transcodeLimit(job) > 0)
        #expect(VideoMemory.probeLimit(maxPixels: .max) > 0 && VideoMemory.posterLimit(width: .max, height: .max, cores: .max) > 0)
    }

    @Test func limitsReadAsPeopleWriteThem() {
        #expect(VideoMemory.text(1_650_000_000) == "1.7 GB")
        #expect(VideoMemory.text(820_400_000) == "820 MB")
    }
}
