import Mustache
import Testing
@testable import GalgenCore

/// The hand-written `child(named:)` lookups must cover every property the templates can use.
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

    @Test func everyViewModelPropertyIsLookedUp() throws {
        var gallery = Fixture.albums([Album(title: "Day", slug: "day", description: "D", images: [Fixture.image("a", caption: "C")]),
                                      Album(title: "Night", slug: "night", images: [Fixture.image("b")])])
        gallery.baseURL = "https://example.com/"
        let pages = Fixture.present(gallery)
        for page in pages { expectEveryPropertyIsReachable(page) }
        let day = pages[1]
        for image in day.images { expectEveryPropertyIsReachable(image) }
        for album in pages[0].albums {
            expectEveryPropertyIsReachable(album)
            if let cover = album.cover { expectEveryPropertyIsReachable(cover) }
        }
        if let preview = day.preview { expectEveryPropertyIsReachable(preview) }
        if let next = day.nextAlbum { expectEveryPropertyIsReachable(next) }
    }
}
