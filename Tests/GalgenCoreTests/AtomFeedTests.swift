import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `feed.xml` for the site and each album: valid Atom (read back by a strict XML parser and
/// checked against RFC 4287's required elements), newest first, stable, and only with `base_url`.
@Suite("Atom feeds")
struct AtomFeedTests {
    static let base = "https://Example.com/photos/"

    static func taken(_ day: Int, hour: Int = 12) -> CaptureTime { CaptureTime(year: 2024, month: 6, day: day, hour: hour)! }

    /// Every image rendered at 400, 1200 and 1600 px; `dates` by slug.
    static func rendered(_ gallery: Gallery, dates: [String: CaptureTime] = [:]) -> [ImageSource: RenderedImage] {
        var rendered = Fixture.renderAll(gallery, widths: [400, 1200, 1600])
        for image in gallery.allImages { rendered[image.source]?.metadata.captured = dates[image.slug] }
        return rendered
    }

    /// The feeds a build writes (path → text), presented an album at a time as `writeSite` does.
    static func feeds(_ gallery: Gallery, rendered: [ImageSource: RenderedImage]? = nil) -> [String: String] {
        let site = SitePresentation(gallery: gallery, plan: Planner.plan(gallery), rendered: rendered ?? Self.rendered(gallery),
                                    generator: "galgen 9.9.9")
        var newest = site.newestEntries
        var files: [OutputFile] = []
        for position in 0..<site.albumCount { files += site.feedFiles(ofAlbum: position, newest: &newest) }
        files += [site.siteFeed(newest)].compactMap { $0 }
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
    }

    static func parsed(_ text: String?) throws -> XMLElementNode {
        let feed = try XMLElementNode.parse(try #require(text))
        AtomRules.check(feed)
        return feed
    }

    static func trips(base: String? = Self.base) -> Gallery {
        var gallery = Fixture.albums([
            Album(title: "Day One", slug: "day-one", description: "Arrival", images: [Fixture.image("a"), Fixture.image("b")]),
            Album(title: "Night", slug: "night", images: [Fixture.image("c")]),
        ])
        gallery.baseURL = base
        return gallery
    }

    @Test func theSiteAndEachAlbumHaveAValidFeed() throws {
        let feeds = Self.feeds(Self.trips(), rendered: Self.rendered(Self.trips(), dates: ["a": Self.taken(1), "b": Self.taken(3), "c": Self.taken(2)]))
        #expect(feeds.keys.sorted() == ["day-one/feed.xml", "feed.xml", "night/feed.xml"])
        let site = try Self.parsed(feeds["feed.xml"])
        #expect(site.attributes["xml:lang"] == "en")
        #expect(site.first("id")?.text == "tag:example.com,2026:/photos/")
        #expect(site.first("title")?.text == "Trips" && site.first("author")?.first("name")?.text == "Trips")
        #expect(site.links("self").first?.attributes["href"] == "https://Example.com/photos/feed.xml")
        #expect(site.links("alternate").first?.attributes["href"] == "https://Example.com/photos/")
        #expect(site.first("generator")?.text == "galgen" && site.first("generator")?.attributes["version"] == "9.9.9")
        #expect(site.first("updated")?.text == "2024-06-03T12:00:00Z")
        #expect(site.all("entry").compactMap { $0.first("id")?.text } == [
            "tag:example.com,2026:/photos/day-one/b", "tag:example.com,2026:/photos/night/c", "tag:example.com,2026:/photos/day-one/a",
        ])
        let b = try #require(site.all("entry").first)
        #expect(b.first("published")?.text == "2024-06-03T12:00:00Z" && b.first("updated")?.text == "2024-06-03T12:00:00Z")
        #expect(b.links("alternate").first?.attributes["href"] == "https://Example.com/photos/day-one/b/")
        // The largest rendition no wider than 1200 px, as content and as enclosure.
        let image = "https://Example.com/photos/" + Fixture.imagePath("images/day-one/b", 1200, tag: "b")
        let enclosure = try #require(b.links("enclosure").first)
        #expect(enclosure.attributes["href"] == image && enclosure.attributes["type"] == "image/jpeg")
        #expect(enclosure.attributes["length"] == "\(Fixture.fakeJPEG("b-1200").count)")
        #expect(b.first("content")?.attributes["type"] == "html")
        #expect(b.first("content")?.text == #"<p><a href="https://Example.com/photos/day-one/b/"><img src="\#(image)" width="1200" height="800" alt="B"></a></p>"#)
        let day = try Self.parsed(feeds["day-one/feed.xml"])
        #expect(day.first("id")?.text == "tag:example.com,2026:/photos/day-one/")
        #expect(day.first("title")?.text == "Day One — Trips" && day.first("subtitle")?.text == "Arrival")
        #expect(day.links("self").first?.attributes["href"] == "https://Example.com/photos/day-one/feed.xml")
        #expect(day.all("entry").compactMap { $0.first("title")?.text } == ["B", "A"])
    }

    /// A build takes an album's entries from the presentation of its pages: the same entries.
    @Test func theEntriesOfAnAlbumsPresentationAreItsFeeds() {
        let gallery = Self.trips()
        let site = SitePresentation(gallery: gallery, plan: Planner.plan(gallery), rendered: Self.rendered(gallery), generator: "g")
        for position in 0..<site.albumCount {
            let presented = site.presented(ofAlbum: position)
            #expect(presented.feed.count == gallery.albums[position].images.count && presented.feed == site.feedEntries(ofAlbum: position))
            #expect(presented.pages == site.pages(ofAlbum: position))
        }
    }

    @Test func wordsAreEscapedAndCharactersXMLForbidsLeftOut() throws {
        let title = #"Tom & Jerry <b>"quoted"</b> 'apostrophe'"#, caption = "Été à Zürich — 日本 📷 \u{1}bell\u{FFFF} & <script>"
        var gallery = Fixture.singleAlbum([Fixture.image("a", title: title, caption: caption)], title: "Fish & <Chips>")
        gallery.baseURL = Self.base
        gallery.language = SiteLanguage(tag: "pt-BR")
        let text = try #require(Self.feeds(gallery)["feed.xml"])
        let feed = try Self.parsed(text)
        #expect(feed.attributes["xml:lang"] == "pt-BR")
        #expect(feed.first("title")?.text == "Fish & <Chips>" && feed.first("author")?.first("name")?.text == "Fish & <Chips>")
        let entry = try #require(feed.first("entry"))
        #expect(entry.first("title")?.text == title)
        #expect(entry.first("summary")?.text == "Été à Zürich — 日本 📷 bell & <script>")
        // The content is HTML: the words escaped in it, and the whole escaped again in the XML.
        let html = try #require(entry.first("content")?.text)
        #expect(html.contains(#"alt="Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &#39;apostrophe&#39;""#))
        #expect(html.hasSuffix("<p>Été à Zürich — 日本 📷 bell &amp; &lt;script&gt;</p>"))
        #expect(!text.contains("<script>") && !text.contains("\u{1}"))
    }

    @Test func newestFirstByDateWithTheUndatedLast() throws {
        var album = Album(title: "Coast", slug: "coast", images: ["a", "b", "c", "d"].map { Fixture.image($0) })
        album.order = PhotoOrder(.date)
        var gallery = Fixture.albums([album])
        gallery.baseURL = Self.base
        let rendered = Self.rendered(gallery, dates: ["a": Self.taken(5), "b": Self.taken(9), "d": Self.taken(7)])
        let feed = try Self.parsed(Self.feeds(gallery, rendered: rendered)["coast/feed.xml"])
        #expect(feed.all("entry").compactMap { $0.first("title")?.text } == ["B", "D", "A", "C"])
        let undated = try #require(feed.all("entry").last)
        // A fixed date, never the build's; and no `published`, which is not known.
        #expect(undated.first("updated")?.text == "1970-01-01T00:00:00Z" && undated.first("published") == nil)
        #expect(feed.first("updated")?.text == "2024-06-09T12:00:00Z")
    }

    /// With `sort: manual` the author's order stands, and the newest is the one listed last.
    @Test(arguments: [false, true])
    func aManualAlbumListsItsLastListedFirst(reverse: Bool) throws {
        var album = Album(title: "Coast", slug: "coast", images: ["a", "b", "c"].map { Fixture.image($0) })
        album.order = PhotoOrder(.manual, reverse: reverse)
        var gallery = Fixture.albums([album])
        gallery.baseURL = Self.base
        let rendered = Self.rendered(gallery, dates: ["a": Self.taken(9), "b": Self.taken(1), "c": Self.taken(5)])
        let feed = try Self.parsed(Self.feeds(gallery, rendered: rendered)["coast/feed.xml"])
        #expect(feed.all("entry").compactMap { $0.first("title")?.text } == ["C", "B", "A"])
        #expect(feed.first("updated")?.text == "2024-06-09T12:00:00Z")
    }

    @Test func aFeedHoldsTheNewestLimitItems() throws {
        let albums = (1...3).map { number in
            Album(title: "Day \(number)", slug: "day-\(number)", images: (1...3).map { Fixture.image("p\(number)\($0)") })
        }
        var gallery = Fixture.albums(albums.map { var album = $0; album.order = PhotoOrder(.date); return album })
        gallery.baseURL = Self.base
        gallery.feeds = FeedSettings(limit: 2, asked: true)
        // p11 oldest … p33 newest, but day 2's photos are the newest of all.
        var dates: [String: CaptureTime] = [:]
        for album in 1...3 { for photo in 1...3 { dates["p\(album)\(photo)"] = Self.taken(album == 2 ? 20 + photo : album * 3 + photo) } }
        let feeds = Self.feeds(gallery, rendered: Self.rendered(gallery, dates: dates))
        let titles = { (path: String) in try Self.parsed(feeds[path]).all("entry").compactMap { $0.first("title")?.text } }
        #expect(try titles("feed.xml") == ["P23", "P22"])
        #expect(try titles("day-1/feed.xml") == ["P13", "P12"])
        #expect(try titles("day-3/feed.xml") == ["P33", "P32"])
    }

    /// The same photos give the same bytes; a photo added changes nothing of the others' ids; and
    /// no date in a feed is the build's.
    @Test func idsAreStableAndNothingComesFromTheClock() throws {
        let first = Self.feeds(Self.trips())
        #expect(first == Self.feeds(Self.trips()))
        var grown = Self.trips()
        grown.albums[0].images.append(Fixture.image("z"))
        let ids = { (feeds: [String: String]) in try Set(Self.parsed(feeds["feed.xml"]).all("entry").compactMap { $0.first("id")?.text }) }
        #expect(try ids(Self.feeds(grown)) == ids(first).union(["tag:example.com,2026:/photos/day-one/z"]))
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        for text in first.values {
            #expect(!text.contains(today))
            let dates = text.components(separatedBy: "<updated>").dropFirst().map { String($0.prefix(20)) }
            #expect(!dates.isEmpty && dates.allSatisfy { $0 == "1970-01-01T00:00:00Z" })
        }
    }

    @Test func aVideoIsShownByItsPosterAndEnclosesItsMP4() throws {
        var gallery = Fixture.singleAlbum([Fixture.image("clip", caption: "Waves")], title: "Sea")
        gallery.baseURL = "https://example.com/"
        var rendered = Self.rendered(gallery)
        let source = gallery.allImages[0].source
        let mp4 = VideoFile(codec: .h264, width: 1920, height: 1080, digest: String(repeating: "ab", count: 32), byteCount: 4_200_000,
                            path: "/cache/clip.mp4")
        rendered[source]?.media = .video(VideoDetails(duration: 42, width: 1920, height: 1080, codec: "h264", hasAudio: true, files: [mp4]))
        let entry = try #require(try Self.parsed(Self.feeds(gallery, rendered: rendered)["feed.xml"]).first("entry"))
        let enclosures = entry.links("enclosure")
        let poster = "https://example.com/" + Fixture.imagePath("images/clip", 1200, tag: "clip")
        #expect(enclosures.map { $0.attributes["type"] } == ["image/jpeg", "video/mp4"])
        #expect(enclosures.first?.attributes["href"] == poster)
        #expect(enclosures.last?.attributes["length"] == "4200000")
        #expect(enclosures.last?.attributes["href"] == "https://example.com/" + OutputLayout.video(stem: "images/clip", file: mp4))
        let html = try #require(entry.first("content")?.text)
        #expect(html.contains(#"<img src="\#(poster)""#) && html.contains("<p>Waves</p>") && html.contains("0:42"))
    }

    @Test func anUnlistedAlbumIsInNoFeed() throws {
        var gallery = Self.trips()
        gallery.albums[1].unlisted = true
        let feeds = Self.feeds(gallery)
        #expect(feeds.keys.sorted() == ["day-one/feed.xml", "feed.xml"])
        let site = try Self.parsed(feeds["feed.xml"])
        #expect(site.all("entry").compactMap { $0.first("title")?.text }.sorted() == ["A", "B"])
        let pages = Fixture.present(gallery, rendered: Self.rendered(gallery))
        #expect(pages[path: "night/c/index.html"]?.feeds.map(\.href) == ["../../feed.xml"])
    }

    @Test func everyPageLinksTheSiteFeedAndAnAlbumsPagesItsOwn() throws {
        let files = try SiteRenderer.render(Fixture.present(Self.trips(), rendered: Self.rendered(Self.trips())),
                                            template: BuiltInTemplate.template)
        let html = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
        let site = { (href: String) in #"<link rel="alternate" type="application/atom+xml" title="Trips" href="\#(href)">"# }
        #expect(html["index.html"]?.contains(site("feed.xml")) == true)
        #expect(html["index.html"]?.occurrences(of: "application/atom+xml") == 1)
        let photo = try #require(html["day-one/a/index.html"])
        #expect(photo.contains(site("../../feed.xml")))
        #expect(photo.contains(#"<link rel="alternate" type="application/atom+xml" title="Day One — Trips" href="../../day-one/feed.xml">"#))
        #expect(html["night/index.html"]?.contains(#"title="Night — Trips" href="../night/feed.xml">"#) == true)
    }

    @Test func tagPagesLinkTheSiteFeed() throws {
        var gallery = Self.trips()
        gallery.albums[0].images[0].tags = ["Sea"]
        let site = SitePresentation(gallery: gallery, plan: Planner.plan(gallery), rendered: Self.rendered(gallery), generator: "g")
        let pages = site.tagsIndex() + (0..<site.tagCount).flatMap(site.pages(ofTag:))
        #expect(!pages.isEmpty)
        for page in pages {
            #expect(page.feeds.map(\.title) == ["Trips"] && page.feeds.first?.href == OutputLayout.href(from: page.path, to: "feed.xml"))
        }
    }

    @Test func withoutABaseURLThereIsNoFeedAndALineOnlyWhenAsked() throws {
        let present = { (gallery: Gallery) in
            SitePresentation(gallery: gallery, plan: Planner.plan(gallery), rendered: Self.rendered(gallery), generator: "galgen test")
        }
        var gallery = Self.trips(base: nil)
        #expect(Self.feeds(gallery).isEmpty && present(gallery).feedsSkippedReason == nil)
        #expect(Fixture.present(gallery).allSatisfy { $0.feeds.isEmpty })
        gallery.feeds = FeedSettings(asked: true)
        #expect(Self.feeds(gallery).isEmpty)
        #expect(present(gallery).feedsSkippedReason?.contains("base_url") == true)
        gallery.feeds = FeedSettings(enabled: false, asked: true)
        #expect(present(gallery).feedsSkippedReason == nil)
        gallery.baseURL = Self.base
        #expect(Self.feeds(gallery).isEmpty && Fixture.present(gallery).allSatisfy { $0.feeds.isEmpty })
    }

    @Test(arguments: [
        ("https://example.com/", "tag:example.com,2026:/day/x"),
        ("http://Photos.Example.org:8080/a%20b/", "tag:photos.example.org,2026:/a%20b/day/x"),
        ("https://[::1]/", "https://[::1]/day/x"),
    ])
    func tagURIsAreMadeOfTheHostAndThePath(base: String, id: String) {
        #expect(TagURI(base: base).id("day/x") == id)
    }
}
