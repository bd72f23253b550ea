import Testing
@testable import GalgenCore

/// Issue 15: a photo's words from a file beside it.
@Suite("Sidecar")
struct SidecarTests {
    func words(_ text: String, name: String = "IMG_1.jpg.yml") -> SidecarWords? {
        try? Sidecar.parse(Array(text.utf8), name: name).get()
    }

    func problem(_ bytes: [UInt8], name: String = "IMG_1.jpg.yml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SidecarProblem? {
        switch Sidecar.parse(bytes, name: name) {
        case let .success(words):
            Issue.record("expected a problem, got \(words)", sourceLocation: sourceLocation)
            return nil
        case let .failure(problem):
            return problem
        }
    }

    func problem(_ text: String, name: String = "IMG_1.jpg.yml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SidecarProblem? {
        problem(Array(text.utf8), name: name, sourceLocation: sourceLocation)
    }

    @Test("Candidates, the most specific first", arguments: [
        ("IMG_1.jpg", ["IMG_1.jpg.yml", "IMG_1.jpg.yaml", "IMG_1.yml", "IMG_1.yaml", "IMG_1.jpg.txt", "IMG_1.txt"]),
        ("a.b.JPG", ["a.b.JPG.yml", "a.b.JPG.yaml", "a.b.yml", "a.b.yaml", "a.b.JPG.txt", "a.b.txt"]),
        ("IMG_1", ["IMG_1.yml", "IMG_1.yaml", "IMG_1.txt"]),
        (".jpg", [".jpg.yml", ".jpg.yaml", ".jpg.txt"]),
    ])
    func candidates(_ photo: String, _ expected: [String]) {
        #expect(Sidecar.candidates(for: photo) == expected)
    }

    // MARK: Text

    @Test func aTextFileIsTheCaptionTrimmed() {
        #expect(words("  Low tide at dawn.\r\n\r\n", name: "IMG_1.txt") == SidecarWords(caption: "Low tide at dawn."))
        #expect(words("Line one\r\nline two\rline three\u{85}four\n", name: "IMG_1.jpg.txt")
            == SidecarWords(caption: "Line one\nline two\nline three\nfour"))
        #expect(words("title: not YAML here", name: "IMG_1.txt") == SidecarWords(caption: "title: not YAML here"))
        #expect(words(" \n\t\n", name: "IMG_1.txt") == SidecarWords())
        #expect(words("", name: "IMG_1.txt") == SidecarWords())
    }

    @Test func aByteOrderMarkIsDroppedAndTextIsNFC() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Cafe\u{301}".utf8)
        #expect(try Sidecar.parse(bytes, name: "a.txt").get() == SidecarWords(caption: "Caf\u{E9}"))
        let yaml: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("title: Cafe\u{301}\n".utf8)
        #expect(try Sidecar.parse(yaml, name: "a.jpg.yaml").get() == SidecarWords(title: "Caf\u{E9}"))
    }

    @Test("Bytes that are not UTF-8 text are a problem on their line", arguments: ["a.txt", "a.yml"])
    func notUTF8(_ name: String) {
        let found = problem(Array("caption: fine\ncaption: caf".utf8) + [0xE9] + Array("\n".utf8), name: name)
        #expect(found?.line == 2)
        #expect(found?.message.contains("is not UTF-8 text") == true)
        #expect(found?.message.contains("0xE9") == true)
        #expect(found?.message.contains("Save it as UTF-8") == true)
    }

    @Test("Control characters are a problem on their line", arguments: ["a.txt", "a.yml"])
    func controlCharacters(_ name: String) {
        let found = problem("caption: ok\ncaption: a\u{7}b\n", name: name)
        #expect(found == SidecarProblem(line: 2, message: "the control character U+0007 at column 11 is not allowed in a sidecar file. Remove it."))
    }

    @Test func tabsAreText() {
        #expect(words("a\tb", name: "a.txt") == SidecarWords(caption: "a\tb"))
    }

    @Test("Too large a file is a problem without a line", arguments: ["a.txt", "a.yml"])
    func tooLarge(_ name: String) {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: Sidecar.maximumBytes + 1)
        let found = problem(bytes, name: name)
        #expect(found?.line == nil)
        #expect(found?.message.contains("65537 bytes") == true)
        #expect(found?.message.contains("at most 65536") == true)
        let largest = Array("caption: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: Sidecar.maximumBytes - 9)
        #expect((try? Sidecar.parse(largest, name: name).get()) != nil)
    }

    // MARK: YAML

    @Test func yamlGivesTitleCaptionAndAlt() {
        let text = """
            # Words for IMG_1.jpg
            title: Beach
            caption: |
              Low tide
              at dawn.
            alt: "A wide sandy beach: low tide"
            """
        #expect(words(text) == SidecarWords(title: "Beach", caption: "Low tide\nat dawn.", alt: "A wide sandy beach: low tide"))
        #expect(words("caption: Only this\n", name: "IMG_1.YAML") == SidecarWords(caption: "Only this"))
    }

    @Test("Values are text as written, as in gallery.yml", arguments: [
        ("title: 2024", "2024"), ("title: no", "no"), ("title: 1.50", "1.50"), ("title: '  spaced  '", "spaced"),
        ("title: Cafe\u{301}", "Caf\u{E9}"), ("title: \"tab\\there\"", "tab\there"),
    ])
    func valuesAreText(_ text: String, _ title: String) {
        #expect(words(text)?.title == title)
    }

    @Test("Empty values and files are no words", arguments: [
        "", "\n", "# only a comment\n", "~\n", "title:\ncaption: ~\nalt: ''\n", "title: '   '\n", "---\n",
    ])
    func emptyIsNone(_ text: String) {
        #expect(words(text) == SidecarWords())
    }

    @Test func anUnknownKeyNamesTheAllowedOnes() {
        let found = problem("title: Beach\ncaptoin: Low tide\n")
        #expect(found?.line == 2)
        #expect(found?.message == "unknown key 'captoin' in this sidecar file; did you mean 'caption'? Allowed keys: title, caption, alt, tags.")
        #expect(problem("description: x\n")?.message.contains("Allowed keys: title, caption, alt, tags.") == true)
        #expect(problem("[a]: x\n")?.message.contains("keys must be text") == true)
    }

    @Test("Anything but a mapping is a problem that shows the right form", arguments: [
        ("Low tide at dawn.\n", "text"), ("- a\n- b\n", "a list"),
    ])
    func notAMapping(_ text: String, _ found: String) {
        let problem = problem(text)
        #expect(problem?.line == 1)
        #expect(problem?.message.contains("must be a block of 'key: value' lines") == true)
        #expect(problem?.message.contains("this one is \(found)") == true)
        #expect(problem?.message.contains(".txt") == true)
    }

    @Test func aValueThatIsNotTextIsAProblem() {
        let found = problem("title: Beach\ncaption: [a, b]\n")
        #expect(found?.line == 2)
        #expect(found?.message.hasPrefix("'caption' must be text, but it is a list.") == true)
        #expect(problem("alt:\n  long: x\n")?.message.contains("'alt' must be text") == true)
    }

    @Test func controlCharactersFromEscapesAreAProblem() {
        let found = problem("title: ok\ncaption: \"a\\x07b\"\n")
        #expect(found?.line == 2)
        #expect(found?.message.contains("U+0007") == true)
    }

    @Test("Syntax errors are reported on their line", arguments: [
        ("title: [a\n", 2), ("title: a\n  b: c\n", 2), ("title: a\ntitle: b\n", 1), ("caption: \"open\n", 2),
    ])
    func syntax(_ text: String, _ line: Int) {
        let found = problem(text)
        #expect(found?.line == line, "\(String(describing: found))")
        #expect(found?.message.isEmpty == false)
    }

    @Test func aliasesAreBounded() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let found = problem(text)
        #expect(found?.message.contains("aliases") == true)
        #expect(found?.line != nil)
    }
}
