import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The build writes the feeds beside the pages, and says once why there are none when
/// gallery.yml asks for them without a `base_url`.
@Suite("Atom feeds in a build")
struct AtomFeedPipelineTests {
    static let photos = ["/site/coast/a.jpg": FakePhoto("a", width: 1600), "/site/hills/b.jpg": FakePhoto("b", width: 800)]

    static func config(_ extra: String) -> String {
        """
        title: Trips
        thumbnails: { widths: [400, 1600], formats: [jpeg] }
        \(extra)
        albums:
          - title: Coast
            images: [coast/a.jpg]
          - title: Hills
            images: [hills/b.jpg]
        """
    }

    static func feedWarnings(_ events: [BuildEvent]) -> [String] {
        events.compactMap { if case let .imageWarning(source, message) = $0, message.contains("feeds") { "\(source): \(message)" } else { nil } }
    }

    @Test func withABaseURLTheSiteAndEachAlbumGetAFeed() async throws {
        let harness = PipelineHarness()
        _ = try await harness.run(Self.config("base_url: https://example.com/"), photos: Self.photos).get()
        let written = try #require(harness.recorder.written)
        #expect(written.keys.filter { $0.hasSuffix("feed.xml") }.sorted() == ["coast/feed.xml", "feed.xml", "hills/feed.xml"])
        let site = try XMLElementNode.parse(String(decoding: try #require(written["feed.xml"]), as: UTF8.self))
        AtomRules.check(site)
        #expect(site.all("entry").count == 2)
        // The rendition no wider than 1200 px is the 400 px one here (the other is 1600).
        let a = try #require(site.all("entry").first { $0.first("id")?.text == "tag:example.com,2026:/coast/a" })
        #expect(a.links("enclosure").first?.attributes["href"]
            == "https://example.com/" + PipelineHarness.imagePath("images/coast/a", 400, of: Self.photos["/site/coast/a.jpg"]!))
        #expect(Self.feedWarnings(harness.recorder.events).isEmpty)
    }

    @Test func feedsWrittenWithoutABaseURLAreOneLineAndNoFile() async throws {
        let harness = PipelineHarness()
        _ = try await harness.run(Self.config("feeds: { limit: 10 }"), photos: Self.photos).get()
        #expect(try #require(harness.recorder.written).keys.allSatisfy { !$0.hasSuffix("feed.xml") })
        let warnings = Self.feedWarnings(harness.recorder.events)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("gallery.yml: no feeds: feeds need base_url"))
    }

    @Test(arguments: ["", "feeds: false"])
    func noLineUnlessFeedsAreAskedFor(extra: String) async throws {
        let harness = PipelineHarness()
        _ = try await harness.run(Self.config(extra), photos: Self.photos).get()
        #expect(try #require(harness.recorder.written).keys.allSatisfy { !$0.hasSuffix("feed.xml") })
        #expect(Self.feedWarnings(harness.recorder.events).isEmpty)
    }
}
