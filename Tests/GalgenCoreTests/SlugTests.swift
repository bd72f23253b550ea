import Testing
import GalgenCore

@Suite("Slug")
struct SlugTests {
    @Test("Slug.make", arguments: [
        ("Beach Day", "beach-day"), ("  Hello, World!  ", "hello-world"), ("Café au lait", "caf-au-lait"),
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
}
