@testable import GalgenCore
import Foundation
import Testing

/// Which sources are web-ready (`VideoProbe.webReady`) and which MP4s copy them (`VideoOutputPlan.copies`).
struct VideoPassthroughTests {
    /// A phone's "Most Compatible" clip as ffprobe reports it: H.264 High, 4:2:0, BT.709, AAC-LC, in an MP4.
    static func probe(codec: String = "h264", profile: String = "High", pixelFormat: String = "yuv420p",
                      transfer: String? = "bt709", colorSpace: String? = "bt709", height: Int = 1080,
                      format: String = "mov,mp4,m4a,3gp,3g2,mj2", audio: (codec: String, profile: String)? = ("aac", "LC"),
                      rotation: Int = 0) -> VideoProbe {
        var streams = [VideoProbe.Stream(type: "video", codec: codec, width: height * 16 / 9, height: height, rotation: rotation,
                                         colorTransfer: transfer, colorSpace: colorSpace, profile: profile, pixelFormat: pixelFormat)]
        if let audio { streams.append(VideoProbe.Stream(type: "audio", codec: audio.codec, profile: audio.profile)) }
        return VideoProbe(duration: 10, formatName: format, streams: streams)
    }

    @Test func aPhonesMostCompatibleClipIsWebReady() {
        #expect(Self.probe().webReady == VideoDetails.WebReady(video: true, audio: true))
        #expect(Self.probe(profile: "Main").webReady.video && Self.probe(profile: "Constrained Baseline").webReady.video)
        #expect(Self.probe(audio: nil).webReady.audio, "no sound is ready sound")
        // Untagged from 720 lines up is BT.709 to a player, as to galgen.
        #expect(Self.probe(transfer: nil, colorSpace: nil, height: 720).webReady.video)
        #expect(Self.probe(rotation: -90).webReady.video, "a phone's rotation stays the MP4's display matrix")
    }

    @Test(arguments: [
        ("HEVC", probe(codec: "hevc", profile: "Main")), ("High 10", probe(profile: "High 10")),
        ("High 4:2:2", probe(profile: "High 4:2:2", pixelFormat: "yuv422p")), ("10-bit", probe(pixelFormat: "yuv420p10le")),
        ("full-range", probe(pixelFormat: "yuvj420p")), ("HLG", probe(transfer: "arib-std-b67", colorSpace: "bt2020nc")),
        ("PQ", probe(transfer: "smpte2084")), ("BT.601", probe(colorSpace: "smpte170m")),
        ("untagged SD, BT.601 to a player", probe(transfer: nil, colorSpace: nil, height: 480)),
        ("Matroska", probe(format: "matroska,webm")), ("AVI", probe(format: "avi")),
    ])
    func otherVideoIsEncoded(_ what: String, _ probe: VideoProbe) {
        #expect(!probe.webReady.video, "\(what)")
    }

    @Test func otherSoundIsEncoded() {
        #expect(!Self.probe(audio: ("aac", "HE-AAC")).webReady.audio)
        #expect(!Self.probe(audio: ("pcm_s16le", "unknown")).webReady.audio && !Self.probe(audio: ("amr_nb", "unknown")).webReady.audio)
        #expect(Self.probe(audio: ("pcm_s16le", "unknown")).webReady.video, "the video may still be copied into a silent MP4")
    }

    @Test func onlyTheH264MP4OfTheSourcesOwnSizeCopies() throws {
        let details = try Self.probe().details()
        let settings = VideoSettings(heights: [720, 1080], formats: [.av1, .h264])
        let copied = VideoOutputPlan.outputs(for: details, settings: settings).filter {
            VideoOutputPlan.copies($0, of: details, settings: settings, audio: true)
        }
        #expect(copied == [VideoOutput(codec: .h264, width: 1920, height: 1080)])
        // A source taller than every height is scaled: nothing copies.
        let small = VideoSettings(heights: [720])
        #expect(!VideoOutputPlan.outputs(for: details, settings: small).contains { VideoOutputPlan.copies($0, of: details, settings: small, audio: true) })
        // Off, or sound that must be encoded for an MP4 with sound: encoded; silent MP4s copy the video alone.
        var off = settings
        off.passthrough = false
        let own = VideoOutput(codec: .h264, width: 1920, height: 1080)
        #expect(!VideoOutputPlan.copies(own, of: details, settings: off, audio: true))
        let pcm = try Self.probe(audio: ("pcm_s16le", "unknown")).details()
        #expect(!VideoOutputPlan.copies(own, of: pcm, settings: settings, audio: true))
        #expect(VideoOutputPlan.copies(own, of: pcm, settings: settings, audio: false))
        // A record kept before galgen read this says nothing is ready.
        var old = details
        old.webReady = VideoDetails.WebReady()
        #expect(!VideoOutputPlan.copies(own, of: old, settings: settings, audio: true))
    }

    @Test func aRotatedSourceCopiesAtItsUprightSize() throws {
        let details = try Self.probe(rotation: 90).details()
        #expect((details.width, details.height) == (1080, 1920))
        let settings = VideoSettings(heights: [1080])
        #expect(VideoOutputPlan.outputs(for: details, settings: settings).allSatisfy { VideoOutputPlan.copies($0, of: details, settings: settings, audio: true) })
    }

    @Test func aCopyCopiesEveryStreamItKeepsAndDropsEverythingElse() {
        var job = TranscodeJob(details: VideoDetails(duration: 2, width: 1920, height: 1080, codec: "h264", hasAudio: true),
                               output: VideoOutput(codec: .h264, width: 1920, height: 1080), quality: 23, audio: true, threads: 2)
        job.copy = true
        let arguments = FFmpegArguments.transcode("in.mov", output: "out.mp4", job: job)
        let joined = arguments.joined(separator: " ")
        #expect(joined.contains("-map 0:V:0 -map 0:a:0 -c:a copy -c:v copy -sn -dn -map_metadata -1 -map_chapters -1 -movflags +faststart"))
        #expect(!joined.contains("libx264") && !joined.contains("-vf") && !joined.contains("rotate=0"), "no filter: the display matrix stays")
        job.audio = false
        #expect(FFmpegArguments.transcode("in.mov", output: "out.mp4", job: job).contains("-an"))
    }

    @Test func theSettingIsRead() throws {
        #expect(try ConfigParser.parse("video: { passthrough: false }\nimages: []\n", directory: "/g").thumbnails.video.passthrough == false)
        #expect(try ConfigParser.parse("images: []\n", directory: "/g").thumbnails.video.passthrough == true)
        #expect(throws: ConfigErrors.self) { try ConfigParser.parse("video: { passthrough: maybe }\nimages: []\n", directory: "/g") }
    }

    /// A record keeps what it says about readiness only when there is something to say.
    @Test func theRecordKeepsReadinessOnlyWhenSaid() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = VideoDetails(duration: 2, width: 2, height: 2, codec: "h264", hasAudio: false)
        #expect(!String(decoding: try encoder.encode(plain), as: UTF8.self).contains("webReady"))
        var ready = plain
        ready.webReady = VideoDetails.WebReady(video: true, audio: true)
        let data = try encoder.encode(ready)
        #expect(try JSONDecoder().decode(VideoDetails.self, from: data).webReady == ready.webReady)
    }
}
