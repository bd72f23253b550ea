import Testing
@testable import GalgenCore

/// Where every file of the site goes, worked out in one place.
struct OutputLayoutTests {
    let digest = String(repeating: "3f2a9c1e", count: 8)

    @Test func aGalleryWithoutAlbumsHasOnlyTheIndex() {
        let gallery = Fixture.singleAlbum([Fixture.image("beach"), Fixture.image("dunes")])
        let layout = OutputLayout(gallery)
        #expect(layout.page(of: gallery.albums[0]) == "index.html")
        #expect(gallery.allImages.map { layout.renditionStem(of: $0.source) } == ["images/beach", "images/dunes"])
    }

    @Test func albumsHaveAPageAndAnImageFolderEach() {
        let shared = Fixture.image("harbour")
        let gallery = Fixture.albums([
            Album(title: "Day one", slug: "day-one", images: [Fixture.image("beach"), shared]),
            Album(title: "Night", slug: "night", images: [shared, Fixture.image("moon")]),
        ])
        let layout = OutputLayout(gallery)
        #expect(gallery.albums.map(layout.page(of:)) == ["day-one/index.html", "night/index.html"])
        #expect(layout.renditionStem(of: Fixture.image("beach").source) == "images/day-one/beach")
        #expect(layout.renditionStem(of: Fixture.image("moon").source) == "images/night/moon")
        // A photo in two albums is made once, named after the first album that lists it.
        #expect(layout.renditionStem(of: shared.source) == "images/day-one/harbour")
        // An album the layout was not made for is the index.
        #expect(layout.page(of: Album(title: "Elsewhere", slug: "elsewhere", images: [])) == "index.html")
    }

    /// An item an unlisted album lists first, and a listed album too, lives in the listed album's
    /// folder: the listed album's pages must not name the unlisted address.
    @Test func anItemSharedWithAListedAlbumLivesInItsFolder() {
        let shared = Fixture.image("harbour"), own = Fixture.image("secret")
        var family = Album(title: "Family", slug: "family-k3j9x0q2ma", images: [shared, own])
        family.unlisted = true
        let gallery = Fixture.albums([family, Album(title: "Trips", slug: "trips", images: [Fixture.image("beach"), shared])])
        let layout = OutputLayout(gallery)
        #expect(layout.renditionStem(of: shared.source) == "images/trips/harbour")
        #expect(layout.renditionStem(of: own.source) == "images/family-k3j9x0q2ma/secret")
    }

    @Test func renditionsCarryTheirWidthAndFingerprint() {
        let gallery = Fixture.singleAlbum([Fixture.image("beach")])
        let layout = OutputLayout(gallery)
        #expect(OutputLayout.rendition(stem: "images/beach", width: 400, digest: digest) == "images/beach-400.3f2a9c1e.jpg")
        #expect(layout.rendition(of: gallery.albums[0].images[0].source, width: 1600, digest: digest) == "images/beach-1600.3f2a9c1e.jpg")
        #expect(layout.rendition(of: .remote("https://example.org/other.jpg"), width: 400, digest: digest) == nil)
        #expect(layout.renditionStem(of: .remote("https://example.org/other.jpg")) == nil)
    }

    @Test func galgensStylesheetAndScriptAreFingerprintedOtherAssetsKeepTheirNames() {
        let css = Array("body {}".utf8)
        let fingerprint = ContentHash.fingerprint(ContentHash.hex(css))
        #expect(OutputLayout.asset("gallery.css", bytes: css) == "assets/gallery.\(fingerprint).css")
        #expect(OutputLayout.asset("gallery.js", bytes: css) == "assets/gallery.\(fingerprint).js")
        #expect(OutputLayout.asset("logo.png", bytes: css) == "assets/logo.png")
        #expect(OutputLayout.plainAsset("gallery.css") == "assets/gallery.css")
    }

    @Test("Links from a page go back to the site root first", arguments: [
        ("index.html", "", "images/a-400.jpg"),
        ("day-one/index.html", "../", "../images/a-400.jpg"),
        ("2024/day-one/index.html", "../../", "../../images/a-400.jpg"),
    ])
    func rootAndHrefOfNestedPages(_ page: String, _ root: String, _ href: String) {
        #expect(OutputLayout.root(of: page) == root)
        #expect(OutputLayout.href(from: page, to: "images/a-400.jpg") == href)
    }

    @Test("Links are percent-encoded; unreserved characters and / are not", arguments: [
        ("images/day one/a.jpg", "../images/day%20one/a.jpg"),
        ("images/café.jpg", "../images/caf%C3%A9.jpg"),
        ("images/a#b?c%d.jpg", "../images/a%23b%3Fc%25d.jpg"),
        ("images/a&b\"<c>.jpg", "../images/a%26b%22%3Cc%3E.jpg"),
        ("images/A-z_0.9~x.jpg", "../images/A-z_0.9~x.jpg"),
    ])
    func hrefsArePercentEncoded(_ path: String, _ href: String) {
        #expect(OutputLayout.href(from: "night/index.html", to: path) == href)
    }

    @Test func aPagesFolderIsWhereItIsServed() {
        #expect(OutputLayout.folder(of: "index.html") == "")
        #expect(OutputLayout.folder(of: "day-one/index.html") == "day-one/")
        #expect(OutputLayout.folder(of: "sitemap.xml") == "sitemap.xml")
    }
}
