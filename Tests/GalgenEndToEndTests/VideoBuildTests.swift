import Foundation
import GalgenTestSupport
import Testing

/// A phone's camera roll, videos and all, through `galgen build` (the real binary, whose ffmpeg
/// children are what is tested): clips made by ffmpeg at test time.
@Suite(.serialized, .enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
struct VideoBuildTests {
    static let small = ["video:", "  heights: [240]", "thumbnails: { widths: [160, 320], formats: [jpeg] }"].joined(separator: "\n")

    /// `trip/` as a phone exports it: a JPEG, a HEIC, an H.264 MP4, an HEVC MOV, a portrait phone
    /// video (a landscape frame with a 90° display matrix), an HLG clip and a Live Photo pair.
    static func cameraRoll(_ project: TestProject) throws {
        let folder = project.path("trip")
        try FileManager.default.createDirectory(atPath: folder + "/Day 2", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: folder + "/beach.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.root + "/formats/mk_beach_1440x960.heic", toPath: folder + "/IMG_1001.HEIC")
        try VideoClips.make("clip.mp4", in: folder + "/Day 2", VideoClips.sourceInputs(size: "480x270") + VideoClips.h264)
        try VideoClips.make("IMG_2001.MOV", in: folder, VideoClips.sourceInputs(size: "480x270")
            + ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"])
        let landscape = try VideoClips.make("landscape.mp4", in: project.path,
                                            VideoClips.sourceInputs(size: "480x270") + VideoClips.h264)
        try VideoClips.make("IMG_2002.MOV", in: folder, ["-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        try VideoClips.make("IMG_2003.MOV", in: folder, VideoClips.sourceInputs(size: "480x270", audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
               "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"])
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Portrait_1.jpg", toPath: folder + "/IMG_3001.JPG")
        try VideoClips.make("IMG_3001.MOV", in: folder, VideoClips.sourceInputs(size: "270x480", audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// The `$ …ffmpeg …` and `$ …ffprobe …` lines of a `--verbose` build: the programs it ran.
    static func programsRun(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("$ /") && ($0.contains("ffmpeg ") || $0.contains("ffprobe ")) }
    }

    @Test func aCameraRollBuildsEveryVideoAndLivePhotoAndASecondBuildRunsNoFFmpeg() async throws {
        let project = try TestProject("title: Trip\n\(Self.small)\nimages:\n  - trip/\n")
        try Self.cameraRoll(project)
        let first = try await project.buildWithBinary(["--verbose"])
        #expect(first.status == 0, "\(first.stderr)")
        // 8 files, 7 items: the Live Photo's still and motion are one.
        let pages = project.photoPages()
        #expect(pages.count == 7, "\(pages.map(\.slug))")
        for slug in ["clip", "img-2001", "img-2002", "img-2003"] {
            let html = try #require(project.siteFile("\(slug)/index.html"), "\(slug)")
            #expect(html.contains("<video") && html.contains("playsinline") && html.contains(#"preload="metadata""#), "\(slug)")
            #expect(!html.contains("autoplay"), "\(slug)")
            #expect(html.contains(#"type="video/mp4"#), "\(slug)")
        }
        let live = try #require(project.siteFile("img-3001/index.html"))
        #expect(live.contains("-live-") && live.contains(".mp4"), "the still's page plays its motion")
        #expect(project.siteFile("img-3001-mov/index.html") == nil)
        // Every MP4: H.264 High, 4:2:0, SDR BT.709, upright (no rotation left), faststart, no metadata.
        let videos = project.siteFiles("images").filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == 5, "\(videos)")
        for name in videos {
            let path = project.path("_site/images/" + name)
            let probe = try VideoClips.probe(path)
            let streams = probe["streams"] as? [[String: Any]] ?? []
            let video = try #require(streams.first { $0["codec_type"] as? String == "video" }, "\(name)")
            #expect(video["codec_name"] as? String == "h264" && video["profile"] as? String == "High", "\(name)")
            #expect(video["pix_fmt"] as? String == "yuv420p", "\(name)")
            #expect(video["color_transfer"] as? String == "bt709", "\(name): \(video["color_transfer"] ?? "none")")
            #expect(video["side_data_list"] == nil, "keeps a display matrix: \(name)")
            let tags = ((probe["format"] as? [String: Any])?["tags"] as? [String: String]) ?? [:]
            #expect(tags.keys.allSatisfy { ["major_brand", "minor_version", "compatible_brands", "encoder"].contains($0) }, "\(name): \(tags)")
            #expect(try Self.moovBeforeMdat(path), "\(name) is not faststart")
        }
        // The portrait phone video is published portrait.
        let portrait = try #require(videos.first { $0.hasPrefix("img-2002-") })
        let portraitStream = try #require((try VideoClips.probe(project.path("_site/images/" + portrait))["streams"] as? [[String: Any]])?.first)
        #expect((portraitStream["width"] as? Int ?? 0) < (portraitStream["height"] as? Int ?? 0), "\(portraitStream)")
        // The overview's tiles mark the videos.
        let overview = try #require(project.siteFile("index.html"))
        #expect(overview.components(separatedBy: "0:01").count - 1 >= 4, "each video's tile shows its duration")
        #expect(overview.contains("7 photos and videos") && project.siteFile("clip/index.html")?.contains("All 7 photos and videos") == true)

        // Again, with gallery.yml touched (so it is not the recorded no-op): no ffmpeg, no ffprobe.
        try (String(contentsOfFile: project.path("gallery.yml"), encoding: .utf8) + "# again\n")
            .write(toFile: project.path("gallery.yml"), atomically: true, encoding: .utf8)
        let second = try await project.buildWithBinary(["--verbose"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.programsRun(second.stderr).isEmpty, "\(Self.programsRun(second.stderr))")

        // A new height encodes only that height: one ffmpeg per video and motion, no probe.
        try String(contentsOfFile: project.path("gallery.yml"), encoding: .utf8).replacingOccurrences(of: "[240]", with: "[240, 144]")
            .write(toFile: project.path("gallery.yml"), atomically: true, encoding: .utf8)
        let third = try await project.buildWithBinary(["--verbose"])
        #expect(third.status == 0, "\(third.stderr)")
        let ran = Self.programsRun(third.stderr)
        #expect(ran.count == 4 && ran.allSatisfy { $0.contains("libx264") }, "\(ran)")
    }

    /// ffmpeg's image2 muxer reads `%d` in an output name as a frame number: with the cache (where
    /// posters are made) in `50%d off/`, every video's poster failed or went elsewhere.
    @Test func aPercentDInThePathsBreaksNoVideo() async throws {
        let project = try TestProject("\(Self.small)\nimages:\n  - 50%d off/clip.mp4\n")
        try FileManager.default.createDirectory(atPath: project.path("50%d off"), withIntermediateDirectories: true)
        try VideoClips.make("clip.mp4", in: project.path("50%d off"), VideoClips.sourceInputs() + VideoClips.h264)
        let result = try await project.buildWithBinary(["--cache-dir", project.path("50%d off/cache")])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(project.siteFile("clip/index.html"))
        #expect(page.contains("<video") && page.contains("poster="), "\(page)")
    }

    @Test func withoutFFmpegEachVideoFailsAloneAndThePhotosArePublished() async throws {
        let project = try TestProject("\(Self.small)\nimages:\n  - trip/beach.jpg\n  - trip/clip.mp4\n")
        try FileManager.default.createDirectory(atPath: project.path("trip"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: project.path("trip/beach.jpg"))
        try VideoClips.make("clip.mp4", in: project.path("trip"), VideoClips.sourceInputs() + VideoClips.h264)
        let result = try await project.buildWithBinary([], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("trip/clip.mp4") && result.stderr.contains("ffmpeg is not installed (apt-get install ffmpeg, brew install ffmpeg)"),
                "\(result.stderr)")
        #expect(project.siteFile("beach/index.html") != nil)
    }

    @Test func badVideosFailOneByOneWithTheirReasonAndTheRestIsBuilt() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [240], max_duration: 2, max_pixels: 100000 }\n"
            + "images:\n  - media/\n")
        let folder = project.path("media")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try VideoClips.make("good.mp4", in: folder, VideoClips.sourceInputs() + VideoClips.h264)
        #expect(FileManager.default.createFile(atPath: folder + "/empty.mov", contents: Data()))
        let whole = try Data(contentsOf: URL(fileURLWithPath: try VideoClips.make("whole.mp4", in: project.path,
                                                                                    VideoClips.sourceInputs(seconds: 1) + VideoClips.h264)))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: folder + "/truncated.mp4"))
        try VideoClips.make("sound.mp4", in: folder, ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac"])
        try VideoClips.make("long.mp4", in: folder, VideoClips.sourceInputs(seconds: 4, audio: false) + ["-c:v", "libx264", "-preset", "ultrafast"])
        // 480 × 270 = 129,600 pixels a frame, over video.max_pixels (100,000).
        try VideoClips.make("wide.mp4", in: folder, VideoClips.sourceInputs(size: "480x270", audio: false) + ["-c:v", "libx264", "-preset", "ultrafast"])
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: folder + "/really-a-photo.mov")
        let result = try await project.buildWithBinary()
        #expect(result.status == 1, "\(result.stderr)")
        for name in ["empty.mov", "truncated.mp4", "sound.mp4", "long.mp4", "wide.mp4"] {
            #expect(result.stderr.contains("media/\(name)"), "\(name): \(result.stderr)")
        }
        #expect(result.stderr.contains("no video stream"), "\(result.stderr)")
        #expect(result.stderr.contains("video.max_duration"), "\(result.stderr)")
        #expect(result.stderr.contains("media/wide.mp4") && result.stderr.contains("over video.max_pixels (100000)"), "\(result.stderr)")
        #expect(project.siteFile("good/index.html")?.contains("<video") == true)
        // A JPEG named .mov is a photo.
        #expect(project.siteFile("really-a-photo/index.html")?.contains("<picture") == true, "\(result.stderr)")
        #expect(!project.siteFiles("images").contains { $0.hasPrefix("truncated-") || $0.hasPrefix("long-") })
    }

    /// `video.max_memory` caps every ffmpeg run: a video that needs more fails by name with the
    /// limit and the setting, the rest is built; a limit ffmpeg cannot even start under is refused.
    @Test func aVideoOverVideoMaxMemoryFailsByNameAndTheRestIsBuilt() async throws {
        // Encoded (a copy of this web-ready clip would need no such memory).
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [1080], max_memory: 512, passthrough: false }\n"
            + "images:\n  - media/\n")
        let folder = project.path("media")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try VideoClips.make("big.mp4", in: folder, VideoClips.sourceInputs(size: "1920x1080", seconds: 0.3, audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: folder + "/photo.jpg")
        let result = try await project.buildWithBinary(["--jobs", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("media/big.mp4: ffmpeg failed: it needed more than the 512 MB of memory"), "\(result.stderr)")
        #expect(result.stderr.contains("set video.max_memory (megabytes) higher"), "\(result.stderr)")
        #expect(project.siteFile("photo/index.html") != nil)
        #expect(!project.siteFiles("images").contains { $0.hasSuffix(".mp4") })

        let tooLow = try TestProject("video: { max_memory: 100 }\nimages:\n  - media/\n")
        let refused = try await tooLow.buildWithBinary()
        #expect(refused.status == 2 && refused.stderr.contains("video.max_memory") && refused.stderr.contains("512"), "\(refused.stderr)")
    }

    @Test func anAndroidMotionPhotoIsItsStillWithItsMotionAndLivePhotosFalseLeavesTheMotionOut() async throws {
        let project = try TestProject("\(Self.small)\nimages:\n  - phone/\n")
        let folder = project.path("phone")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/orientation/Landscape_1.jpg")))
        let clip = try VideoClips.make("motion.mp4", in: project.path, VideoClips.sourceInputs(size: "480x270", audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let mp4 = Array(try Data(contentsOf: URL(fileURLWithPath: clip)))
        try Data(MotionPhotoFile.container(jpeg: jpeg, mp4: mp4)).write(to: URL(fileURLWithPath: folder + "/PXL_1.MP.jpg"))
        try Data(MotionPhotoFile.microVideo(jpeg: jpeg, mp4: mp4)).write(to: URL(fileURLWithPath: folder + "/MVIMG_2.jpg"))
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.photoPages().count == 2)
        let motions = project.siteFiles("images").filter { $0.contains("-live-") && $0.hasSuffix(".mp4") }
        #expect(motions.count == 2, "\(project.siteFiles("images"))")
        for motion in motions {
            let streams = try VideoClips.probe(project.path("_site/images/" + motion))["streams"] as? [[String: Any]] ?? []
            #expect(streams.count == 1 && streams.first?["codec_name"] as? String == "h264", "silent H.264: \(streams)")
        }
        #expect(project.siteFile("mvimg-2/index.html")?.contains("-live-") == true)

        try String(contentsOfFile: project.path("gallery.yml"), encoding: .utf8).appending("live_photos: false\n")
            .write(toFile: project.path("gallery.yml"), atomically: true, encoding: .utf8)
        let still = try await project.buildWithBinary()
        #expect(still.status == 0, "\(still.stderr)")
        #expect(!project.siteFiles("images").contains { $0.hasSuffix(".mp4") })
        #expect(project.siteFile("mvimg-2/index.html")?.contains("<picture") == true)
    }

    @Test func livePhotosFalseShowsTheStillOnlyAndAPosterImageBesideAVideoIsItsPoster() async throws {
        let project = try TestProject("\(Self.small)\nlive_photos: false\nimages:\n  - roll/\n")
        let folder = project.path("roll")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Portrait_1.jpg", toPath: folder + "/IMG_1.JPG")
        try VideoClips.make("IMG_1.MOV", in: folder, VideoClips.sourceInputs(audio: false) + ["-c:v", "libx264", "-preset", "ultrafast"])
        try VideoClips.make("clip.mp4", in: folder, VideoClips.sourceInputs() + VideoClips.h264)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: folder + "/clip.mp4.jpg")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(project.photoPages().map(\.slug)) == ["img-1", "clip"], "\(project.photoPages().map(\.slug))")
        #expect(!project.siteFiles("images").contains { $0.contains("-live-") })
        // The poster is the image beside the video (Landscape_1 is 1800 × 1200: 3:2), not a frame (4:3).
        let page = try #require(project.siteFile("clip/index.html"))
        #expect(page.contains(#"<video"#) && page.contains(#"width="320" height="213""#), "\(page)")
    }

    @Test func aVideosDateWordsAndPlaceAreReadItsPlaceIsNeverPublishedAndSortDateInterleavesIt() async throws {
        let project = try TestProject("\(Self.small)\nsort: date\nimages:\n  - roll/\n")
        let folder = project.path("roll")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The photos were taken in 2010 and 2018 (EXIF); the video in 2014, in Paris, by its QuickTime tags.
        try FileManager.default.copyItem(atPath: Fixtures.root + "/photos/dn_nikon_d3100.jpg", toPath: folder + "/a.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.root + "/photos/dn_oppo_r7plus.jpg", toPath: folder + "/b.jpg")
        try VideoClips.make("z.mov", in: folder, VideoClips.sourceInputs(audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-metadata", "com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/",
               "-metadata", "com.apple.quicktime.creationdate=2014-12-09T18:32:05+0100", "-metadata", "title=Eiffel",
               "-movflags", "use_metadata_tags"])
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("roll/z.mov") && result.stderr.contains("is not published"), "\(result.stderr)")
        let overview = try #require(project.siteFile("index.html"))
        let order = ["a/", "z/", "b/"].compactMap { overview.range(of: "href=\"\($0)index.html\"")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "the video sorts between the photos by its date")
        #expect(project.siteFile("z/index.html")?.contains("<h2>Eiffel</h2>") == true)
        for name in project.siteFiles("images") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: project.path("_site/images/" + name)))
            #expect(bytes.range(of: Data("48.8577".utf8)) == nil && bytes.range(of: Data("ISO6709".utf8)) == nil, "\(name)")
        }
    }

    /// A still and its motion named apart, found by the content identifier both carry, in `folder`.
    static func livePhotoNamedApart(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let identifier = "6B1D0B4E-2B1D-4C9A-9A0E-4C3F2D6F1A7B"
        let still = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/orientation/Landscape_1.jpg")))
        try Data(AppleLivePhotoEXIF.jpeg(still, contentIdentifier: identifier)).write(to: URL(fileURLWithPath: folder + "/IMG_1234.JPG"))
        // With sound, as a phone records it: a motion is published without (its MP4 is not the video's).
        try VideoClips.make("IMG_1234 (1).MOV", in: folder, VideoClips.sourceInputs()
            + ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest",
               "-metadata", "com.apple.quicktime.content.identifier=\(identifier)", "-movflags", "use_metadata_tags"])
    }

    /// Paired once, before any MP4 is made (`pairLivePhotos`): the MOV is encoded as a motion (one
    /// H.264 at the largest height, as a motion named like its still gets), not as a video of its
    /// own (every height and a poster) that the page then leaves out.
    @Test func aLivePhotoNamedApartIsPairedByItsContentIdentifierAndEncodedAsAMotionOnly() async throws {
        let project = try TestProject("video: { heights: [144, 240] }\nthumbnails: { widths: [160, 320], formats: [jpeg] }\n"
            + "images:\n  - roll/\n")
        let folder = project.path("roll")
        try Self.livePhotoNamedApart(in: folder)
        try VideoClips.make("other.mov", in: folder, VideoClips.sourceInputs(audio: false) + ["-c:v", "libx264", "-preset", "ultrafast"])
        let result = try await project.buildWithBinary(["--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(project.photoPages().map(\.slug)) == ["img-1234", "other"], "\(project.photoPages().map(\.slug))")
        let page = try #require(project.siteFile("img-1234/index.html"))
        #expect(page.contains("img-1234-1-240p.") && page.contains("class=\"live"), "the still plays the MOV as its motion")
        let motionFiles = project.siteFiles("images").filter { $0.hasPrefix("img-1234-1-") }
        #expect(motionFiles.count == 1 && motionFiles[0].hasSuffix(".mp4") && motionFiles[0].contains("-240p."), "\(motionFiles)")
        #expect(project.siteFiles("images").filter { $0.hasPrefix("other-") && $0.hasSuffix(".mp4") }.count == 2)
        let encodes = Self.programsRun(result.stdout + result.stderr).filter { $0.contains("ffmpeg ") && $0.contains("IMG_1234 (1).MOV") }
        #expect(encodes.filter { $0.contains(".mp4") }.count == 1, "\(encodes.joined(separator: "\n"))")
        let again = try await project.buildWithBinary()
        #expect(again.status == 0 && again.stderr.contains("up to date"), "\(again.stderr)")
    }

    /// Whether the MP4's `moov` box comes before its `mdat` (playback starts before the whole file arrives).
    static func moovBeforeMdat(_ path: String) throws -> Bool {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "moov" { return true }
            if type == "mdat" { return false }
            guard size >= 8 else { return false }
            offset += size
        }
        return false
    }
}
