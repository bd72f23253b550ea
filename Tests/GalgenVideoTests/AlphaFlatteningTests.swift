import Foundation
import GalgenCore
import GalgenTestSupport
import Testing

/// An MP4 has no alpha: frames with alpha (an animated GIF's, PNG's) are composited onto the
/// page's light background, as a JPEG rendition's transparent pixels are, before anything else.
struct AlphaFlatteningTests {
    static func job(alpha: Bool) -> TranscodeJob {
        var job = FFmpegArgumentsTests.job(audio: false, hasAudio: false)
        job.details.alpha = alpha
        return job
    }

    @Test func rgbWithAlphaIsFlattenedAndYUVOrOpaqueIsNot() throws {
        let stream = { (format: String) in VideoProbe.Stream(type: "video", codec: "gif", width: 2, height: 2, pixelFormat: format) }
        for format in ["bgra", "rgba", "argb", "ya8", "rgba64be", "gbrap", "pal8"] { #expect(stream(format).hasAlpha, "\(format)") }
        for format in ["rgb24", "yuv420p", "yuva420p", "gray", "yuvj420p"] { #expect(!stream(format).hasAlpha, "\(format)") }
        let gif = VideoProbe(duration: 1, formatName: "gif",
                             streams: [VideoProbe.Stream(type: "video", codec: "gif", width: 8, height: 8, pixelFormat: "bgra", frames: 5)])
        #expect(try gif.details().alpha)
    }

    @Test func everyRunOfASourceWithAlphaFlattensFirstAndOthersAreUnchanged() {
        let opaque = Self.job(alpha: false), clear = Self.job(alpha: true)
        let single = FFmpegArguments.transcode("in.gif", output: "a.mp4", job: clear)
        let chain = FFmpegArgumentsTests.values(single, "-vf").first ?? ""
        #expect(chain.hasPrefix(VideoFilters.flatten + ",scale="), "\(chain)")
        #expect(FFmpegArgumentsTests.values(FFmpegArguments.transcode("in.gif", output: "a.mp4", job: opaque), "-vf").first?
            .hasPrefix("scale=") == true)
        var small = clear
        small.output = VideoOutput(codec: .h264, width: 360, height: 640)
        let graph = FFmpegArgumentsTests.values(FFmpegArguments.transcode("in.gif", outputs: ["a.mp4", "b.mp4"], jobs: [small, clear]),
                                                "-filter_complex").first ?? ""
        #expect(graph.hasPrefix("[0:V:0]" + VideoFilters.flatten + ",split=2[s0][s1];"), "\(graph)")
        #expect(graph.components(separatedBy: "lutrgb").count == 2, "flattened once, before the split")
        for arguments in [FFmpegArguments.poster("in.gif", output: "p.png", details: clear.details, time: nil),
                          FFmpegArguments.posterCandidates("in.gif", details: clear.details)] {
            #expect(FFmpegArgumentsTests.values(arguments, "-vf").first?.hasPrefix(VideoFilters.flatten + ",") == true)
        }
        #expect(FFmpegArgumentsTests.values(FFmpegArguments.poster("in.gif", output: "p.png", details: opaque.details, time: nil), "-vf")
            .first?.contains("lutrgb") == false)
    }

    @Test func aFlattenedOutputHasAKeyOfItsOwnAndAnOpaqueOneKeepsItsKey() throws {
        let opaque = Self.job(alpha: false), clear = Self.job(alpha: true)
        #expect(VideoKey.make(sourceDigest: "d", job: opaque, tool: "t") != VideoKey.make(sourceDigest: "d", job: clear, tool: "t"))
        // A record of an opaque video reads and writes as before: no "alpha" in it.
        let encoded = String(decoding: try JSONEncoder().encode(opaque.details), as: UTF8.self)
        #expect(!encoded.contains("alpha"))
        #expect(try JSONDecoder().decode(VideoDetails.self, from: try JSONEncoder().encode(clear.details)).alpha)
    }
}

/// An APNG's short frames are read as browsers show them, by ffmpeg's APNG reader's options.
struct APNGInputTests {
    @Test func anAPNGIsReadWithBrowsersShortFrameRuleAndOtherSourcesAsBefore() {
        var job = FFmpegArgumentsTests.job(audio: false, hasAudio: false)
        let before = FFmpegArguments.transcode("in.mov", output: "a.mp4", job: job)
        #expect(!before.contains("-max_fps"))
        job.details.codec = "apng"
        for arguments in [FFmpegArguments.transcode("in.png", output: "a.mp4", job: job),
                          FFmpegArguments.transcode("in.png", outputs: ["a.mp4", "b.mp4"], jobs: [job, job]),
                          FFmpegArguments.poster("in.png", output: "p.png", details: job.details, time: nil),
                          FFmpegArguments.posterCandidates("in.png", details: job.details)] {
            let at = arguments.firstIndex(of: "-i") ?? 0
            #expect(Array(arguments[(at - 4) ..< (at + 2)]) == ["-max_fps", "99", "-default_fps", "10", "-i", "in.png"], "\(arguments)")
        }
    }
}
