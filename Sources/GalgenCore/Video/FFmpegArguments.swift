/// The command lines galgen runs, as argument arrays (no shell, so no quoting): a probe, a
/// poster, a transcode. Pure, so each flag is tested without running anything.
public enum FFmpegArguments {
    /// Flags every ffmpeg run gets: no reading of the terminal (ffmpeg would take keys as
    /// commands), only errors on standard error.
    static let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error"]

    /// ffprobe's JSON report of the container and every stream.
    public static func probe(_ path: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-print_format", "json", "-show_format", "-show_streams", "--", path]
    }

    /// Where a poster's frame-by-frame search starts (when no key frame would do,
    /// `PosterChoice`): a second in, or a quarter of a shorter video (a fade-in is skipped; a
    /// Live Photo's key frame is near its middle).
    public static func posterStart(duration: Double) -> Double {
        min(1, max(0, duration.isFinite ? duration : 0) / 4)
    }

    /// One upright frame as a PNG at `output`: at `time` when given, else the first frame after
    /// `posterStart` that is not near-uniform, searched for at most `searchSeconds` (`skipUniform`
    /// false takes the first frame there, for a video that is uniform throughout). `-update 1`:
    /// the image2 muxer writes `output` as it is, never reading a `%d` in it as a frame number.
    public static func poster(_ path: String, output: String, details: VideoDetails, time: Double?,
                              skipUniform: Bool = true, searchSeconds: Double = 10) -> [String] {
        let start = time.map { max(0, min($0, details.duration)) } ?? posterStart(duration: details.duration)
        let searches = time == nil && skipUniform
        return quiet + ["-y", "-ss", seconds(start)] + (searches ? ["-t", seconds(searchSeconds)] : [])
            + input(path, details: details) + ["-map", "0:V:0", "-an", "-sn", "-dn",
               "-vf", VideoFilters.flattened(VideoFilters.poster(hdr: details.hdr, skipUniform: searches, matrix: details.matrix),
                                             alpha: details.alpha),
               "-frames:v", "1", "-map_metadata", "-1", "-f", "image2", "-update", "1", "-c:v", "png", "-compression_level", "1",
               "-fflags", "+bitexact", "-flags:v", "+bitexact", output]
    }

    /// The poster's candidates (`PosterChoice`): the key frames of the clip's first part (no
    /// other frame is decoded), at most `PosterChoice.candidatesPerSecond` a second, each
    /// measured by two `entropy` filters on its luma (at most 320 px wide) and printed to stdout.
    public static func posterCandidates(_ path: String, details: VideoDetails) -> [String] {
        let every = FFmpegArguments.seconds(1 / Double(PosterChoice.candidatesPerSecond))
        let shrink = max(details.width, details.height) > 320 ? ["scale=320:-2"] : []
        let chain = ["select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,\(every))'"] + shrink
            + ["format=gray", "entropy", "entropy=mode=diff", "metadata=mode=print:file=-"]
        return quiet + ["-skip_frame", "nokey", "-t", seconds(PosterChoice.window(duration: details.duration))] + input(path, details: details)
            + ["-map", "0:V:0", "-an", "-sn", "-dn", "-vf", VideoFilters.flattened(chain.joined(separator: ","), alpha: details.alpha),
               "-f", "null", "-"]
    }

    /// One MP4 of `job` at `output`: H.264 High or AV1, scaled, upright (autorotate applies the
    /// display matrix to the pixels; `rotate=0` leaves none), HDR tone-mapped to BT.709, AAC-LC
    /// 128 kb/s or silent, `moov` first, every tag and chapter dropped (place, device, dates),
    /// bit-exact and with pinned threads so two runs give the same bytes, progress on stdout.
    public static func transcode(_ path: String, output: String, job: TranscodeJob) -> [String] {
        let threads = String(max(1, job.threads))
        let audio = job.audio && job.details.hasAudio
        if job.copy { return copy(path, output: output, audio: audio) }
        return quiet + ["-y", "-threads", threads] + input(path, details: job.details) + ["-map", "0:V:0"] + (audio ? ["-map", "0:a:0"] : [])
            + ["-vf", VideoFilters.flattened(VideoFilters.transcode(width: job.output.width, height: job.output.height,
                                                                    hdr: job.details.hdr, matrix: job.details.matrix),
                                             alpha: job.details.alpha)]
            + encoding(job, audio: audio) + ["-filter_threads", threads, "-progress", "pipe:1", "-nostats", "-f", "mp4", output]
    }

    /// One MP4's own flags: its encoder, H.264 or AV1, tagged BT.709, AAC-LC or silent, every tag
    /// and chapter dropped, `moov` first, bit-exact, on its job's threads.
    static func encoding(_ job: TranscodeJob, audio: Bool) -> [String] {
        let threads = String(max(1, job.threads))
        return videoCodec(job, threads: threads) + frameTiming(job)
            + ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv"]
            + (audio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : ["-an"])
            + ["-sn", "-dn", "-map_metadata", "-1", "-map_chapters", "-1", "-metadata:s:v", "rotate=0",
               "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
               "-threads", threads]
    }

    /// Several MP4s of one source in one run (`jobs` paired with their `outputs`): the source is
    /// decoded once and `split` to each output's chain, each encoded with its own job's flags, so
    /// every file has the bytes its own run would give (and its key). One job is `transcode`'s
    /// own command line. A 4K HEVC clip into 720p and 1080p took 27 % less CPU so.
    public static func transcode(_ path: String, outputs: [String], jobs: [TranscodeJob]) -> [String] {
        guard jobs.count > 1, jobs.count == outputs.count, let first = jobs.first else {
            return jobs.first.map { transcode(path, output: outputs.first ?? "", job: $0) } ?? []
        }
        let threads = String(max(1, first.threads))
        let labels = jobs.indices.map { "[v\($0)]" }
        let branches = zip(jobs, labels).enumerated().map { index, pair in
            "[s\(index)]" + VideoFilters.transcode(width: pair.0.output.width, height: pair.0.output.height, hdr: pair.0.details.hdr,
                                                    matrix: pair.0.details.matrix) + pair.1
        }
        let graph = "[0:V:0]" + (first.details.alpha ? VideoFilters.flatten + "," : "") + "split=\(jobs.count)" + jobs.indices.map { "[s\($0)]" }.joined() + ";" + branches.joined(separator: ";")
        var arguments = quiet + ["-y", "-progress", "pipe:1", "-nostats", "-filter_complex_threads", threads,
                                 "-threads", threads] + input(path, details: first.details) + ["-filter_complex", graph]
        for (job, (label, output)) in zip(jobs, zip(labels, outputs)) {
            let audio = job.audio && job.details.hasAudio
            arguments += ["-map", label] + (audio ? ["-map", "0:a:0"] : []) + encoding(job, audio: audio) + ["-f", "mp4", output]
        }
        return arguments
    }

    /// A web-ready source's streams copied into a fresh MP4 (`VideoOutputPlan.copies`): the same
    /// packets, the display matrix kept (a phone's rotation), every tag, chapter and other
    /// stream dropped, `moov` first, progress on stdout.
    static func copy(_ path: String, output: String, audio: Bool) -> [String] {
        quiet + ["-y", "-i", path, "-map", "0:V:0"] + (audio ? ["-map", "0:a:0", "-c:a", "copy"] : ["-an"])
            + ["-c:v", "copy", "-sn", "-dn", "-map_metadata", "-1", "-map_chapters", "-1",
               "-movflags", "+faststart", "-fflags", "+bitexact", "-progress", "pipe:1", "-nostats", "-f", "mp4", output]
    }

    /// The source, with what its reader needs to know: an APNG's frame of 10 ms or less (a
    /// zero delay too) lasts a tenth of a second, as browsers show it and as ffmpeg reads a GIF's
    /// (`AnimatedPicture.shortFrame`); ffmpeg's APNG reader would play it as written.
    static func input(_ path: String, details: VideoDetails) -> [String] {
        (details.codec == "apng" ? ["-max_fps", "99", "-default_fps", "10"] : []) + ["-i", path]
    }

    /// An animation keeps every frame at its own time (a GIF's frames may each last as long as
    /// they like); a video's frames are as ffmpeg's MP4 muxer sets them (unchanged, so its bytes are).
    static func frameTiming(_ job: TranscodeJob) -> [String] {
        job.details.animation ? ["-fps_mode", "passthrough"] : []
    }

    static func videoCodec(_ job: TranscodeJob, threads: String) -> [String] {
        switch job.output.codec {
        case .h264:
            ["-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-preset", VideoQuality.x264Preset,
             "-crf", String(VideoQuality.h264CRF(job.quality)), "-x264-params", "threads=\(threads)"]
        case .av1:
            ["-c:v", "libsvtav1", "-pix_fmt", "yuv420p", "-preset", String(VideoQuality.svtAV1Preset),
             "-crf", String(VideoQuality.av1CRF(job.quality)), "-svtav1-params", "lp=\(threads)"]
        }
    }

    /// Seconds as ffmpeg reads them: "1.5", never an exponent.
    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value.isFinite ? value : 0) * 1000).rounded())
        let fraction = millis % 1000
        return "\(millis / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }
}
