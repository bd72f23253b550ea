import Testing
@testable import GalgenCore

@Suite("Planner and rendition widths")
struct PlannerTests {
    @Test func singleAlbumStemsAndRequest() throws {
        let gallery = try #require(parseGallery(
            "thumbnails:\n  widths: [800, 300]\n  quality: 70\nimages:\n  - beach.jpg\n  - src: dunes.jpg\n    slug: dunes-at-dusk\n"))
        let plan = Planner.plan(gallery)
        #expect(plan.sources.map(\.outputStem) == ["images/beach", "images/dunes-at-dusk"])
        #expect(plan.sources.map(\.location) == [at(5, 5), at(6, 5)])
        #expect(plan.sources.map(\.source) == gallery.allImages.map(\.source))
        #expect(plan.request == RenditionRequest(widths: [300, 800], quality: 70, formats: RenditionRequest.defaultFormats))
    }

    @Test func defaultRequest() {
        #expect(Planner.plan(Gallery(title: "x")).request
                == RenditionRequest(widths: [320, 640, 1080, 1920], quality: 82, formats: RenditionRequest.defaultFormats))
    }

    @Test func albumStemsIncludeTheAlbumSlug() throws {
        let gallery = try #require(parseGallery(
            "albums:\n  - title: Day One\n    images: [a.jpg, b.jpg]\n  - title: Night\n    slug: night_2\n    images: [c.jpg]\n"))
        #expect(Planner.plan(gallery).sources.map(\.outputStem) == ["images/day-one/a", "images/day-one/b", "images/night_2/c"])
    }

    @Test func sameSourceListedTwiceIsPlannedOnce() throws {
        let gallery = try #require(parseGallery("images:\n  - a.jpg\n  - src: a.jpg\n    title: Again\n  - b.jpg\n"))
        #expect(gallery.allImages.map(\.slug) == ["a", "again", "b"])
        let plan = Planner.plan(gallery)
        #expect(plan.sources.map(\.outputStem) == ["images/a", "images/b"])
        #expect(plan.sources.first?.location == at(2, 5))
    }

    @Test func sameSourceInTwoAlbumsIsPlannedOnceUnderTheFirst() throws {
        let gallery = try #require(parseGallery(
            "albums:\n  - title: One\n    images: [a.jpg]\n  - title: Two\n    images: [a.jpg, b.jpg]\n"))
        let plan = Planner.plan(gallery)
        #expect(plan.sources.map(\.outputStem) == ["images/one/a", "images/two/b"])
    }

    @Test func plannedLooksUpBySource() {
        let gallery = Fixture.singleAlbum([Fixture.image("a"), Fixture.image("b")])
        let plan = Planner.plan(gallery)
        #expect(plan.planned(Fixture.image("b").source)?.outputStem == "images/b")
        #expect(plan.planned(.local(written: "x.jpg", resolved: "/site/x.jpg")) == nil)
        #expect(plan.planned(.remote("https://example.com/a.jpg")) == nil)
    }

    @Test func emptyGalleryPlansNothing() throws {
        #expect(Planner.plan(Gallery(title: "x")).sources.isEmpty)
        #expect(Planner.plan(try #require(parseGallery("images: []\n"))).sources.isEmpty)
        #expect(Planner.plan(try #require(parseGallery("albums:\n  - title: A\n"))).sources.isEmpty)
    }

    @Test
    func sameFileWrittenDifferentlyIsPlannedOnce() throws {
        let gallery = try #require(parseGallery("images:\n  - photos/a.jpg\n  - ./photos/a.jpg\n  - photos/../photos/a.jpg\n"))
        #expect(Planner.plan(gallery).sources.count == 1)
    }

    @Test
    func outputStemsAreUniqueIgnoringCase() throws {
        let gallery = try #require(parseGallery("images:\n  - src: a.jpg\n    slug: Beach\n  - src: b.jpg\n    title: beach\n"))
        let stems = Planner.plan(gallery).sources.map(\.outputStem)
        #expect(Set(stems.map { $0.lowercased() }).count == stems.count, "\(stems)")
    }

    @Test func renditionNaming() {
        let digest = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b"
        #expect(OutputLayout.rendition(stem: "images/day-one/a", width: 400, digest: digest) == "images/day-one/a-400.1a2b3c4d.jpg")
        // The fingerprint is the start of the SHA-256 of the file's bytes.
        #expect(ContentHash.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.fingerprint(ContentHash.hex(Array("abc".utf8))) == "ba7816bf")
        #expect(Rendition(width: 400, height: 266, jpeg: Array("abc".utf8)).digest == ContentHash.hex(Array("abc".utf8)))
        #expect(Rendition(width: 400, height: 266, jpeg: Array("abc".utf8)).byteCount == 3)
    }

    @Test("Widths never upscale", arguments: [
        ([400, 1600], 1000, [400, 1000]),
        ([400, 1600], 300, [300]),
        ([400, 1600], 400, [400]),
        ([400, 1600], 401, [400, 401]),
        ([400, 1600], 1600, [400, 1600]),
        ([400, 1600], 4000, [400, 1600]),
        ([1600, 400], 1000, [400, 1000]),
        ([400, 800, 1600], 800, [400, 800]),
        ([400, 1600, 2400], 1000, [400, 1000]),
        ([400, 400], 4000, [400]),
        ([], 1000, []),
    ])
    func widths(_ requested: [Int], _ sourceWidth: Int, _ expected: [Int]) {
        #expect(RenditionWidths.widths(requested: requested, sourceWidth: sourceWidth) == expected)
    }

    @Test("Widths are sorted, unique, and capped at the source", arguments: [1, 15, 399, 400, 401, 999, 1600, 1601, 5000])
    func widthsInvariants(_ sourceWidth: Int) {
        let requested = [1600, 400, 800]
        let widths = RenditionWidths.widths(requested: requested, sourceWidth: sourceWidth)
        #expect(widths == Array(Set(widths)).sorted())
        #expect(widths.allSatisfy { $0 <= sourceWidth })
        #expect(widths.last == min(sourceWidth, 1600))
        #expect(widths.dropLast().allSatisfy { requested.contains($0) })
    }
}
