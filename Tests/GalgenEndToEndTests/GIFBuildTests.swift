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

    /// A GIF's transparent pixels are composited onto the page's light background (#f5f5f7) in
    /// its MP4 and its poster, as a JPEG rendition's are; its opaque pixels keep their colour.
    @Test func aTransparentGIFIsShownOnThePageBackground() async throws {
        let project = try TestProject("thumbnails: { widths: [64], formats: [jpeg] }\nimages:\n  - media/\n")
        let media = project.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        // Left half transparent, right half opaque blue; 3 frames.
        try VideoClips.make("clear.gif", in: media, ["-f", "lavfi", "-i", "color=c=blue:s=64x48:d=0.3:r=10,format=rgba,"
            + "geq=r=0:g=0:b=255:a='if(gt(X\\,31)\\,255\\,0)',split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128"])
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let images = project.siteFiles("images")
        for name in [try #require(images.first { $0.hasSuffix(".mp4") }), try #require(images.first { $0.hasSuffix(".jpg") })] {
            let raw = project.path("frame.rgb")
            let run = try VideoClips.run(VideoClips.ffmpeg ?? "ffmpeg", ["-v", "error", "-y", "-i", project.path("_site/images/" + name),
                                                                           "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
            #expect(run.code == 0, "\(run.errors)")
            let pixels = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
            let width = 64
            let left = Array(pixels[(20 * width + 4) * 3 ..< (20 * width + 4) * 3 + 3])
            let right = Array(pixels[(20 * width + width - 5) * 3 ..< (20 * width + width - 5) * 3 + 3])
            #expect(zip(left, [0xF5, 0xF5, 0xF7] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 3 }, "\(name): \(left)")
            #expect(right[0] < 10 && right[1] < 10 && right[2] > 240, "\(name): \(right)")
        }
    }

    /// An animated PNG's own XMP (title, caption) is read as a photo's is: ffprobe finds none.
    @Test func anAnimatedPNGsOwnWordsAreItsPages() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nimages:\n  - media/\n")
        let media = project.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try VideoClips.make("spin.png", in: media, ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=5:duration=1", "-plays", "0", "-f", "apng"])
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Spinning top</rdf:li>"#
            + #"</rdf:Alt></dc:title><dc:description><rdf:Alt><rdf:li xml:lang="x-default">It spins and spins.</rdf:li></rdf:Alt>"#
            + #"</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>"#
        var png = Array(try Data(contentsOf: URL(fileURLWithPath: media + "/spin.png")))
        png.insert(contentsOf: Self.chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(xmp.utf8)), at: 33)
        try Data(png).write(to: URL(fileURLWithPath: media + "/spin.png"))
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(project.siteFile("spin/index.html"))
        #expect(page.contains("Spinning top") && page.contains("It spins and spins."), "\(page)")
        #expect(page.contains(#"<video class="video animation""#))
    }

    /// A PNG chunk with its CRC-32.
    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        let big = { (value: UInt32) in withUnsafeBytes(of: value.bigEndian, Array.init) }
        return big(UInt32(payload.count)) + body + big(~crc)
    }
}
