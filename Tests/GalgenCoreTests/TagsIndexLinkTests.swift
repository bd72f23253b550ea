import Testing
@testable import GalgenCore

/// The tags index is reachable from the site, not only from a photo's tags: the album list and
/// each listed album's overview link it, when any photo has a tag.
struct TagsIndexLinkTests {
    @Test func theAlbumListAndListedOverviewsLinkTheTagsIndex() throws {
        var family = Album(title: "Family", slug: "family", images: [TagPagesTests.image("b", tags: ["Sea"])])
        family.unlisted = true
        let gallery = Fixture.albums([Album(title: "One", slug: "one", images: [TagPagesTests.image("a", tags: ["Sea"])]), family])
        let pages = TagPagesTests.present(gallery)
        #expect(pages[path: "index.html"]?.tagsIndexLink == "tags/index.html")
        #expect(pages[path: "one/index.html"]?.tagsIndexLink == "../tags/index.html")
        // Not on photo pages (their tags link their own tags), nor on the unlisted album's pages.
        #expect(pages[path: "one/a/index.html"]?.tagsIndexLink == nil)
        #expect(pages[path: "family/index.html"]?.tagsIndexLink == nil)
    }

    @Test func noTagsNoLink() {
        let pages = TagPagesTests.present(Fixture.singleAlbum([TagPagesTests.image("a")]))
        #expect(pages.allSatisfy { $0.tagsIndexLink == nil })
        var off = Fixture.singleAlbum([TagPagesTests.image("a", tags: ["Sea"])])
        #expect(TagPagesTests.present(off)[path: "index.html"]?.tagsIndexLink == "tags/index.html")
        off.tags.enabled = false
        #expect(TagPagesTests.present(off).allSatisfy { $0.tagsIndexLink == nil })
    }
}
