import Testing
import GalgenCore

@Suite("Slug")
struct SlugTests {
    @Test("Slug.make", arguments: [
        ("Beach Day", "beach-day"), ("  Hello, World!  ", "hello-world"), ("Café au lait", "cafe-au-lait"),
        ("2024-07-01", "2024-07-01"), ("A--B__C", "a-b-c"), ("東京", ""), ("", ""),
    ])
    func slugMake(_ text: String, _ slug: String) {
        #expect(Slug.make(from: text) == slug)
    }

    @Test("Slug.isValid accepts", arguments: ["a", "A1", "day_one", "2024-07", "x-", "Beach"])
    func validSlugs(_ slug: String) { #expect(Slug.isValid(slug)) }

    @Test("Slug.isValid rejects", arguments: ["", "-a", "_a", "a b", "a/b", "a.b", "été", "../x", "a#b"])
    func invalidSlugs(_ slug: String) { #expect(!Slug.isValid(slug)) }

    @Test("Slug.stem", arguments: [
        ("photos/Beach.JPG", "Beach"), (".hidden", ".hidden"), ("a.b.c", "a.b"), ("noext", "noext"), ("dir/a.jpg", "a"),
    ])
    func stem(_ path: String, _ stem: String) { #expect(Slug.stem(ofPath: path) == stem) }

    @Test("Slug.stem of URLs: the last path segment, without query, fragment or extension, percent-decoded", arguments: [
        ("https://example.org/a/dunes.jpg?w=2000", "dunes"),
        ("https://example.org/a/dunes.jpg#top", "dunes"),
        ("https://example.org/a/Sunset%20Beach.JPG", "Sunset Beach"),
        ("https://example.org/a/caf%C3%A9.jpeg", "café"),
        ("https://example.org/a/50%25.jpg", "50%"),
        ("https://example.org/a/b/", "b"),
        ("http://localhost:8080/x/photo.v2.jpg?a=b/c.png", "photo.v2"),
        ("https://user:secret@example.org/p/q.jpg", "q"),
        // Decoded exactly once, after splitting: an encoded "%25" or "/" stays in its segment.
        ("https://example.org/a/100%2525.jpg", "100%25"),
        ("https://example.org/a%2Fb.jpg", "a/b"),
        // No path: the host, whole.
        ("https://example.org/", "example.org"),
        ("https://example.org", "example.org"),
    ])
    func stemOfURL(_ url: String, _ stem: String) { #expect(Slug.stem(ofPath: url) == stem) }

    @Test("Percent escapes in local paths are taken literally")
    func localPathsAreNotDecoded() {
        #expect(Slug.stem(ofPath: "photos/a%20b.jpg") == "a%20b")
    }
}
