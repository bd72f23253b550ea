import Testing
@testable import GalgenCore

/// `sort:` and the words shown for a photo, through the presenter.
@Suite("Order and words")
struct PhotoOrderTests {
    func image(_ name: String, modified: Int64? = nil) -> GalleryImage {
        var image = GalleryImage(source: .local(written: "photos/\(name)", resolved: "/site/photos/\(name)"),
                                 title: Slug.stem(ofPath: name), slug: Slug.make(from: Slug.stem(ofPath: name)), location: Fixture.location())
        image.titleGiven = false
        image.modified = modified
        return image
    }

    func rendered(_ captured: CaptureTime? = nil, words: EmbeddedWords = EmbeddedWords()) -> RenderedImage {
        var result = Fixture.rendered([400])
        result.metadata = PhotoMetadata(captured: captured, words: words)
        return result
    }

    func order(_ images: [GalleryImage], _ order: PhotoOrder, metadata: [String: CaptureTime] = [:]) -> [String] {
        var gallery = Fixture.singleAlbum(images)
        gallery.order = order
        var all: [ImageSource: RenderedImage] = [:]
        for image in images { all[image.source] = rendered(metadata[image.fileName]) }
        return Fixture.present(gallery, rendered: all).photos.map(\.title)
    }

    @Test func nameOrderIsNatural() {
        let images = ["IMG_10.jpg", "img_2.jpg", "IMG_1.jpg", "IMG_2.jpg"].map { image($0) }
        // Names equal but for case: the exact text decides, the same on every machine.
        #expect(order(images, PhotoOrder(.name)) == ["IMG_1", "IMG_2", "img_2", "IMG_10"])
        #expect(order(images, PhotoOrder(.manual)) == ["IMG_10", "img_2", "IMG_1", "IMG_2"])
        #expect(order(images, PhotoOrder(.manual, reverse: true)) == ["IMG_2", "IMG_1", "img_2", "IMG_10"])
    }

    @Test func dateOrderUsesCaptureTimeThenTheFileNameThenTheFileTime() throws {
        // 10:00 in Tokyo (+09:00) is 01:00 UTC: before 09:00 in Paris (+02:00, 07:00 UTC), though "later" on the clock.
        let tokyo = try #require(CaptureTime(year: 2024, month: 6, day: 12, hour: 10, offsetMinutes: 540))
        let paris = try #require(CaptureTime(year: 2024, month: 6, day: 12, hour: 9, offsetMinutes: 120))
        let images = [
            image("paris.jpg"), image("tokyo.jpg"), image("IMG_20240612_050000.jpg"),
            image("undated.jpg"), image("touched.jpg", modified: 1_718_172_000_000_000_000), // 2024-06-12 06:00 UTC
        ]
        let metadata = ["paris.jpg": paris, "tokyo.jpg": tokyo]
        var undated = images[3]
        undated.source = .remote("https://example.org/undated.jpg")
        let all = [images[0], images[1], images[2], undated, images[4]]
        #expect(order(all, PhotoOrder(.date), metadata: metadata) == ["tokyo", "IMG_20240612_050000", "touched", "paris", "undated"])
        // Reversed, the undated photo stays last.
        #expect(order(all, PhotoOrder(.date, reverse: true), metadata: metadata) == ["paris", "touched", "IMG_20240612_050000", "tokyo", "undated"])
    }

    @Test func equalTimesBreakByName() throws {
        let time = try #require(CaptureTime(year: 2020, month: 1, day: 1))
        let images = ["b10.jpg", "b9.jpg", "a.jpg"].map { image($0) }
        #expect(order(images, PhotoOrder(.date), metadata: ["b10.jpg": time, "b9.jpg": time, "a.jpg": time]) == ["a", "b9", "b10"])
    }

    @Test func anAlbumsOwnOrderWinsOverTheGallerys() {
        var gallery = Fixture.singleAlbum(["b.jpg", "a.jpg"].map { image($0) })
        gallery.order = PhotoOrder(.name)
        gallery.albums[0].order = PhotoOrder(.manual)
        #expect(Fixture.present(gallery).photos.map(\.title) == ["b", "a"])
    }

    @Test func wordsComeFromGalleryYmlThenSidecarThenMetadataThenTheFolder() {
        var listed = image("a.jpg")
        listed.title = "Listed"
        listed.titleGiven = true
        listed.caption = "From gallery.yml"
        listed.sidecar = SidecarWords(title: "Sidecar title", caption: "From the sidecar", alt: "Sidecar alt")
        var sidecar = image("b.jpg")
        sidecar.sidecar = SidecarWords(title: "Sidecar title", caption: "From the sidecar")
        sidecar.fallbackCaption = "Folder caption"
        var embedded = image("c.jpg")
        embedded.fallbackCaption = "Folder caption"
        embedded.fallbackAlt = "Folder alt"
        var bare = image("d.jpg")
        bare.fallbackCaption = "Folder caption"
        let words = EmbeddedWords(title: "XMP title", caption: "XMP caption", alt: "XMP alt")
        let gallery = Fixture.singleAlbum([listed, sidecar, embedded, bare])
        let all: [ImageSource: RenderedImage] = [
            listed.source: rendered(words: words), sidecar.source: rendered(words: words),
            embedded.source: rendered(words: words), bare.source: rendered(),
        ]
        let shown = Fixture.present(gallery, rendered: all).photos
        #expect(shown.map(\.title) == ["Listed", "Sidecar title", "XMP title", "d"])
        #expect(shown.map(\.caption) == ["From gallery.yml", "From the sidecar", "XMP caption", "Folder caption"])
        #expect(shown.map(\.alt) == ["Sidecar alt", "XMP alt", "XMP alt", "d"])
        // Slugs come from file names, never from words that may change.
        #expect(shown.map(\.slug) == ["a", "b", "c", "d"])
    }
}
