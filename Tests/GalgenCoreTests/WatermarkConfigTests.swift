@testable import GalgenBuild
@testable import GalgenCore
import Testing

/// `watermark:` in gallery.yml: read at every level, the nearest field winning, `false` for none;
/// the mark a source's renditions get is its most public listing's, and part of their key.
struct WatermarkConfigTests {
    static let mark = WatermarkImage(png: [0x89, 0x50, 0x4E, 0x47], digest: "d1")

    @Test func everyLevelIsReadAndFalseMeansNone() throws {
        let gallery = try #require(parseGallery("""
        title: T
        watermark: { image: brand/mark.svg, position: top-left, opacity: 0.6, width: 0.15, min_width: 1000, margin: 0.03 }
        albums:
          - title: Family
            watermark: false
            images:
              - src: a.jpg
                watermark: { image: other.png }
          - title: Trips
            watermark: { opacity: 0.3 }
            images: [b.jpg]
        """))
        #expect(gallery.watermark == WatermarkSettings(image: "brand/mark.svg", position: .topLeft, opacity: 0.6, width: 0.15,
                                                       minWidth: 1000, margin: 0.03))
        #expect(gallery.albums[0].watermark == .none && gallery.albums[0].images[0].watermark == WatermarkSettings(image: "other.png"))
        #expect(gallery.albums[1].watermark == WatermarkSettings(opacity: 0.3))
        #expect(try #require(parseGallery("images: [a.jpg]\n")).watermark == WatermarkSettings())
    }

    @Test("A wrong watermark says what and where", arguments: [
        ("watermark: true\n", "watermark"), ("watermark: { image: mark.jpg }\n", "image"),
        ("watermark: { image: m.png, position: bottom-rigth }\n", "bottom-right"), ("watermark: { image: m.png, opacity: 2 }\n", "opacity"),
        ("watermark: { image: m.png, width: 0 }\n", "width"), ("watermark: { image: m.png, min_width: -1 }\n", "min_width"),
        ("watermark: { image: m.png, size: 3 }\n", "size"),
    ])
    func wrongSettingsAreRefused(yaml: String, named: String) {
        let errors = parseErrors(yaml + "images: [a.jpg]\n")
        #expect(errors.count == 1 && errors.first?.description.contains(named) == true && errors.first?.location.line == 1, "\(errors)")
    }

    @Test func theNearestFieldWinsFalseLeavesItOutAndTheMostPublicListingDecides() throws {
        var family = Album(title: "Family", slug: "family", images: [Fixture.image("shared"), Fixture.image("kids")])
        family.watermark = .none
        family.unlisted = true
        var own = Fixture.image("shared")
        own.watermark = WatermarkSettings(position: .topLeft)
        var trips = Album(title: "Trips", slug: "trips", images: [own, Fixture.image("dunes")])
        trips.watermark = WatermarkSettings(opacity: 0.3)
        var gallery = Fixture.albums([family, trips])
        gallery.watermark = WatermarkSettings(image: "mark.png", width: 0.25)
        gallery.watermarkImages = ["mark.png": Self.mark]
        let plan = Planner.plan(gallery)
        func mark(_ slug: String) -> Watermark? { plan.sources.first { $0.source == Fixture.image(slug).source }?.watermark }
        #expect(mark("dunes") == Watermark(image: Self.mark, opacity: 0.3, width: 0.25))
        // Listed in the unlisted Family (no mark) and the public Trips: Trips' mark, with the photo's own position.
        #expect(mark("shared") == Watermark(image: Self.mark, position: .topLeft, opacity: 0.3, width: 0.25))
        #expect(mark("kids") == nil)
        let dunes = try #require(plan.sources.first { $0.source == Fixture.image("dunes").source })
        #expect(plan.request(for: dunes).watermark == dunes.watermark && plan.request.watermark == nil)
    }

    @Test func theMarkIsPartOfTheKeyAndAnUnmarkedKeyIsUnchanged() {
        let plain = RenditionRequest.galleryDefault
        var marked = plain
        marked.watermark = Watermark(image: Self.mark)
        let key = { (request: RenditionRequest) in RenditionKey.make(sourceDigest: "s", request: request, generator: "g", format: .jpeg) }
        #expect(key(plain) != key(marked))
        var otherBytes = marked
        otherBytes.watermark?.image.digest = "d2"
        var otherPlace = marked
        otherPlace.watermark?.position = .center
        var otherWidth = marked
        otherWidth.watermark?.minWidth = 1200
        #expect(Set([key(marked), key(otherBytes), key(otherPlace), key(otherWidth)]).count == 4)
        // The same mark and settings: the same key (nothing is made again).
        #expect(key(marked) == key({ var again = plain; again.watermark = Watermark(image: Self.mark); return again }()))
    }

    @Test func theMarkSitsInItsPlaceWithinTheMargin() {
        let picture = (width: 1000, height: 600), mark = (width: 200, height: 50)
        #expect(WatermarkPosition.bottomRight.origin(mark: mark, picture: picture, margin: 20) == (780, 530))
        #expect(WatermarkPosition.topLeft.origin(mark: mark, picture: picture, margin: 20) == (20, 20))
        #expect(WatermarkPosition.center.origin(mark: mark, picture: picture, margin: 20) == (400, 275))
        #expect(WatermarkPosition.top.origin(mark: mark, picture: picture, margin: 20) == (400, 20))
        #expect(WatermarkPosition.left.origin(mark: mark, picture: picture, margin: 20) == (20, 275))
    }
}
