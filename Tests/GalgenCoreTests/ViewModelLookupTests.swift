import Mustache
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The `fields` lists, from which the Mustache lookups and the page key are made, must cover
/// every property the templates can use.
struct ViewModelLookupTests {
    func expectEveryPropertyIsReachable(_ model: some MustacheParent) {
        for child in Mirror(reflecting: model).children {
            guard let label = child.label else { continue }
            let isNil = Mirror(reflecting: child.value).displayStyle == .optional && Mirror(reflecting: child.value).children.isEmpty
            if isNil {
                #expect(model.child(named: label) == nil, "\(type(of: model)).\(label)")
            } else {
                #expect(model.child(named: label) != nil, "\(type(of: model)).\(label) is not looked up")
            }
        }
        #expect(model.child(named: "noSuchKey") == nil)
    }

    func expectFieldsListEveryProperty<Model: ViewModel>(_ model: Model) {
        let properties = Mirror(reflecting: model).children.compactMap(\.label)
        #expect(Model.fields.all.map(\.name) == properties, "\(Model.self).fields must name every stored property, in order")
    }

    /// Pages in which every kind of view model, and every optional property, appears.
    func presentedPages() -> [PageViewModel] {
        var tagged = Fixture.image("a", caption: "C")
        tagged.tags = ["Sea"]
        var gallery = Fixture.albums([Album(title: "Day", slug: "day", description: "D", images: [tagged]),
                                      Album(title: "Night", slug: "night", images: [Fixture.image("b")])])
        gallery.baseURL = "https://example.com/"
        let rendered = Fixture.withPlaces(&gallery, slugs: ["a"])
        return Fixture.present(gallery, rendered: rendered)
    }

    /// A page answers every property of its frame and of its body, by the name it has there.
    func expectEveryPropertyIsReachable(through page: PageViewModel) {
        for part in [page.frame, page.body.content] as [Any] {
            for child in Mirror(reflecting: part).children {
                guard let label = child.label else { continue }
                let isNil = Mirror(reflecting: child.value).displayStyle == .optional && Mirror(reflecting: child.value).children.isEmpty
                #expect((page.child(named: label) == nil) == isNil, "\(page.kind).\(label)")
            }
        }
        #expect(page.child(named: "template") as? String == page.kind.template)
        #expect(page.child(named: "noSuchKey") == nil)
    }

    @Test func everyViewModelPropertyIsLookedUp() throws {
        let pages = presentedPages()
        #expect(Set(pages.map(\.kind)) == Set(PageKind.allCases), "a page of every kind")
        for page in pages { expectEveryPropertyIsReachable(through: page) }
        let day = pages[1]
        for image in pages.photos { expectEveryPropertyIsReachable(image) }
        for photoPage in pages.compactMap(\.photoPage) {
            for segment in photoPage.segments { expectEveryPropertyIsReachable(segment) }
            if let next = photoPage.nextPhoto { expectEveryPropertyIsReachable(next) }
        }
        for row in pages.compactMap(\.overview).flatMap(\.rows) {
            expectEveryPropertyIsReachable(row)
            for tile in row.tiles { expectEveryPropertyIsReachable(tile) }
        }
        for album in pages[0].albumList?.albums ?? [] {
            expectEveryPropertyIsReachable(album)
            if let cover = album.cover { expectEveryPropertyIsReachable(cover) }
        }
        if let preview = day.preview { expectEveryPropertyIsReachable(preview) }
        if let next = day.overview?.nextAlbum { expectEveryPropertyIsReachable(next) }
        for link in day.feeds { expectEveryPropertyIsReachable(link) }
    }

    @Test func everyViewModelListsEachStoredPropertyOnceInOrder() throws {
        let pages = presentedPages()
        let day = try #require(pages[1].overview)
        let album = try #require(pages[0].albumList?.albums.first)
        expectFieldsListEveryProperty(pages[0].frame)
        expectFieldsListEveryProperty(try #require(pages[0].albumList))
        expectFieldsListEveryProperty(day)
        let photoPage = try #require(pages.lazy.compactMap(\.photoPage).first)
        expectFieldsListEveryProperty(photoPage)
        expectFieldsListEveryProperty(photoPage.photo)
        expectFieldsListEveryProperty(try #require(photoPage.segments.first))
        let row = try #require(day.rows.first)
        expectFieldsListEveryProperty(row)
        expectFieldsListEveryProperty(try #require(row.tiles.first))
        expectFieldsListEveryProperty(album)
        expectFieldsListEveryProperty(try #require(album.cover))
        expectFieldsListEveryProperty(try #require(pages[1].preview))
        expectFieldsListEveryProperty(try #require(day.nextAlbum))
        for page in pages {
            if case let .tag(body) = page.body { expectFieldsListEveryProperty(body) }
            if case let .tags(body) = page.body {
                expectFieldsListEveryProperty(body)
                expectFieldsListEveryProperty(try #require(body.tags.first))
                expectEveryPropertyIsReachable(try #require(body.tags.first))
            }
        }
        expectFieldsListEveryProperty(try #require(photoPage.tagLinks.first))
        expectFieldsListEveryProperty(try #require(pages[1].feeds.first))
    }

    /// A body field named like a frame field would never be found (the frame is read first), nor
    /// would either be named `template`, which is the page's kind.
    @Test func theFrameAndEachBodyNameTheirFieldsApart() {
        let frame = Set(PageFrame.fields.all.map(\.name))
        let bodies = [PhotoPageBody.fields.all.map(\.name), OverviewPageBody.fields.all.map(\.name), AlbumsPageBody.fields.all.map(\.name),
                      TagPageBody.fields.all.map(\.name), TagsPageBody.fields.all.map(\.name),
                      PlacePageBody.fields.all.map(\.name), PlacesPageBody.fields.all.map(\.name)]
        #expect(bodies.count == PageKind.allCases.count)
        for names in bodies {
            #expect(frame.isDisjoint(with: names), "\(names)")
            #expect(!names.contains(PageViewModel.kindKey))
        }
        #expect(!frame.contains(PageViewModel.kindKey))
    }

    /// A page has its own kind's fields and no other's: a photo page has no `rows`, an overview no `photo`.
    @Test func aPageAnswersNoFieldOfAnotherKind() {
        let others: [PageKind: [String]] = [
            .photo: OverviewPageBody.fields.all.map(\.name) + AlbumsPageBody.fields.all.map(\.name),
            .overview: PhotoPageBody.fields.all.map(\.name) + AlbumsPageBody.fields.all.map(\.name),
            .albums: PhotoPageBody.fields.all.map(\.name) + OverviewPageBody.fields.all.map(\.name),
        ]
        for page in presentedPages() {
            for name in others[page.kind] ?? [] { #expect(page.child(named: name) == nil, "\(page.kind) answers \(name)") }
        }
    }

    @Test func anAbsentOptionalIsNilNotAnEmptyOptional() throws {
        let link = AlbumLinkViewModel(title: "T", href: "t/", summary: nil, count: "1 photo", cover: nil)
        #expect(link.child(named: "summary") == nil)
        #expect(link.child(named: "cover") == nil)
        #expect(link.child(named: "title") as? String == "T")
        let cover = CoverViewModel(src: "a.jpg", width: 4, height: 3, alt: "A")
        #expect(AlbumLinkViewModel(title: "T", href: "t/", summary: "S", count: "1", cover: cover).child(named: "cover") as? CoverViewModel == cover)
    }
}
