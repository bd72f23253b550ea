import GalgenCore
import Testing

struct FFmpegArgumentsTests {
    static let details = VideoDetails(duration: 10, width: 1080, height: 1920, codec: "hevc", hasAudio: true)

    static func job(codec: VideoCodec = .h264, hdr: VideoHDR? = nil, audio: Bool = true, hasAudio: Bool = true) -> TranscodeJob {
        var details = details
        details.hdr = hdr
        details.hasAudio = hasAudio
        return TranscodeJob(details: details, output: VideoOutput(codec: codec, width: 720, height: 1280), quality: 23,
                            audio: audio, threads: 2)
    }

    /// The value after `flag`, for each time it occurs.
    static func values(_ arguments: [String], _ flag: String) -> [String] {
        arguments.indices.filter { arguments[$0] == flag && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
    }

    @Test func h264IsHighProfile8Bit420AtTheCRFWithPinnedThreads() {
        let arguments = FFmpegArguments.transcode("in.mov", output: "out.mp4", job: Self.job())
        #expect(Self.values(arguments, "-c:v") == ["libx264"])
        #expect(Self.values(arguments, "-profile:v") == ["high"])
        #expect(Self.values(arguments, "-pix_fmt") == ["yuv420p"])
        #expect(Self.values(arguments, "-crf") == ["23"])
        #expect(Self.values(arguments, "-preset") == [VideoQuality.x264Preset])
        #expect(Self.values(arguments, "-threads") == ["2", "2"])
        #expect(Self.values(arguments, "-x264-params") == ["threads=2"])
        #expect(arguments.last == "out.mp4" && Self.values(arguments, "-i") == ["in.mov"])
    }

    @Test func av1IsSVTWithTheMappedCRF() {
        let arguments = FFmpegArguments.transcode("in.mov", output: "out.mp4", job: Self.job(codec: .av1))
        #expect(Self.values(arguments, "-c:v") == ["libsvtav1"])
        #expect(Self.values(arguments, "-crf") == [String(VideoQuality.av1CRF(23))])
        #expect(Self.values(arguments, "-svtav1-params") == ["lp=2"])
        #expect(VideoQuality.av1CRF(23) == 35 && VideoQuality.av1CRF(18) == 28 && VideoQuality.av1CRF(99) == 63)
    }

    @Test func everyOutputIsFaststartBitExactStrippedUprightBT709WithProgress() {
        let arguments = FFmpegArguments.transcode("in.mov", output: "out.mp4", job: Self.job())
        #expect(Self.values(arguments, "-movflags") == ["+faststart"])
        #expect(Self.values(arguments, "-fflags") == ["+bitexact"])
        #expect(Self.values(arguments, "-flags:v") == ["+bitexact"] && Self.values(arguments, "-flags:a") == ["+bitexact"])
        #expect(Self.values(arguments, "-map_metadata") == ["-1"] && Self.values(arguments, "-map_chapters") == ["-1"])
        #expect(Self.values(arguments, "-metadata:s:v") == ["rotate=0"])
        #expect(Self.values(arguments, "-color_trc") == ["bt709"] && Self.values(arguments, "-colorspace") == ["bt709"])
        #expect(Self.values(arguments, "-progress") == ["pipe:1"] && arguments.contains("-nostats") && arguments.contains("-nostdin"))
        #expect(!arguments.contains("-noautorotate"))
        #expect(Self.values(arguments, "-vf").first?.hasPrefix("scale=720:1280") == true)
    }

    @Test func soundIsAACUnlessTurnedOffOrAbsent() {
        let with = FFmpegArguments.transcode("in", output: "out", job: Self.job())
        #expect(Self.values(with, "-c:a") == ["aac"] && Self.values(with, "-b:a") == ["128k"])
        #expect(Self.values(with, "-map") == ["0:V:0", "0:a:0"])
        for job in [Self.job(audio: false), Self.job(hasAudio: false)] {
            let without = FFmpegArguments.transcode("in", output: "out", job: job)
            #expect(without.contains("-an") && !without.contains("-c:a") && Self.values(without, "-map") == ["0:V:0"])
        }
    }

    @Test(arguments: [VideoHDR.hlg, .pq])
    func hdrIsToneMappedToBT709(hdr: VideoHDR) {
        let filter = Self.values(FFmpegArguments.transcode("in", output: "out", job: Self.job(hdr: hdr)), "-vf").first ?? ""
        #expect(filter.contains("tonemap=hable") && filter.contains("zscale=t=bt709:m=bt709:r=tv") && filter.hasSuffix("format=yuv420p"))
        let sdr = Self.values(FFmpegArguments.transcode("in", output: "out", job: Self.job()), "-vf").first ?? ""
        #expect(!sdr.contains("tonemap"))
        let poster = FFmpegArguments.poster("in", output: "p.png", details: Self.job(hdr: hdr).details, time: nil)
        #expect(Self.values(poster, "-vf").first?.contains("tonemap=hable") == true)
    }

    @Test func thePosterSkipsUniformFramesFromALittleInUnlessATimeIsGiven() {
        let searching = FFmpegArguments.poster("in", output: "p.png", details: Self.details, time: nil)
        #expect(Self.values(searching, "-ss") == ["1.000"] && Self.values(searching, "-t") == ["10.000"])
        #expect(Self.values(searching, "-vf").first?.contains("entropy,metadata=mode=select:key=lavfi.entropy.normalized_entropy.normal.Y:value=0.25:function=greater") == true)
        #expect(Self.values(searching, "-frames:v") == ["1"] && Self.values(searching, "-c:v") == ["png"])
        let short = VideoDetails(duration: 2, width: 2, height: 2, codec: "h264", hasAudio: false)
        #expect(Self.values(FFmpegArguments.poster("in", output: "p", details: short, time: nil), "-ss") == ["0.500"])
        let chosen = FFmpegArguments.poster("in", output: "p.png", details: Self.details, time: 12.5)
        #expect(Self.values(chosen, "-ss") == ["10.000"], "clamped to the duration")
        #expect(Self.values(chosen, "-vf").first?.contains("entropy") == false && !chosen.contains("-t"))
    }

    /// Every height in one run: one input, split, each output with its own chain and flags.
    @Test func severalOutputsDecodeTheSourceOnce() {
        let base = Self.job()
        var small = base
        small.output = VideoOutput(codec: .h264, width: 640, height: 360)
        let arguments = FFmpegArguments.transcode("in.mov", outputs: ["a.mp4", "b.mp4"], jobs: [small, base])
        #expect(arguments.filter { $0 == "-i" }.count == 1 && !arguments.contains("-vf"))
        let graph = Self.values(arguments, "-filter_complex").first ?? ""
        #expect(graph.hasPrefix("[0:V:0]split=2[s0][s1];[s0]scale=640:360:") && graph.contains(";[s1]scale=\(base.output.width):\(base.output.height):"))
        #expect(graph.hasSuffix("[v1]") && graph.contains("[v0];"))
        #expect(Self.values(arguments, "-map") == ["[v0]", "0:a:0", "[v1]", "0:a:0"])
        #expect(Self.values(arguments, "-c:v") == ["libx264", "libx264"] && arguments.suffix(1) == ["b.mp4"])
        #expect(Self.values(arguments, "-movflags") == ["+faststart", "+faststart"] && Self.values(arguments, "-map_metadata") == ["-1", "-1"])
        // One job is the single transcode's own command line.
        #expect(FFmpegArguments.transcode("in.mov", outputs: ["a.mp4"], jobs: [base]) == FFmpegArguments.transcode("in.mov", output: "a.mp4", job: base))
        #expect(FFmpegArguments.transcode("in.mov", outputs: [], jobs: []).isEmpty)
    }

    /// The candidates are the key frames of the clip's first part, two a second at most, measured small.
    @Test func thePostersCandidatesAreKeyFramesOfTheFirstPart() {
        let long = VideoDetails(duration: 600, width: 1920, height: 1080, codec: "h264", hasAudio: true)
        let arguments = FFmpegArguments.posterCandidates("in", details: long)
        #expect(arguments.firstIndex(of: "-skip_frame").map { arguments[$0 + 1] } == "nokey")
        #expect(Self.values(arguments, "-t") == ["30.000"] && Self.values(arguments, "-map") == ["0:V:0"])
        let chain = Self.values(arguments, "-vf").first ?? ""
        #expect(chain.hasPrefix("select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,0.500)',scale=320:-2,format=gray,"))
        #expect(chain.hasSuffix("entropy,entropy=mode=diff,metadata=mode=print:file=-") && arguments.suffix(3) == ["-f", "null", "-"])
        let small = VideoDetails(duration: 4, width: 190, height: 240, codec: "mpeg4", hasAudio: true)
        let smallArguments = FFmpegArguments.posterCandidates("in", details: small)
        #expect(Self.values(smallArguments, "-t") == ["4.000"] && Self.values(smallArguments, "-vf").first?.contains("scale") == false)
    }

    /// The image2 muxer reads `%d` in an output name as a frame number unless it is told to
    /// update one file: a gallery in `50%d off/` would write its posters elsewhere, or fail.
    @Test func aPosterIsWrittenToItsNameAsItIs() {
        let poster = FFmpegArguments.poster("in", output: "/g/50%d off/p.png", details: Self.details, time: nil)
        #expect(Self.values(poster, "-update") == ["1"] && poster.last == "/g/50%d off/p.png")
    }

    @Test func aPathThatLooksLikeAnOptionStaysAPath() {
        #expect(FFmpegArguments.probe("-i.mov").suffix(2) == ["--", "-i.mov"])
    }

    @Test func progressLinesBecomeFractions() {
        var progress = FFmpegProgress(duration: 4)
        #expect(progress.read("frame=10") == nil)
        #expect(progress.read("out_time_us=1000000") == 0.25)
        #expect(progress.read("out_time_ms=2000000") == 0.5, "out_time_ms is microseconds too")
        #expect(progress.read("out_time_us=1500000") == nil, "never backwards")
        #expect(progress.read("out_time_us=N/A") == nil)
        #expect(progress.read("out_time_us=99000000") == 1)
        #expect(progress.read("progress=end\r") == 1 && progress.ended)
    }

    @Test func transcodeTimeoutGrowsWithDuration() {
        #expect(VideoQuality.transcodeTimeout(duration: 0) == 60)
        #expect(VideoQuality.transcodeTimeout(duration: 30) == 660)
        #expect(VideoQuality.transcodeTimeout(duration: .infinity) == 60)
    }
}
