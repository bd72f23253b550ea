import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenVideo
import Testing

@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed"))
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
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.rotated, VideoFixtures.request, VideoItemOptions())
        #expect(rendered.width == 240 && rendered.height == 320)
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
