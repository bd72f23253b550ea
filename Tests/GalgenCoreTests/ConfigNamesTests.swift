import Foundation
import Testing
@testable import GalgenCore

/// Issue 13, "Names": slugs are transliterated, assigned in linear time and never too long for a file name.
@Suite("ConfigParser: names")
struct ConfigNamesTests {
    @Test("Letters are transliterated, not dropped", arguments: [
        ("Été à Zürich", "ete-a-zurich"), ("Straße", "strasse"), ("Æsir on Øresund", "aesir-on-oresund"),
        ("Œuvre", "oeuvre"), ("Łódź", "lodz"), ("Þór", "thor"), ("ＦＵＬＬ ｗｉｄｔｈ", "full-width"), ("ﬁle", "file"),
        ("İstanbul", "istanbul"), ("Ñandú", "nandu"), ("東京", ""),
    ])
    func transliteration(_ title: String, _ slug: String) {
        #expect(Slug.make(from: title) == slug)
    }

    @Test func derivedSlugsOfAccentedTitles() throws {
        let gallery = try #require(parseGallery("images:\n  - src: a.jpg\n    title: Été à Zürich\n  - src: b.jpg\n    title: Ete a Zurich\n"))
        #expect(gallery.allImages.map(\.slug) == ["ete-a-zurich", "ete-a-zurich-2"])
    }

    @Test("16,000 photos with one title get x, x-2, … x-16000, in linear time")
    func manySameTitles() throws {
        func parse(_ count: Int) throws -> (slugs: [String], elapsed: Duration) {
            let yaml = "images:\n" + String(repeating: "  - src: a.jpg\n    title: x\n", count: count)
            let start = Self.threadTime()
            let gallery = try #require(parseGallery(yaml))
            return (gallery.allImages.map(\.slug), Self.threadTime() - start)
        }
        let small = try parse(4_000)
        let large = try parse(16_000)
        #expect(large.slugs == ["x"] + (2...16_000).map { "x-\($0)" })
        #expect(small.slugs.count == 4_000)
        // Four times the photos: about four times the time when linear, sixteen when quadratic
        // (which took over 10 s here). A ratio from one run, not a time: the machines are shared.
        // Processor time of this thread, so that other tests' load does not skew the ratio.
        let ratio = large.elapsed / small.elapsed
        #expect(ratio < 10, "16,000 took \(large.elapsed), 4,000 took \(small.elapsed): \(ratio)×")
    }

    /// The processor time the calling thread has used.
    static func threadTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    @Test func suffixesStillSkipTakenSlugs() throws {
        let yaml = "images:\n  - src: a.jpg\n    title: x\n  - src: b.jpg\n    slug: x-3\n"
            + "  - src: c.jpg\n    title: x\n  - src: d.jpg\n    title: x 2\n  - src: e.jpg\n    title: x\n"
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.allImages.map(\.slug) == ["x", "x-3", "x-2", "x-2-2", "x-4"])
    }

    @Test func longTitlesAreShortenedDeterministicallyAndStayUnique() throws {
        let title = String(repeating: "wörter ", count: 60)  // 420 bytes of title, 419 of slug
        let yaml = "albums:\n  - title: \(title)\n    images:\n      - src: a.jpg\n        title: \(title)\n"
            + "      - src: b.jpg\n        title: \(title)\n  - title: \(title)\n"
        let gallery = try #require(parseGallery(yaml))
        let short = String(repeating: "worter-", count: 14).dropLast()  // cut at the last hyphen within 100 bytes
        #expect(gallery.albums.map(\.slug) == [String(short), short + "-2"])
        #expect(gallery.albums[0].images.map(\.slug) == [String(short), short + "-2"])
        #expect(gallery.allImages.allSatisfy { $0.slug.utf8.count <= Slug.maximumLength + 6 })
        #expect(Slug.make(from: String(repeating: "a", count: 300)) == String(repeating: "a", count: 100))
    }

    @Test func anExplicitSlugThatIsTooLongIsAnErrorAtItsValue() {
        let slug = String(repeating: "a", count: 300)
        let errors = parseErrors("images:\n  - src: a.jpg\n    slug: \(slug)\n")
        #expect(errors == [ConfigError(.slugTooLong(slug, limit: 100), at: at(3, 11))])
        #expect(errors.first?.description
            == "gallery.yml:3:11: error: the slug '\(slug.prefix(24))…' is 300 characters long; use at most 100.")
        #expect(parseErrors("albums:\n  - title: A\n    slug: \(slug)\n") == [ConfigError(.slugTooLong(slug, limit: 100), at: at(3, 11))])
        #expect(parseGallery("images:\n  - src: a.jpg\n    slug: \(slug.prefix(100))\n") != nil)
    }
}
