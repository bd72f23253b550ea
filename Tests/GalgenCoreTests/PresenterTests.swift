import Testing
@testable import GalgenCore

@Suite("Presenter")
struct PresenterTests {
    let a = Fixture.image("a"), b = Fixture.image("b", caption: "Boats", alt: "Two boats"), c = Fixture.image("c")

    /// Where `Fixture.rendered(_:)` (tag "x") puts image a's rendition `width` wide.
    static func aPath(_ width: Int) -> String { Fixture.imagePath("images/a", width, tag: "x") }

    @Test func singleAlbumPage() throws {
        let pages = Fixture.present(Fixture.singleAlbum([a, b, c], description: "Days at sea"))
        try #require(pages.count == 1)
        let page = pages[0]
        #expect(page.path == "index.html")
        #expect(page.template == "page")
        #expect(page.root == "")
        #expect((page.galleryTitle, page.title, page.documentTitle) == ("Summer", "Summer", "Summer"))
        #expect(page.description == "Days at sea")
        #expect(page.parentLink == nil)
        #expect(page.generator == "galgen test")
        #expect(page.hasImages && !page.hasAlbums && page.albums.isEmpty && !page.useThumbnailSegments)
        #expect(page.images.map(\.slug) == ["a", "b", "c"])
        #expect(page.images.map(\.tabID) == ["tab.a", "tab.b", "tab.c"])
        #expect(page.images.map(\.position) == ["1 of 3", "2 of 3", "3 of 3"])
    }

    @Test func cameraFactsBecomeOneLineAndNothingWhenUnknown() {
        let facts = PhotoFacts(takenAt: "2019:05:04 12:30:59", make: "Canon", model: "Canon EOS 5D",
                               exposureTime: .init(1, 250), fNumber: 8, iso: 100, focalLength: 35)
        let line = Presenter.factsLine(facts)
        #expect(line?.hasPrefix("2019-05-04 12:30 · Canon EOS 5D") == true)
        #expect(line?.contains("1/250 s") == true && line?.contains("ISO 100") == true)
        #expect(Presenter.factsLine(PhotoFacts()) == nil)
    }

    @Test func firstImageIsEagerOthersLazy() {
        let images = Fixture.present(Fixture.singleAlbum([a, b, c]))[0].images
        #expect(images.map(\.loading) == ["eager", "lazy", "lazy"])
        #expect(images.map(\.isFirst) == [true, false, false])
        #expect(images.map(\.ariaSelected) == ["true", "false", "false"])
    }

    @Test func srcsetListsEveryWidthSmallestFirst() throws {
        let gallery = Fixture.singleAlbum([a])
        let pages = Fixture.present(gallery, rendered: [a.source: Fixture.rendered([1600, 400, 1000])])
        let image = try #require(pages[0].images.first)
        let path = Self.aPath
        #expect(image.srcset == "\(path(400)) 400w, \(path(1000)) 1000w, \(path(1600)) 1600w")
        #expect(path(1000).hasPrefix("images/a-1000.") && path(1000).hasSuffix(".jpg"))
        #expect(image.sizes == Presenter.sizes)
        #expect(image.src == path(1000))
        #expect((image.width, image.height) == (1600, 1066))
        #expect((image.thumbnailSrc, image.thumbnailWidth, image.thumbnailHeight) == (path(400), 400, 266))
        #expect((image.largestHref, image.largestWidth, image.largestHeight) == (path(1600), 1600, 1066))
    }

    @Test("The main src is the first rendition at least 1000 wide, else the largest", arguments: [
        ([400, 1600], 1600), ([300, 600], 600), ([250], 250), ([400, 1000, 2000], 1000),
    ])
    func mainSource(_ widths: [Int], _ srcWidth: Int) {
        let pages = Fixture.present(Fixture.singleAlbum([a]), rendered: [a.source: Fixture.rendered(widths)])
        #expect(pages[0].images.first?.src == Self.aPath(srcWidth))
    }

    @Test func textFields() {
        let decorative = Fixture.image("d", alt: "")
        let images = Fixture.present(Fixture.singleAlbum([a, b, decorative]))[0].images
        #expect(images.map(\.title) == ["A", "B", "D"])
        #expect(images.map(\.alt) == ["A", "Two boats", ""])
        #expect(images.map(\.caption) == [nil, "Boats", nil])
    }

    @Test("Images that failed are left out", arguments: [["b"], ["a"], ["a", "c"]])
    func failedImagesAreOmitted(_ failing: Set<String>) {
        let gallery = Fixture.singleAlbum([a, b, c])
        let page = Fixture.present(gallery, rendered: Fixture.renderAll(gallery, failing: failing))[0]
        let shown = ["a", "b", "c"].filter { !failing.contains($0) }
        #expect(page.images.map(\.slug) == shown)
        #expect(page.images.map(\.loading) == ["eager"] + Array(repeating: "lazy", count: shown.count - 1))
        #expect(page.images.last?.position == "\(shown.count) of \(shown.count)")
    }

    @Test func imagesWithoutRenditionsAreOmitted() {
        let gallery = Fixture.singleAlbum([a, b])
        let rendered = [a.source: RenderedImage(width: 10, height: 10, renditions: []), b.source: Fixture.rendered([400])]
        #expect(Fixture.present(gallery, rendered: rendered)[0].images.map(\.slug) == ["b"])
    }

    @Test func emptyGalleryIsOnePageWithoutImages() {
        for gallery in [Gallery(title: "Empty"), Fixture.singleAlbum([], title: "Empty")] {
            let pages = Fixture.present(gallery)
            #expect(pages.map(\.path) == ["index.html"])
            #expect(pages.first?.hasImages == false)
            #expect(pages.first?.title == "Empty")
        }
        let allFailed = Fixture.present(Fixture.singleAlbum([a]), rendered: [:])
        #expect(allFailed.first?.hasImages == false)
    }

    @Test("More than five images switch to thumbnail segments", arguments: [0, 1, 5, 6, 12])
    func thumbnailSegments(_ count: Int) {
        let images = (0..<count).map { Fixture.image("i\($0)") }
        #expect(Fixture.present(Fixture.singleAlbum(images))[0].useThumbnailSegments == (count > 5))
    }

    @Test func albumsMakeAnIndexAndOnePagePerAlbum() throws {
        let gallery = Fixture.albums([
            Album(title: "Day One", slug: "day-one", description: "Arrival", images: [a, b]),
            Album(title: "Night", slug: "night", images: [c]),
            Album(title: "Empty", slug: "empty", images: []),
        ])
        let pages = Fixture.present(gallery)
        #expect(pages.map(\.path) == ["index.html", "day-one/index.html", "night/index.html", "empty/index.html"])
        #expect(pages.map(\.template) == ["albums", "page", "page", "page"])
        #expect(pages.map(\.root) == ["", "../", "../", "../"])
        #expect(pages.map(\.parentLink) == [nil, "../index.html", "../index.html", "../index.html"])
        let index = pages[0]
        #expect(index.hasAlbums && !index.hasImages && index.images.isEmpty)
        #expect(index.albums.map(\.href) == ["day-one/index.html", "night/index.html", "empty/index.html"])
        #expect(index.albums.map(\.count) == ["2 photos", "1 photo", "0 photos"])
        #expect(index.albums.map(\.summary) == ["Arrival", nil, nil])
        let dayA = { (width: Int) in Fixture.imagePath("images/day-one/a", width, tag: "a") }
        let dayB = { (width: Int) in Fixture.imagePath("images/day-one/b", width, tag: "b") }
        #expect(index.albums[0].cover == CoverViewModel(src: dayA(400), width: 400, height: 266, alt: "A"))
        #expect(index.albums[2].cover == nil)
        let day = pages[1]
        #expect((day.title, day.documentTitle, day.galleryTitle) == ("Day One", "Day One — Trips", "Trips"))
        #expect(day.description == "Arrival")
        #expect(day.images.map(\.src) == ["../" + dayA(1600), "../" + dayB(1600)])
        #expect(day.images[0].srcset == "../\(dayA(400)) 400w, ../\(dayA(1600)) 1600w")
        #expect(day.images[0].largestHref == "../" + dayA(1600))
        #expect(pages[3].hasImages == false)
        // Each album page links its neighbours; the index links none.
        #expect(pages.map(\.previousAlbum?.href) == [nil, nil, "../day-one/index.html", "../night/index.html"])
        #expect(pages.map(\.nextAlbum?.title) == [nil, "Night", "Empty", nil])
    }

    @Test func albumsWithoutAnyAlbum() {
        let pages = Fixture.present(Fixture.albums([]))
        #expect(pages.map(\.path) == ["index.html"])
        #expect(pages.first?.hasAlbums == false)
    }

    @Test func imageSharedByTwoAlbumsLinksToItsOnlyFiles() {
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: [a]), Album(title: "Two", slug: "two", images: [a])])
        let pages = Fixture.present(gallery)
        let oneA = { (width: Int) in Fixture.imagePath("images/one/a", width, tag: "a") }
        #expect(pages[2].images.first?.src == "../" + oneA(1600))
        #expect(pages[0].albums.map { $0.cover?.src } == [oneA(400), oneA(400)])
    }

    @Test("URLPath.escape", arguments: [
        ("images/a-400.jpg", "images/a-400.jpg"), ("images/a b.jpg", "images/a%20b.jpg"), ("é", "%C3%A9"),
        ("a%b", "a%25b"), ("a\"b<c>", "a%22b%3Cc%3E"), ("a?b#c&d", "a%3Fb%23c%26d"), ("~_.-", "~_.-"), ("\n", "%0A"),
    ])
    func urlPathEscape(_ path: String, _ escaped: String) {
        #expect(URLPath.escape(path) == escaped)
    }
}
