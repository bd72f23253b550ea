import Foundation
import GalgenTestSupport
import Testing

/// GIFs through `galgen build` (ffmpeg reads them): a still GIF is a photo; an animated one a
/// silent MP4 of every frame at its own time, shown as a muted loop that plays by itself.
@Suite(.serialized, .enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
struct GIFBuildTests {
    @Test func aStillGIFIsAPhotoAndAnAnimatedOneALoopingMP4() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nsort: name\nimages:\n  - media/\n")
        let media = project.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        // 12 frames at uneven times: ten 0.1 s apart, then two 0.5 s apart.
        try VideoClips.make("spin.gif", in: media, ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=10:duration=1",
                                                     "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=2:duration=1",
                                                     "-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-fps_mode", "vfr"])
        try VideoClips.make("still.gif", in: media, ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=1:duration=1", "-frames:v", "1"])
        let source = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                          "frame=pts_time", "-of", "csv=p=0", media + "/spin.gif"])
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("cannot read"), "\(result.stderr)")

        let still = try #require(project.siteFile("still/index.html"))
        #expect(still.contains(#"<img class="photo""#) && !still.contains("<video"))
        let spin = try #require(project.siteFile("spin/index.html"))
        #expect(spin.contains(#"<video class="video animation" autoplay loop muted playsinline"#), "\(spin)")
        #expect(spin.contains(#"aria-label="Animation""#) && spin.contains(#"class="live animate""#) && !spin.contains(" controls"))
        let overview = try #require(project.siteFile("index.html"))
        #expect(overview.contains(#"badge--video" aria-hidden="true">GIF<"#))

        // Every frame, each at its own time, no sound.
        let mp4 = try #require(project.siteFiles("images").first { $0.hasSuffix(".mp4") })
        let made = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                        "frame=pts_time", "-of", "csv=p=0", project.path("_site/images/" + mp4)])
        let times = { (text: String) in
            text.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        }
        #expect(times(made.output).count == times(source.output).count && times(source.output).count == 12, "\(made.output)")
        #expect(times(made.output).last.map { abs($0 - 1.5) < 0.011 } == true, "the slow frames keep their time: \(made.output)")
        for (a, b) in zip(times(made.output), times(source.output)) { #expect(abs(a - b) < 0.011, "\(a) \(b)") }
        let streams = try VideoClips.probe(project.path("_site/images/" + mp4))["streams"] as? [[String: Any]] ?? []
        #expect(streams.count == 1 && streams.first?["codec_name"] as? String == "h264")
    }

    /// An animated WebP (real, 101 frames of 30 ms) and an animated PNG (uneven times) play
    /// like an animated GIF; a PNG whose animation has one frame is a photo.
    @Test func animatedWebPAndPNGPlayAndAOneFramePNGIsAPhoto() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nsort: name\nimages:\n  - media/\n")
        let media = project.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try Data(try Fixtures.bytes("formats/dn_animation_lossy_101f.webp")).write(to: URL(fileURLWithPath: media + "/wheel.webp"))
        try VideoClips.make("spin.png", in: media, ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=10:duration=1",
                                                     "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=2:duration=1",
                                                     "-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-fps_mode", "vfr",
                                                     "-plays", "0", "-f", "apng"])
        try VideoClips.make("one.png", in: media, ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=1:duration=1", "-frames:v", "1",
                                                    "-f", "apng"])
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("first frame"), "\(result.stderr)")

        let one = try #require(project.siteFile("one/index.html"))
        #expect(one.contains(#"<img class="photo""#) && !one.contains("<video"))
        for (page, frames, last) in [("wheel", 101, 3.0), ("spin", 12, 1.5)] {
            let html = try #require(project.siteFile(page + "/index.html"))
            #expect(html.contains(#"<video class="video animation" autoplay loop muted playsinline"#), "\(page): \(html)")
            let mp4 = try #require(project.siteFiles("images").first { $0.hasPrefix(page) && $0.hasSuffix(".mp4") })
            let made = try VideoClips.run(VideoClips.ffprobe ?? "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                            "frame=pts_time", "-of", "csv=p=0", project.path("_site/images/" + mp4)])
            let times = made.output.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
            #expect(times.count == frames, "\(page): \(made.output)")
            #expect(times.last.map { abs($0 - last) < 0.011 } == true, "\(page): \(made.output)")
        }
        // No original is published for an animation (as for any video), and no APNG is left behind.
        #expect(!project.siteFiles("images").contains { $0.hasSuffix(".webp") || $0.hasSuffix(".png") })
        #expect(try FileManager.default.subpathsOfDirectory(atPath: project.path(".galgen-cache")).filter { $0.contains("animation") }.isEmpty)

        // A second build makes nothing again.
        let again = try await project.buildWithBinary()
        #expect(again.status == 0 && again.stderr.contains("nothing changed, nothing written (3 unchanged"), "\(again.stderr)")
    }
}
