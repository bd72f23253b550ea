import Foundation
import GalgenCore
import GalgenTestSupport
@testable import GalgenVideo
import GalgenWebP
import Testing

/// Animated WebP and PNG play: ffmpeg 5.1 reads an APNG (its length from its chunks) but not an
/// animated WebP, whose frames galgen writes as an APNG with each frame's time (`AnimationSource`).
@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct AnimationSourceTests {
    static let webp = "formats/dn_animation_lossy_101f.webp"

    /// ffmpeg's frames of `path` as RGB bytes, and each frame's time.
    static func decoded(_ path: String, in folder: TemporaryFolder) throws -> (pixels: [UInt8], times: [Double]) {
        let raw = folder.path + "/frames.rgb"
        let run = try VideoClips.run(VideoClips.ffmpeg ?? "ffmpeg", ["-v", "error", "-y", "-i", path, "-fps_mode", "passthrough",
                                                                       "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        #expect(run.code == 0, "\(run.errors)")
        let times = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", ["-v", "error", "-show_entries", "packet=pts_time",
                                                                           "-of", "csv=p=0", path])
        return (Array(try Data(contentsOf: URL(fileURLWithPath: raw))), Self.times(times.output))
    }

    /// ffprobe's times, one a line (a line may end in a comma: a frame with side data).
    static func times(_ output: String) -> [Double] {
        output.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
    }

    @Test func theWrittenAPNGKeepsEachFramesTimeAndFlattensTransparency() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/a.png"
        // 2 × 1 pixels: red and half-transparent blue; then green and fully transparent.
        var writer = try APNGWriter(path: path, width: 2, height: 1, frames: 3)
        for (pixels, milliseconds) in [([255, 0, 0, 255, 0, 0, 255, 128], 40), ([0, 255, 0, 255, 9, 9, 9, 0], 5),
                                       ([0, 0, 0, 255, 255, 255, 255, 255], 70_000)] as [([UInt8], Int)] {
            try pixels.withUnsafeBufferPointer { try writer.add(rgba: $0, milliseconds: milliseconds) }
        }
        try writer.finish()

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let timing = try #require(AnimatedPicture.pngTiming(bytes))
        // 5 ms is shown for 100, as browsers do; 70 s does not fit milliseconds and is written in hundredths.
        #expect(timing.frames == 3 && abs(timing.seconds - 70.14) < 1e-9)
        #expect(AnimatedPicture.frameCount(bytes) == 3)

        let (pixels, times) = try Self.decoded(path, in: folder)
        #expect(times == [0, 0.04, 0.14], "\(times)")
        // Half-transparent blue over #F5F5F7: (0 × 128 + 245 × 127 + 127) / 255 = 122, and 247 → 251 for blue.
        let expected: [UInt8] = [255, 0, 0, 122, 122, 251, 0, 255, 0, 0xF5, 0xF5, 0xF7, 0, 0, 0, 255, 255, 255]
        #expect(pixels == expected, "\(pixels)")
    }

    @Test func aRealAnimatedWebPBecomesAnAnimationOfEveryFrame() async throws {
        let scratch = try VideoFixtures.scratch()
        let source = Fixtures.root + "/" + Self.webp
        let tools = VideoFixtures.tools(scratch)
        let rendered = try await tools.inspect(source, VideoFixtures.request, VideoItemOptions())
        guard case .video(let details) = rendered.media else { Issue.record("not a video: \(rendered.media)"); return }
        #expect(details.animation && !details.hasAudio)
        #expect(details.width == 320 && details.height == 240 && abs(details.duration - 3.03) < 1e-6)
        #expect(rendered.sourceFormat == .webp && rendered.kind == .video && details.codec == "webp")

        let file = try await tools.transcode(source, VideoFixtures.job(details), { _ in })
        let times = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                           "frame=pts_time", "-of", "csv=p=0", file.path])
        let frames = Self.times(times.output)
        #expect(frames.count == 101, "\(times.output)")
        for (index, time) in frames.enumerated() { #expect(abs(time - Double(index) * 0.03) < 0.0011, "frame \(index) at \(time)") }
        // The intermediate APNG is gone from the scratch folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains("animation") }.isEmpty)
    }

    @Test func aWebPCanvasOverTheLimitIsRefusedBeforeAnyFrameIsDecoded() throws {
        let bytes = try Fixtures.bytes(Self.webp)
        var frames = 0
        #expect(throws: WebPError.self) { try WebPDecoder.eachFrame(bytes, maxPixels: 320 * 240 - 1) { _ in frames += 1 } }
        #expect(frames == 0)
        #expect(try WebPDecoder.eachFrame(bytes, maxPixels: 320 * 240) { _ in } == 101)
    }
}
