import Foundation
import GalgenTestSupport
import Testing

/// A web-ready clip through `galgen build`: its MP4 at its own size copies the source's packets
/// into a fresh file with no metadata and `moov` first; the smaller heights are encoded.
@Suite(.serialized, .enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
struct VideoPassthroughBuildTests {
    /// The MD5 of every packet of a file's first video stream, as stored (`-c copy`).
    static func videoPackets(_ path: String) throws -> String {
        let result = try VideoClips.run(VideoClips.ffmpeg ?? "ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", path,
                                                                         "-map", "0:v:0", "-c", "copy", "-f", "hash", "-hash", "md5", "-"])
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The file's top-level boxes, in order.
    static func boxes(_ path: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var names: [String] = [], offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            names.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1, offset + 16 <= bytes.count { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            guard size >= 8 else { break }
            offset += size
        }
        return names
    }

    @Test func aPhoneClipIsPassedThroughWithoutItsPlaceAndItsSmallerHeightEncoded() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [240, 1080] }\nimages:\n  - clips/\n")
        try FileManager.default.createDirectory(atPath: project.path("clips"), withIntermediateDirectories: true)
        // A real Android phone clip: H.264 High 1920×1080, AAC-LC, GPS in its `location` tag, moov last.
        let phone = project.path("clips/phone.mp4")
        try FileManager.default.copyItem(atPath: Fixtures.root + "/videos/dn_with_gps_1920x1080.mp4", toPath: phone)
        // A portrait phone clip: a landscape BT.709 frame with a 90° display matrix, in a QuickTime file.
        let landscape = try VideoClips.make("landscape.mov", in: project.path, VideoClips.sourceInputs(size: "640x360")
            + ["-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "main", "-pix_fmt", "yuv420p",
               "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-c:a", "aac", "-shortest"])
        let portrait = try VideoClips.make("portrait.mov", in: project.path("clips"), ["-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        let result = try await project.buildWithBinary(["--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = VideoBuildTests.programsRun(result.stdout + result.stderr).filter { $0.contains("ffmpeg ") && $0.contains(".mp4") }
        #expect(runs.filter { $0.contains("-c:v copy") }.count == 2, "\(runs)")
        #expect(runs.filter { $0.contains("libx264") }.count == 2, "the 240-line MP4s are encoded: \(runs)")

        let mp4s = project.siteFiles("images").filter { $0.hasSuffix(".mp4") }.map { project.path("_site/images/" + $0) }
        var copies: [String: String] = [:]
        for path in mp4s {
            let stream = try #require((try VideoClips.probe(path)["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" })
            if stream["height"] as? Int == 1080 { copies["phone"] = path }
            if stream["height"] as? Int == 360 { copies["portrait"] = path }
        }
        let phoneCopy = try #require(copies["phone"], "\(mp4s)")
        let portraitCopy = try #require(copies["portrait"], "\(mp4s)")
        #expect(try Self.videoPackets(phoneCopy) == Self.videoPackets(phone), "the phone's packets, untouched")
        #expect(try Self.videoPackets(portraitCopy) == Self.videoPackets(portrait))
        for copy in [phoneCopy, portraitCopy] {
            let boxes = try Self.boxes(copy)
            #expect(boxes.firstIndex(of: "moov")! < boxes.firstIndex(of: "mdat")!, "moov first: \(boxes)")
            let probe = try VideoClips.probe(copy)
            let tags = Set((((probe["format"] as? [String: Any])?["tags"]) as? [String: Any] ?? [:]).keys)
            #expect(tags.isSubset(of: ["major_brand", "minor_version", "compatible_brands"]), "no metadata: \(tags)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
            #expect(bytes.range(of: Data("+51.4169".utf8)) == nil && bytes.range(of: Data("\u{A9}xyz".utf8)) == nil, "no place")
            #expect(bytes.range(of: Data("com.android".utf8)) == nil && bytes.range(of: Data("2017-02-22".utf8)) == nil, "no device, no date")
        }
        // The phone's rotation stays the display matrix; a player shows 360 × 640.
        let portraitStream = try #require((try VideoClips.probe(portraitCopy)["streams"] as? [[String: Any]])?.first)
        let sideData = portraitStream["side_data_list"] as? [[String: Any]] ?? []
        #expect(sideData.contains { abs(($0["rotation"] as? Int) ?? 0) == 90 }, "\(portraitStream)")
        let page = try #require(project.siteFile("portrait/index.html"))
        #expect(page.contains(#"width="360" height="640""#), "the page sizes the player upright")

        // Off: every MP4 is encoded, under other keys.
        try project.write("gallery.yml", "thumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [240, 1080], passthrough: false }\nimages:\n  - clips/\n")
        let encoded = try await project.buildWithBinary(["--verbose"])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let again = VideoBuildTests.programsRun(encoded.stdout + encoded.stderr).filter { $0.contains("ffmpeg ") && $0.contains(".mp4") }
        #expect(again.filter { $0.contains("libx264") }.count == 2 && !again.contains { $0.contains("-c:v copy") }, "\(again)")
        // The 240-line MP4s were kept: only the own-size ones are encoded, one run each.
        #expect(!again.contains { $0.contains("split=") } && !again.contains { $0.contains("scale=426:240") || $0.contains("scale=240:426") }, "\(again)")
    }

    /// Every height of a clip that must be encoded is made by one ffmpeg run: decoded once.
    @Test func everyHeightOfAClipIsOneRun() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [144, 240] }\nimages:\n  - clip.mp4\n")
        try VideoClips.make("clip.mp4", in: project.path, VideoClips.sourceInputs(size: "480x270") + VideoClips.h264)
        let result = try await project.buildWithBinary(["--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let encodes = VideoBuildTests.programsRun(result.stdout + result.stderr).filter { $0.contains("libx264") }
        #expect(encodes.count == 1 && encodes[0].contains("split=2") && encodes[0].components(separatedBy: " -i ").count == 2, "\(encodes)")
        let heights = try project.siteFiles("images").filter { $0.hasSuffix(".mp4") }.map { name in
            try VideoClips.probe(project.path("_site/images/" + name)).firstVideoHeight
        }
        #expect(heights.sorted() == [144, 240])
    }
}

extension [String: Any] {
    var firstVideoHeight: Int {
        (((self["streams"] as? [[String: Any]]) ?? []).first { $0["codec_type"] as? String == "video" }?["height"] as? Int) ?? 0
    }
}
