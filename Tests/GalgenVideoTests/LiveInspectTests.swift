import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenVideo
import Testing

@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveInspectTests {
    let clips = VideoFixtures.shared!

    @Test func aPlainClipIsProbedAndItsPosterRenderedAsAPhoto() async throws {
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.plain, VideoFixtures.request, VideoItemOptions())
        #expect(rendered.width == 320 && rendered.height == 240)
        #expect(rendered.renditions.map(\.width) == [160])
        #expect(rendered.location == LocationCheck.none)
        #expect(rendered.sourceFormat == .mp4)
        #expect(scratch.list().isEmpty, "the poster's temporary PNG is removed")
    }

    @Test func aRotatedClipHasAnUprightPoster() async throws {
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.rotated, VideoFixtures.request,
                                                                      VideoItemOptions(isMotion: true))
        #expect(rendered.width == 240 && rendered.height == 320)
        let video = try #require(rendered.media.video)
        #expect(video.width == 240 && video.height == 320 && video.codec == "h264" && video.hasAudio && video.isMotion)
        #expect(abs(video.duration - 1) < 0.1 && video.frameRate == 30 && video.hdr == nil && video.files.isEmpty)
        #expect(rendered.kind == .video)
    }

    @Test func theQuickTimeTagsGiveDateWordsDeviceAndALocationThatIsReportedNotPublished() async throws {
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.tagged, VideoFixtures.request, VideoItemOptions())
        #expect(rendered.metadata.captured?.description == "2023-07-14T16:32:05.000Z")
        #expect(rendered.metadata.words.title == "Tower")
        #expect(rendered.metadata.words.caption == "From the river")
        #expect(rendered.facts.cameraText == "Apple iPhone 14 Pro")
        #expect(rendered.facts.takenAtText == "2023-07-14 18:32")
        guard case .found(let words) = rendered.location else {
            Issue.record("the ISO 6709 location is not reported: \(String(describing: rendered.location))")
            return
        }
        #expect(words.contains("iso6709"))
        #expect(rendered.sourceFormat == .quickTime)
    }
}

@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveVersionAndLogTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test func theVersionIsAskedOnceThenRememberedAcrossBuildsUnderTheBinarysStamp() async throws {
        let cache = try TemporaryFolder()
        let first = Log(), second = Log()
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch, cacheRoot: cache.path, log: first.add)
        let version = try tools.version()
        #expect(version.hasPrefix("ffmpeg ") && !version.contains("Copyright"))
        #expect(try tools.version() == version)
        #expect(first.all.filter { $0.hasSuffix("-version") }.count == 1, "\(first.all)")
        #expect(first.all.contains { $0.hasPrefix("ffmpeg: \(version)") })

        let nextBuild = VideoFixtures.tools(scratch, cacheRoot: cache.path, log: second.add)
        #expect(try nextBuild.version() == version)
        #expect(!second.all.contains { $0.hasSuffix("-version") }, "a second build runs no ffmpeg: \(second.all)")
    }

    @Test func everyCommandLineIsLogged() async throws {
        let log = Log()
        let scratch = try VideoFixtures.scratch()
        _ = try await VideoFixtures.tools(scratch, log: log.add).inspect(VideoFixtures.shared!.plain, VideoFixtures.request,
                                                                         VideoItemOptions())
        #expect(log.all.contains { $0.contains("ffprobe") && $0.contains("-show_streams") })
        #expect(log.all.contains { $0.contains("ffmpeg") && $0.contains("-skip_frame nokey") && $0.contains("entropy=mode=diff") })
    }

    @Test func thePosterSkipsBlackFramesOrTakesTheGivenTimeOrTheSidecar() async throws {
        let clips = VideoFixtures.shared!
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let skipped = try await tools.inspect(clips.blackStart, VideoFixtures.request, VideoItemOptions())
        let atOne = try await tools.inspect(clips.blackStart, VideoFixtures.request, VideoItemOptions(posterTime: 1))
        #expect(try meanOfFirstRendition(skipped) > 60, "a frame of the test pattern, not the black start")
        #expect(try meanOfFirstRendition(atOne) < 20, "poster: 1 is inside the black start")

        let sidecar = scratch.path + "/side.png"
        try Data(TinyPNG.make(width: 64, height: 48, bitDepth: 8, colourType: 0,
                                  rows: Array(repeating: Array(repeating: 128, count: 64), count: 48))).write(to: URL(fileURLWithPath: sidecar))
        let fromSidecar = try await tools.inspect(clips.plain, VideoFixtures.request, VideoItemOptions(posterFile: sidecar))
        #expect(fromSidecar.width == 64 && fromSidecar.height == 48)
    }

    @Test func aClipThatOpensOnWhiteGetsItsFootageAsThePoster() async throws {
        let clips = VideoFixtures.shared!
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.whiteStart, VideoFixtures.request, VideoItemOptions())
        let poster = try writeFirstRendition(rendered, in: scratch)
        let white = try VideoClips.detail(clips.whiteStart, times: [1])[0]
        let pattern = try VideoClips.detail(clips.whiteStart, times: [4])[0]
        #expect(try VideoClips.meanLuma(poster) < 200, "not the white card nor the fade out of it")
        #expect(try VideoClips.detail(poster)[0] > (white + pattern) / 2, "the test pattern's detail")
    }

    /// A real clip (Tests/Fixtures/videos) that opens on two seconds of white, then a logo: the
    /// poster is the logo, and its detail is at least half that of the busiest of eight frames
    /// spread over the clip (issue 45's measure; the old rule's first non-black frame, 1 s in, was white).
    @Test func aRealClipsPosterShowsItsFootage() async throws {
        let clip = Fixtures.root + "/videos/dn_sample_mpeg4_190x240.mp4"
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clip, VideoFixtures.request, VideoItemOptions())
        let poster = try writeFirstRendition(rendered, in: scratch)
        let duration = try VideoFixtures.details(clip).duration
        let busiest = try VideoClips.detail(clip, times: (0..<8).map { duration * (Double($0) + 0.5) / 8 }).max() ?? 1
        let chosen = try VideoClips.detail(poster)[0]
        #expect(chosen >= busiest / 2, "chosen \(chosen), busiest of eight \(busiest)")
        let opening = try VideoClips.detail(clip, times: [1])[0]
        #expect(chosen > 2 * opening, "not the white opening (\(opening)), the old rule's frame")
    }

    func writeFirstRendition(_ rendered: RenderedImage, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/poster-\(UUID().uuidString).jpg"
        try Data(try #require(rendered.renditions.first?.bytes)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The mean of a JPEG rendition's bytes' decoded luma, measured by ffmpeg.
    func meanOfFirstRendition(_ rendered: RenderedImage) throws -> Double {
        let bytes = try #require(rendered.renditions.first?.bytes)
        let folder = try TemporaryFolder()
        let path = folder.path + "/r.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try VideoClips.meanLuma(path)
    }
}
