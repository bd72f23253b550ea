import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("Presenter")
struct PresenterTests {
    let a = Fixture.image("a"), b = Fixture.image("b", caption: "Boats", alt: "Two boats"), c = Fixture.image("c")

    /// Where `Fixture.rendered(_:)` (tag "x") puts image a's rendition `width` wide.
    static func aPath(_ width: Int) -> String { Fixture.imagePath("images/a", width, tag: "x") }

    @Test func singleAlbumIsAnOverviewAndAPagePerPhoto() throws {
        let pages = Fixture.present(Fixture.singleAlbum([a, b, c], description: "Days at sea"))
        #expect(pages.map(\.path) == ["index.html", "a/index.html", "b/index.html", "c/index.html"])
        #expect(pages.map(\.kind) == [.overview, .photo, .photo, .photo])
        #expect(pages.map(\.root) == ["", "../", "../", "../"])
        let overview = pages[0]
        #expect((overview.galleryTitle, overview.title, overview.documentTitle) == ("Summer", "Summer", "Summer"))
        #expect(overview.description == "Days at sea")
        #expect(overview.parentLink == nil)
        #expect(overview.generator == "galgen test")
        #expect(overview.hasImages && overview.albumList == nil && !overview.useThumbnailSegments)
        #expect(overview.overview?.photoCount == "3 photos" && overview.overview?.pagination == nil)
        #expect(overview.overview?.rows.flatMap(\.tiles).map(\.href) == ["a/index.html", "b/index.html", "c/index.html"])
        #expect(overview.overview?.rows.flatMap(\.tiles).map(\.id) == ["grid.a", "grid.b", "grid.c"])
        #expect(pages.photos.map(\.slug) == ["a", "b", "c"])
        #expect(pages.photos.map(\.tabID) == ["tab.a", "tab.b", "tab.c"])
        #expect(pages.photos.map(\.position) == ["1 of 3", "2 of 3", "3 of 3"])
        let second = pages[2]
        #expect(second.documentTitle == "B — Summer")
        #expect(second.photoPage?.segments.map(\.href) == ["../a/index.html", "../b/index.html", "../c/index.html"])
        #expect(second.photoPage?.segments.map(\.ariaSelected) == ["false", "true", "false"])
        #expect(second.photoPage?.segments.map(\.positionInAlbum) == [1, 2, 3] && second.photoPage?.segments.allSatisfy { $0.albumSize == 3 } == true)
        #expect(second.photoPage?.previousPhoto == AlbumNavLink(title: "A", href: "../a/index.html"))
        #expect(second.photoPage?.nextPhoto == AlbumNavLink(title: "C", href: "../c/index.html"))
        #expect(pages[1].photoPage?.previousPhoto == nil && pages[3].photoPage?.nextPhoto == nil)
        #expect(second.photoPage?.overviewLink == "../index.html#grid.b" && second.photoPage?.overviewLabel == "All 3 photos")
    }

    @Test func aLargeAlbumShowsAWindowOfSegmentsAndPagesItsOverview() throws {
        let images = (0..<250).map { Fixture.image("p\($0)") }
        let pages = Fixture.present(Fixture.singleAlbum(images))
        #expect(pages.filter { $0.kind == .overview }.map(\.path) == ["index.html", "page/2/index.html", "page/3/index.html"])
        #expect(pages.filter { $0.kind == .photo }.count == 250)
        let first = try #require(pages[path: "p0/index.html"]), middle = try #require(pages[path: "p120/index.html"])
        let last = try #require(pages[path: "p249/index.html"])
        #expect(first.photoPage?.segments.map(\.positionInAlbum) == Array(1...11))
        #expect(middle.photoPage?.segments.map(\.positionInAlbum) == Array(116...126))
        #expect(last.photoPage?.segments.map(\.positionInAlbum) == Array(240...250))
        #expect(middle.photoPage?.segments.filter(\.isSelected).map(\.title) == ["P120"])
        #expect(middle.useThumbnailSegments)
        // Photo 120 is on the overview's second page, at its tile.
        #expect(middle.photoPage?.overviewLink == "../page/2/index.html#grid.p120" && middle.photoPage?.overviewLabel == "All 250 photos")
        let second = try #require(pages[path: "page/2/index.html"])
        #expect(second.overview?.rows.flatMap(\.tiles).count == 100)
        #expect(second.overview?.rows.flatMap(\.tiles).first?.href == "../../p100/index.html")
        #expect(second.documentTitle == "Summer — page 2 of 3")
        #expect(second.overview?.photoCount == "Photos 101–200 of 250")
        #expect(second.overview?.pagination?.previous == "../../index.html" && second.overview?.pagination?.next == "../../page/3/index.html")
        #expect(second.overview?.pagination?.numbers.map(\.number) == [1, 2, 3])
        #expect(second.overview?.pagination?.numbers.map(\.isCurrent) == [false, true, false])
    }

    @Test func cameraFactsBecomeOneLineAndNothingWhenUnknown() {
        let facts = PhotoFacts(takenAt: "2019:05:04 12:30:59", make: "Canon", model: "Canon EOS 5D",
                               exposureTime: .init(1, 250), fNumber: 8, iso: 100, focalLength: 35)
        let line = Presenter.factsLine(facts)
        #expect(line?.hasPrefix("2019-05-04 12:30 · Canon EOS 5D") == true)
        #expect(line?.contains("1/250 s") == true && line?.contains("ISO 100") == true)
        #expect(Presenter.factsLine(PhotoFacts()) == nil)
    }

    @Test func eachPagesPhotoLoadsAtOnce() {
        let images = Fixture.present(Fixture.singleAlbum([a, b, c])).photos
        #expect(images.map(\.loading) == ["eager", "eager", "eager"])
        #expect(images.map(\.isFirst) == [true, true, true])
    }

    @Test func srcsetListsEveryWidthSmallestFirst() throws {
        let gallery = Fixture.singleAlbum([a])
        let pages = Fixture.present(gallery, rendered: [a.source: Fixture.rendered([1600, 400, 1000])])
        let image = try #require(pages.photos.first)
        let path = { (width: Int) in "../" + Self.aPath(width) }
        #expect(image.srcset == "\(path(400)) 400w, \(path(1000)) 1000w, \(path(1600)) 1600w")
        #expect(path(1000).hasPrefix("../images/a-1000.") && path(1000).hasSuffix(".jpg"))
        // 1600 × 1066: in a window wider in proportion than 1.501, the photo's height is the limit.
        #expect(image.sizes == "(min-aspect-ratio: 1501/1000) calc((100vh - 12rem) * 1.501), (min-width: 1100px) 1040px, calc(100vw - 2rem)")
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
        #expect(pages.photos.first?.src == "../" + Self.aPath(srcWidth))
    }

    @Test func textFields() {
        let decorative = Fixture.image("d", alt: "")
        let images = Fixture.present(Fixture.singleAlbum([a, b, decorative])).photos
        #expect(images.map(\.title) == ["A", "B", "D"])
        #expect(images.map(\.alt) == ["A", "Two boats", ""])
        #expect(images.map(\.caption) == [nil, "Boats", nil])
    }

    @Test("Images that failed are left out", arguments: [["b"], ["a"], ["a", "c"]])
    func failedImagesAreOmitted(_ failing: Set<String>) {
        let gallery = Fixture.singleAlbum([a, b, c])
        let pages = Fixture.present(gallery, rendered: Fixture.renderAll(gallery, failing: failing))
        let shown = ["a", "b", "c"].filter { !failing.contains($0) }
        #expect(pages.photos.map(\.slug) == shown)
        #expect(pages.map(\.path) == ["index.html"] + shown.map { "\($0)/index.html" })
        #expect(pages.photos.last?.position == "\(shown.count) of \(shown.count)")
    }

    @Test func imagesWithoutRenditionsAreOmitted() {
        let gallery = Fixture.singleAlbum([a, b])
        let rendered = [a.source: RenderedImage(width: 10, height: 10, renditions: []), b.source: Fixture.rendered([400])]
        #expect(Fixture.present(gallery, rendered: rendered).photos.map(\.slug) == ["b"])
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
        #expect(pages.map(\.path) == ["index.html", "day-one/index.html", "day-one/a/index.html", "day-one/b/index.html",
                                       "night/index.html", "night/c/index.html", "empty/index.html"])
        #expect(pages.map(\.kind) == [.albums, .overview, .photo, .photo, .overview, .photo, .overview])
        #expect(pages.map(\.root) == ["", "../", "../../", "../../", "../", "../../", "../"])
        #expect(pages.map(\.parentLink) == [nil, "../index.html", "../../index.html", "../../index.html", "../index.html",
                                             "../../index.html", "../index.html"])
        let index = pages[0]
        #expect(index.albumList?.hasAlbums == true && !index.hasImages && index.photoPage == nil)
        #expect(index.albumList?.albums.map(\.href) == ["day-one/index.html", "night/index.html", "empty/index.html"])
        #expect(index.albumList?.albums.map(\.count) == ["2 photos", "1 photo", "0 photos"])
        #expect(index.albumList?.albums.map(\.summary) == ["Arrival", nil, nil])
        let dayA = { (width: Int) in Fixture.imagePath("images/day-one/a", width, tag: "a") }
        let dayB = { (width: Int) in Fixture.imagePath("images/day-one/b", width, tag: "b") }
        #expect(index.albumList?.albums[0].cover == CoverViewModel(src: dayA(400), width: 400, height: 266, alt: "A"))
        #expect(index.albumList?.albums[2].cover == nil)
        let day = pages[1]
        #expect((day.title, day.documentTitle, day.galleryTitle) == ("Day One", "Day One — Trips", "Trips"))
        #expect(day.description == "Arrival")
        #expect(pages.photos(in: "day-one/").map(\.src) == ["../../" + dayA(1600), "../../" + dayB(1600)])
        #expect(pages.photos(in: "day-one/")[0].srcset == "../../\(dayA(400)) 400w, ../../\(dayA(1600)) 1600w")
        #expect(pages.photos(in: "day-one/")[0].largestHref == "../../" + dayA(1600))
        #expect(day.overview?.rows.flatMap(\.tiles).map(\.src) == ["../" + dayA(400), "../" + dayB(400)])
        #expect(pages[2].documentTitle == "A — Day One — Trips")
        #expect(pages[6].hasImages == false)
        // Each album's overview links its neighbours; the index and photo pages link none.
        #expect(pages.map(\.overview?.previousAlbum?.href) == [nil, nil, nil, nil, "../day-one/index.html", nil, "../night/index.html"])
        #expect(pages.map(\.overview?.nextAlbum?.title) == [nil, "Night", nil, nil, "Empty", nil, nil])
    }

    @Test func albumsWithoutAnyAlbum() {
        let pages = Fixture.present(Fixture.albums([]))
        #expect(pages.map(\.path) == ["index.html"])
        #expect(pages.first?.albumList?.hasAlbums == false)
    }

    @Test func imageSharedByTwoAlbumsLinksToItsOnlyFiles() {
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: [a]), Album(title: "Two", slug: "two", images: [a])])
        let pages = Fixture.present(gallery)
        let oneA = { (width: Int) in Fixture.imagePath("images/one/a", width, tag: "a") }
        #expect(pages.photos(in: "two/").first?.src == "../../" + oneA(1600))
        #expect(pages[0].albumList?.albums.map { $0.cover?.src } == [oneA(400), oneA(400)])
    }

    @Test("URLPath.escape", arguments: [
        ("images/a-400.jpg", "images/a-400.jpg"), ("images/a b.jpg", "images/a%20b.jpg"), ("é", "%C3%A9"),
        ("a%b", "a%25b"), ("a\"b<c>", "a%22b%3Cc%3E"), ("a?b#c&d", "a%3Fb%23c%26d"), ("~_.-", "~_.-"), ("\n", "%0A"),
    ])
    func urlPathEscape(_ path: String, _ escaped: String) {
        #expect(URLPath.escape(path) == escaped)
    }
}

@Suite("Presenter counts")
struct PresenterCountTests {
    @Test("Counts read as words with grouped thousands", arguments: [
        (0, "0 photos"), (1, "1 photo"), (2, "2 photos"), (999, "999 photos"), (1000, "1,000 photos"),
        (3000, "3,000 photos"), (1_234_567, "1,234,567 photos"),
    ])
    func counts(_ count: Int, _ text: String) {
        #expect(Presenter.photos(count) == text)
    }
}
