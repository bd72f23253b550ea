import Testing
@testable import GalgenCore

/// Pairs by name, in the folder walk: the same rule as pairs by content identifier
/// (`LivePairing.pair(_:livePhotos:candidates:)`), with the folder and the name as the key; and a
/// video's poster named after it.
struct MediaPairingTests {
    static func local(_ path: String) -> GalleryImage {
        let name = String(path.split(separator: "/").last!)
        return GalleryImage(source: .local(written: path, resolved: "/g/" + path), title: name, slug: name.lowercased(), location: Fixture.location())
    }

    static func names(_ images: [GalleryImage]) -> [String] { images.map(\.title) }

    @Test func aStillTakesTheMovieOfItsNameInItsFolderWhateverTheCase() {
        let paired = MediaPairing.pair([Self.local("a/IMG_1.HEIC"), Self.local("b/IMG_1.MOV"), Self.local("a/img_1.mov")], livePhotos: true)
        #expect(Self.names(paired) == ["IMG_1.HEIC", "IMG_1.MOV"])
        #expect(paired[0].motion == Self.local("a/img_1.mov").source)
        #expect(paired[1].motion == nil)
    }

    @Test func eachMovieIsTakenOnceAndTheFirstOfANameWins() {
        let paired = MediaPairing.pair([Self.local("IMG_1.MOV"), Self.local("IMG_1.mp4"), Self.local("IMG_1.JPG"), Self.local("IMG_1.HEIC")],
                                       livePhotos: true)
        #expect(Self.names(paired) == ["IMG_1.mp4", "IMG_1.JPG", "IMG_1.HEIC"])
        #expect(paired[1].motion == Self.local("IMG_1.MOV").source)
        #expect(paired[2].motion == nil)
    }

    @Test func withoutLivePhotosTheMovieLeavesAndTheStillStaysStill() {
        let paired = MediaPairing.pair([Self.local("IMG_1.HEIC"), Self.local("IMG_1.MOV")], livePhotos: false)
        #expect(Self.names(paired) == ["IMG_1.HEIC"] && paired[0].motion == nil)
    }

    @Test func aPosterNamedAfterItsVideoBecomesItsPosterAndNoStill() {
        let paired = MediaPairing.pair([Self.local("clip.mp4.jpg"), Self.local("clip.mp4"), Self.local("clip.jpg")], livePhotos: true)
        #expect(Self.names(paired) == ["clip.jpg"])
        #expect(paired[0].motion == Self.local("clip.mp4").source)
        let alone = MediaPairing.pair([Self.local("clip.mp4.jpg"), Self.local("clip.mp4")], livePhotos: true)
        #expect(Self.names(alone) == ["clip.mp4"] && alone[0].posterPath == "/g/clip.mp4.jpg")
    }

    @Test func remoteItemsAndStillsWithAMotionAreLeftAsTheyAre() {
        var still = Self.local("IMG_1.HEIC")
        still.motion = Self.local("other.mov").source
        let remote = GalleryImage(source: .remote("https://example.com/IMG_1.MOV"), title: "remote", slug: "remote",
                                  location: Fixture.location())
        let paired = MediaPairing.pair([still, remote, Self.local("IMG_1.MOV")], livePhotos: true)
        #expect(Self.names(paired) == ["IMG_1.HEIC", "remote", "IMG_1.MOV"])
        #expect(paired[0].motion == Self.local("other.mov").source)
    }
}
