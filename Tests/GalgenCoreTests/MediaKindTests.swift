@testable import GalgenCore
import Testing

/// The stages after rendering ask an item its kind, which comes from its format's row.
struct MediaKindTests {
    @Test(arguments: ImageFormat.allCases)
    func aRenderedItemIsOfItsFormatsKind(format: ImageFormat) {
        let rendered = RenderedImage(width: 4, height: 3, renditions: [], sourceFormat: format)
        #expect(rendered.kind == format.identity.mediaKind)
    }

    /// A rendered video carries its details; a photo none.
    @Test func anItemWithVideoDetailsIsAVideo() {
        var rendered = RenderedImage(width: 4, height: 3, renditions: [], sourceFormat: .jpeg)
        #expect(rendered.kind == .photo)
        rendered.media = .video(VideoDetails(duration: 1, width: 4, height: 3, codec: "h264", hasAudio: false))
        #expect(rendered.kind == .video)
    }

    /// A record kept before galgen noted the source's format was a photo's: nothing else was rendered.
    @Test func aRecordWithoutItsFormatIsAPhoto() {
        #expect(RenderedImage(width: 4, height: 3, renditions: [], sourceFormat: nil).kind == .photo)
    }

    /// Each item of an album gets the page of its kind, after the album's overview pages.
    @Test func eachPhotoOfAnAlbumGetsAPhotoPage() {
        let gallery = Fixture.singleAlbum([Fixture.image("a"), Fixture.image("b"), Fixture.image("c")])
        let kinds = Fixture.present(gallery).map(\.kind)
        #expect(kinds.filter { $0 == .photo }.count == 3)
        #expect(kinds.first == .overview)
    }
}
