import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenVideo

/// The clips every live test reads, made once per test run by ffmpeg into a temporary folder.
final class VideoFixtures: Sendable {
    static let shared: VideoFixtures? = VideoClips.available ? try? VideoFixtures() : nil

    let folder: TemporaryFolder
    /// 320×240, 1 s, H.264 + AAC.
    let plain: String
    /// The same bytes with a rotation of 90° in its display matrix (`-c copy`).
    let rotated: String
    /// 10-bit H.264 tagged BT.2020 HLG / PQ, silent.
    let hlg: String
    let pq: String
    /// QuickTime metadata: creation date with its zone, ISO 6709 location, make, model, title, description.
    let tagged: String
    /// AAC alone.
    let audioOnly: String
    /// Two seconds of black, then the test pattern.
    let blackStart: String
    /// Two seconds of white (a title card's background), a second fading from white into the
    /// test pattern, then the pattern: a key frame every half second.
    let whiteStart: String

    init() throws {
        folder = try TemporaryFolder()
        let path = folder.path
        plain = try VideoClips.make("plain.mp4", in: path, VideoClips.sourceInputs() + VideoClips.h264)
        rotated = try VideoClips.make("rotated.mp4", in: path, ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        let tenBit = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
                      "-colorspace", "bt2020nc"]
        hlg = try VideoClips.make("hlg.mov", in: path, VideoClips.sourceInputs(audio: false) + tenBit + ["-color_trc", "arib-std-b67"])
        pq = try VideoClips.make("pq.mov", in: path, VideoClips.sourceInputs(audio: false) + tenBit + ["-color_trc", "smpte2084"])
        tagged = try VideoClips.make("tagged.mov", in: path, ["-i", plain, "-c", "copy",
            "-metadata", "com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/",
            "-metadata", "com.apple.quicktime.creationdate=2023-07-14T18:32:05+0200",
            "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 14 Pro",
            "-metadata", "title=Tower", "-metadata", "description=From the river",
            "-metadata", "creation_time=2023-07-14T16:32:05Z", "-movflags", "use_metadata_tags"])
        audioOnly = try VideoClips.make("sound.m4a", in: path,
                                        ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac"])
        blackStart = try VideoClips.make("black-start.mp4", in: path, [
            "-f", "lavfi", "-i", "color=black:size=320x240:rate=30:duration=2",
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2",
            "-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        whiteStart = try VideoClips.make("white-start.mp4", in: path, [
            "-f", "lavfi", "-i", "color=white:size=320x240:rate=30:duration=2",
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4",
            "-filter_complex", "[1]fade=in:st=0:d=1:color=white[p];[0][p]concat=n=2:v=1:a=0",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-pix_fmt", "yuv420p"])
    }

    /// A fresh scratch folder for one test's outputs.
    static func scratch() throws -> TemporaryFolder { try TemporaryFolder() }

    /// A small poster request: one JPEG width, so inspecting stays fast.
    static let request = RenditionRequest(widths: [160], quality: 80, formats: [.jpeg])

    static func tools(_ scratch: TemporaryFolder, cacheRoot: String? = nil,
                      log: @escaping @Sendable (String) -> Void = { _ in }) -> VideoTools {
        LiveVideoTools.make(versionFile: cacheRoot.map { $0 + "/ffmpeg-version.json" }, scratchFolder: scratch.path, log: log)
    }

    /// ffprobe's reading of `path`, through the same parser and checks as `inspect`.
    static func details(_ path: String) throws -> VideoDetails {
        let report = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", FFmpegArguments.probe(path))
        return try FFprobeReport.parse(Array(report.output.utf8)).details()
    }

    static func job(_ details: VideoDetails, codec: VideoCodec = .h264, width: Int? = nil, height: Int? = nil,
                    audio: Bool = true) -> TranscodeJob {
        TranscodeJob(details: details, output: VideoOutput(codec: codec, width: width ?? details.width, height: height ?? details.height),
                     quality: 23, audio: audio, threads: 2)
    }
}

/// ffprobe's first video stream of a report, and the report's format tags.
extension [String: Any] {
    var firstVideo: [String: Any] {
        ((self["streams"] as? [[String: Any]]) ?? []).first { $0["codec_type"] as? String == "video" } ?? [:]
    }
    var formatTags: [String: String] { ((self["format"] as? [String: Any])?["tags"] as? [String: String]) ?? [:] }
}
