import Testing
@testable import GalgenCore

/// `unlisted: true`: built as usual, at an address hard to guess, and in no listing.
@Suite("Unlisted albums")
struct UnlistedAlbumTests {
    let a = Fixture.image("a"), b = Fixture.image("b"), c = Fixture.image("c")

    /// One, Two (unlisted, at `two-k3j9x0q2ma/`) and Three.
    func gallery(base: String? = nil) -> Gallery {
        var two = Album(title: "Two", slug: "two", images: [b])
        two.unlisted = true
        two.unlistedToken = "k3j9x0q2ma"
        var gallery = Fixture.albums([Album(title: "One", slug: "one", images: [a]), two, Album(title: "Three", slug: "three", images: [c])])
        gallery.baseURL = base
        return UnlistedAddress.addressed(gallery) { _ in Issue.record("gallery.yml gave the token"); return "" }
    }

    @Test func tokensAreTenLowerCaseLettersAndDigitsAndGivenOnesAreKept() {
        var generator = SystemRandomNumberGenerator()
        let tokens = (0..<200).map { _ in UnlistedAddress.token(using: &generator) }
        #expect(tokens.allSatisfy(UnlistedAddress.isToken) && Set(tokens).count == 200)
        #expect(!UnlistedAddress.isToken("K3J9X0Q2MA") && !UnlistedAddress.isToken("k3j9x0q2m") && !UnlistedAddress.isToken("k3j9x0q2m-"))
        #expect(gallery().albums.map(\.slug) == ["one", "two-k3j9x0q2ma", "three"])
        var asked: [String] = []
        var open = gallery()
        open.albums[1].slug = "two"
        open.albums[1].unlistedToken = nil
        let addressed = UnlistedAddress.addressed(open) { slug in asked.append(slug); return "aaaaaaaaaa" }
        #expect(asked == ["two"] && addressed.albums.map(\.slug) == ["one", "two-aaaaaaaaaa", "three"])
    }

    @Test func theAlbumListAndTheNeighbourLinksLeaveItOut() throws {
        let pages = Fixture.present(gallery())
        let front = try #require(pages[path: "index.html"]?.albumList)
        #expect(front.albums.map(\.title) == ["One", "Three"])
        let one = try #require(pages[path: "one/index.html"]?.overview)
        #expect(one.nextAlbum?.title == "Three" && one.previousAlbum == nil)
        let three = try #require(pages[path: "three/index.html"]?.overview)
        #expect(three.previousAlbum?.title == "One")
        let two = try #require(pages[path: "two-k3j9x0q2ma/index.html"])
        #expect(two.overview?.previousAlbum == nil && two.overview?.nextAlbum == nil)
        // Its own pages say noindex; no other page does.
        #expect(pages.filter(\.noindex).map(\.path) == ["two-k3j9x0q2ma/index.html", "two-k3j9x0q2ma/b/index.html"])
    }

    /// Its pages say noindex; the sitemap leaves it out; `_headers`, which hosts such as GitHub
    /// Pages serve as a file, never names it.
    @Test func itsPagesSayNoindexAndTheSitemapAndHeadersKeepItOut() async throws {
        let harness = PipelineHarness()
        let config = """
        title: Trips
        base_url: https://example.com/
        albums:
          - title: One
            images: [a.jpg]
          - title: Two
            unlisted: true
            images: [b.jpg]
        """
        let summary = try await harness.run(config, photos: ["/site/a.jpg": FakePhoto("a", width: 800), "/site/b.jpg": FakePhoto("b", width: 800)]).get()
        #expect(summary.failures.isEmpty)
        let written = try #require(harness.recorder.written)
        let folder = try #require(written.keys.first { $0.hasPrefix("two-") && $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 2 })
        let token = String(folder.dropFirst(4).prefix(10))
        #expect(UnlistedAddress.isToken(token), "\(folder)")
        let text = { (path: String) in String(decoding: written[path] ?? [], as: UTF8.self) }
        #expect(text(folder).contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!text("one/index.html").contains("noindex"))
        #expect(!text("index.html").contains("two-") && text("index.html").contains("one/index.html"))
        #expect(!text("sitemap.xml").contains("two-") && text("sitemap.xml").contains("https://example.com/one/"))
        #expect(!text("_headers").contains(token) && !text("_headers").contains("two-"))
        #expect(harness.recorder.events.contains(.unlistedAddress(album: "Two", folder: "two-\(token)/", token: token)))
    }
}
