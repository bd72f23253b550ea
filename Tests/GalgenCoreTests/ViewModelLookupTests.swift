import Mustache
import Testing
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
        var gallery = Fixture.albums([Album(title: "Day", slug: "day", description: "D", images: [Fixture.image("a", caption: "C")]),
                                      Album(title: "Night", slug: "night", images: [Fixture.image("b")])])
        gallery.baseURL = "https://example.com/"
        return Fixture.present(gallery)
    }

    @Test func everyViewModelPropertyIsLookedUp() throws {
        let pages = presentedPages()
        for page in pages { expectEveryPropertyIsReachable(page) }
        let day = pages[1]
        for image in pages.photos { expectEveryPropertyIsReachable(image) }
        for photoPage in pages where photoPage.template == "page" {
            for segment in photoPage.segments { expectEveryPropertyIsReachable(segment) }
            if let next = photoPage.nextPhoto { expectEveryPropertyIsReachable(next) }
        }
        for row in pages.flatMap(\.rows) {
            expectEveryPropertyIsReachable(row)
            for tile in row.tiles { expectEveryPropertyIsReachable(tile) }
        }
        for album in pages[0].albums {
            expectEveryPropertyIsReachable(album)
            if let cover = album.cover { expectEveryPropertyIsReachable(cover) }
        }
        if let preview = day.preview { expectEveryPropertyIsReachable(preview) }
        if let next = day.nextAlbum { expectEveryPropertyIsReachable(next) }
    }

    @Test func everyViewModelListsEachStoredPropertyOnceInOrder() throws {
        let pages = presentedPages()
        let day = pages[1]
        let album = try #require(pages[0].albums.first)
        expectFieldsListEveryProperty(pages[0])
        expectFieldsListEveryProperty(try #require(pages.photos.first))
        let photoPage = try #require(pages.first { $0.template == "page" })
        expectFieldsListEveryProperty(try #require(photoPage.segments.first))
        let row = try #require(day.rows.first)
        expectFieldsListEveryProperty(row)
        expectFieldsListEveryProperty(try #require(row.tiles.first))
        expectFieldsListEveryProperty(album)
        expectFieldsListEveryProperty(try #require(album.cover))
        expectFieldsListEveryProperty(try #require(day.preview))
        expectFieldsListEveryProperty(try #require(day.nextAlbum))
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
