import Foundation
import Testing
@testable import GalgenCore

@Suite("GlobPattern")
struct GlobPatternTests {
    @Test("Matches", arguments: [
        ("*.jpg", "a.jpg", true), ("*.jpg", "A.JPG", true), ("*.jpg", "sub/a.jpg", false),
        ("**/*.jpg", "a.jpg", true), ("**/*.jpg", "x/y/z/a.jpg", true), ("2024/**/*.jpg", "2024/a.jpg", true),
        ("2024/**/*.jpg", "2024/06/12/a.jpg", true), ("2024/**/*.jpg", "2023/06/a.jpg", false),
        ("*/IMG_?.jpg", "trip/IMG_1.jpg", true), ("*/IMG_?.jpg", "trip/IMG_10.jpg", false),
        ("[ab]*.jpg", "b1.jpg", true), ("[ab]*.jpg", "c1.jpg", false), ("**", "any/depth/x", true),
        ("**/**/*.jpg", "a/b.jpg", true), ("x/**", "x", true),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected)
    }

    @Test func normalisationDoesNotMatter() {
        let nfd = "Cafe\u{301}/E\u{301}te\u{301}.jpg", nfc = "Caf\u{E9}/\u{C9}t\u{E9}.jpg"
        #expect(GlobPattern("caf\u{E9}/*.jpg").matches(nfd))
        #expect(GlobPattern("Cafe\u{301}/\u{E9}t\u{E9}.JPG").matches(nfc))
    }

    @Test func aOneNamePatternExcludesAtAnyDepthALongerOneOnlyWhereItSays() {
        #expect(GlobPattern("*.tmp.jpg").excludes("a/b/c.tmp.jpg"))
        #expect(GlobPattern("drafts/**").excludes("drafts/x/y.jpg"))
        #expect(!GlobPattern("drafts/**").excludes("trip/drafts/y.jpg"))
    }

    @Test func manyStarsDoNotBacktrack() {
        // Backtracking would try about 10^11 ways here; the test would not end.
        let pattern = GlobPattern(Array(repeating: "**", count: 12).joined(separator: "/") + "/x.jpg")
        let path = Array(repeating: "d", count: 40).joined(separator: "/") + "/y.jpg"
        #expect(!pattern.matches(path))
        #expect(pattern.matches(path.replacingOccurrences(of: "y.jpg", with: "x.jpg")))
    }
}
