import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// An item is one value after rendering (`ItemMedia`): a photo, a video or a live item, kept in
/// records under the keys records had before, and shown the way the pairing stage paired it.
struct ItemMediaTests {
    static let details = VideoDetails(duration: 2, width: 640, height: 360, codec: "h264", hasAudio: false)
    static func file(_ codec: VideoCodec, height: Int) -> VideoFile {
        VideoFile(codec: codec, width: height * 16 / 9, height: height, digest: "\(codec)\(height)", byteCount: 10, path: "/store/\(height)")
    }

    static func roundTrip(_ image: RenderedImage) throws -> (RenderedImage, [String: Any]) {
        let data = try JSONEncoder().encode(image)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try JSONDecoder().decode(RenderedImage.self, from: data), object)
    }

    @Test func aVideoIsKeptUnderItsOldKeyWithoutItsFiles() throws {
        var image = RenderedImage(width: 640, height: 360, renditions: [])
        var details = Self.details
        details.files = [Self.file(.h264, height: 360)]
        image.media = .video(details)
        let (read, object) = try Self.roundTrip(image)
        #expect(object["video"] != nil && object["embeddedVideo"] == nil)
        #expect(read.kind == .video)
        details.files = []
        #expect(read.media == .video(details))
    }

    @Test func aMotionPhotoKeepsWhereItsMP4IsAndNeverItsMadeMotion() throws {
        var image = RenderedImage(width: 640, height: 360, renditions: [], sourceFormat: .jpeg)
        image.media = .photo(embeddedMotion: 100..<900)
        #expect(try Self.roundTrip(image).0.media == .photo(embeddedMotion: 100..<900))
        image.media = .live(LiveMotion(details: Self.details, origin: .embedded(100..<900)))
        let (read, object) = try Self.roundTrip(image)
        #expect(object["video"] == nil)
        #expect(read.media == .photo(embeddedMotion: 100..<900))
        #expect(read.kind == .photo)
        let paired = LiveMotion(details: Self.details, origin: .movie(.local(written: "a.mov", resolved: "/a.mov")))
        image.media = .live(paired)
        #expect(try Self.roundTrip(image).0.media == .photo())
    }

    @Test func aRecordFromBeforeTheItemValueReadsAsItWasWritten() throws {
        let old = #"{"width":4,"height":3,"renditions":[],"warnings":[],"facts":{},"embeddedVideo":[5,50]}"#
        #expect(try JSONDecoder().decode(RenderedImage.self, from: Data(old.utf8)).media == .photo(embeddedMotion: 5..<50))
        let video = #"{"width":4,"height":3,"renditions":[],"warnings":[],"facts":{},"video":{"duration":1,"width":4,"height":3,"codec":"h264","hasAudio":false,"isMotion":false,"matrix":"bt709"}}"#
        let read = try JSONDecoder().decode(RenderedImage.self, from: Data(video.utf8))
        #expect(read.media.video?.width == 4 && read.kind == .video)
    }

    @Test func anMP4GoesToTheVideoOrTheMotionAndNowhereElse() {
        let mp4 = Self.file(.h264, height: 240)
        var video = ItemMedia.video(Self.details)
        let videoTakesItsOwn = video.add(mp4, isMotion: false), videoTakesAMotion = video.add(mp4, isMotion: true)
        #expect(videoTakesItsOwn && !videoTakesAMotion && video.video?.files == [mp4])
        var live = ItemMedia.live(LiveMotion(details: Self.details, origin: .embedded(0..<10)))
        let liveTakesAMotion = live.add(mp4, isMotion: true), liveTakesAVideo = live.add(mp4, isMotion: false)
        #expect(liveTakesAMotion && !liveTakesAVideo && live.motion?.details.files == [mp4])
        var photo = ItemMedia.photo(embeddedMotion: 0..<10)
        let photoTakesAMotion = photo.add(mp4, isMotion: true)
        #expect(!photoTakesAMotion && photo == .photo(embeddedMotion: 0..<10))
    }

    @Test func aMotionPlaysItsSmallestH264() {
        var details = Self.details
        details.files = [Self.file(.av1, height: 144), Self.file(.h264, height: 480), Self.file(.h264, height: 240)]
        #expect(LiveMotion(details: details, origin: .embedded(0..<1)).file?.height == 240)
        details.files = [Self.file(.av1, height: 144)]
        #expect(LiveMotion(details: details, origin: .embedded(0..<1)).file?.codec == .av1)
        details.files = []
        #expect(LiveMotion(details: details, origin: .embedded(0..<1)).file == nil)
    }

    /// The presenter pairs nothing: a still is live where the pairing stage gave it a movie (in
    /// that album), and as it was made anywhere else.
    @Test func aStillIsLiveWhereItWasPairedAndAPhotoElsewhere() {
        let movie = ImageSource.local(written: "photos/a.mov", resolved: "/site/photos/a.mov")
        var paired = Fixture.image("a")
        paired.motion = movie
        let alone = Fixture.image("a")
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: [paired]), Album(title: "Two", slug: "two", images: [alone])])
        let plan = Planner.plan(gallery)
        var details = Self.details
        details.isMotion = true
        details.files = [Self.file(.h264, height: 360)]
        var movieRecord = Fixture.rendered([400])
        movieRecord.media = .video(details)
        let still = Fixture.rendered([400])
        let rendered = { (source: ImageSource) in source == movie ? movieRecord : still }
        #expect(Presenter.media(of: paired, still, plan: plan, rendered: rendered) == .live(LiveMotion(details: details, origin: .movie(movie))))
        #expect(Presenter.media(of: alone, still, plan: plan, rendered: rendered) == .photo())
        let entry = Presenter.shownEntry(paired, gallery: gallery, plan: plan, rendered: rendered)
        #expect(entry?.motion?.path == plan.planned(movie)?.path(of: details.files[0]))
        #expect(entry?.motion?.path.hasSuffix(".mp4") == true)
    }
}
