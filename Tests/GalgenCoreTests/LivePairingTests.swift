import Testing
@testable import GalgenCore

/// `LivePairing`: a Live Photo whose still and motion are named apart is one item once every
/// item is looked up, album by album, and a video that left every album is a motion only.
@Suite("Live Photos named apart, paired by their content identifier")
struct LivePairingTests {
    static func image(_ name: String) -> GalleryImage {
        GalleryImage(source: .local(written: name, resolved: "/g/" + name), title: name, slug: name,
                     location: SourceLocation(file: "gallery.yml", line: 1, column: 1))
    }

    static let still = image("IMG_1234.JPG"), movie = image("IMG_1234 (1).MOV"), other = image("other.mov")
    static let plain = image("plain.jpg"), secondStill = image("IMG_1234 copy.JPG")

    /// What the build knows of each item: the still and the movie share an identifier.
    static func identity(_ source: ImageSource) -> LivePairing.Identity? {
        switch source {
        case still.source, secondStill.source: LivePairing.Identity(contentIdentifier: "A", isVideo: false)
        case movie.source: LivePairing.Identity(contentIdentifier: "A", isVideo: true)
        case other.source: LivePairing.Identity(contentIdentifier: nil, isVideo: true)
        case plain.source: LivePairing.Identity(contentIdentifier: nil, isVideo: false)
        default: nil
        }
    }

    static func gallery(_ albums: [[GalleryImage]], livePhotos: Bool = true) -> Gallery {
        var gallery = Gallery(title: "G", albums: albums.enumerated().map { Album(title: "A\($0.offset)", slug: "a\($0.offset)", images: $0.element) })
        gallery.thumbnails.video.livePhotos = livePhotos
        return gallery
    }

    @Test func theStillGainsTheMovieAndTheMovieLeavesTheAlbum() {
        let (paired, motions) = LivePairing.pair(Self.gallery([[Self.plain, Self.movie, Self.other, Self.still]]), identity: Self.identity)
        #expect(paired.albums[0].images.map(\.fileName) == ["plain.jpg", "other.mov", "IMG_1234.JPG"])
        #expect(paired.albums[0].images[2].motion == Self.movie.source)
        #expect(motions == [Self.movie.source])
    }

    @Test func oneMovieGoesToTheFirstStillOnly() {
        let (paired, _) = LivePairing.pair(Self.gallery([[Self.still, Self.secondStill, Self.movie]]), identity: Self.identity)
        #expect(paired.albums[0].images.map(\.motion) == [Self.movie.source, nil])
    }

    @Test func withoutLivePhotosTheStillStandsAloneAndTheMovieStillLeaves() {
        let (paired, motions) = LivePairing.pair(Self.gallery([[Self.still, Self.movie]], livePhotos: false), identity: Self.identity)
        #expect(paired.albums[0].images.map(\.fileName) == ["IMG_1234.JPG"] && paired.albums[0].images[0].motion == nil)
        #expect(motions == [Self.movie.source])
    }

    @Test func aMovieShownOnItsOwnInAnotherAlbumKeepsItsHeights() {
        let (paired, motions) = LivePairing.pair(Self.gallery([[Self.still, Self.movie], [Self.movie, Self.plain]]), identity: Self.identity)
        #expect(paired.albums[0].images.map(\.fileName) == ["IMG_1234.JPG"])
        #expect(paired.albums[1].images.map(\.fileName) == ["IMG_1234 (1).MOV", "plain.jpg"])
        #expect(motions.isEmpty, "it is still a video in the second album")
        let both = LivePairing.pair(Self.gallery([[Self.still, Self.movie], [Self.movie, Self.secondStill]]), identity: Self.identity)
        #expect(both.motions == [Self.movie.source])
    }

    @Test func aStillWithAMotionAlreadyOrAnItemNotLookedUpIsLeftAlone() {
        var named = Self.still
        named.motion = Self.other.source
        let (paired, motions) = LivePairing.pair(Self.gallery([[named, Self.movie, Self.image("failed.jpg")]]), identity: Self.identity)
        #expect(paired.albums[0].images.map(\.fileName) == ["IMG_1234.JPG", "IMG_1234 (1).MOV", "failed.jpg"])
        #expect(motions.isEmpty)
        let motionPhoto = LivePairing.pair(Self.gallery([[Self.still, Self.movie]])) { source in
            source == Self.still.source ? LivePairing.Identity(contentIdentifier: "A", isVideo: false, hasMotion: true) : Self.identity(source)
        }
        #expect(motionPhoto.motions.isEmpty && motionPhoto.gallery.albums[0].images.count == 2)
    }
}
