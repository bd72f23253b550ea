import Testing
@testable import GalgenCore

/// Issue 13: gallery.yml's bytes must be UTF-8 text, and its aliases cannot blow it up.
@Suite("ConfigParser: text and aliases")
struct ConfigTextTests {
    func bytesErrors(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ConfigError] {
        do {
            let gallery = try ConfigParser.parse(bytes, file: "gallery.yml", directory: "/site")
            Issue.record("expected errors, but it parsed: \(gallery)", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.errors
        }
    }

    @Test("Invalid UTF-8 is reported at its own line and column", arguments: [
        (Array("title: ok\nimages:\n  - src: caf".utf8) + [0xFF] + Array(".jpg\n".utf8), 3, 13, UInt8(0xFF)),
        (Array("title: Été ".utf8) + [0xC3, 0x28] + Array("\n".utf8), 1, 12, UInt8(0xC3)),
        (Array("title: x\r\ndescription: ".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8), 2, 14, UInt8(0xED)),
        ([0x80], 1, 1, UInt8(0x80)),
    ])
    func invalidUTF8(_ bytes: [UInt8], _ line: Int, _ column: Int, _ byte: UInt8) {
        let errors = bytesErrors(bytes)
        #expect(errors == [ConfigError(.invalidUTF8(byte: byte), at: at(line, column))])
        #expect(errors.first?.description.components(separatedBy: "error:").count == 2)
    }

    @Test func validUTF8BytesParse() throws {
        let gallery = try ConfigParser.parse(Array("title: Été à Zürich\nimages:\n  - café.jpg\n".utf8), directory: "/site")
        #expect(gallery.title == "Été à Zürich")
        #expect(gallery.allImages.map(\.slug) == ["cafe"])
    }

    @Test("Control characters are reported where they are, with one 'error:'", arguments: [
        ("title: x\ndescription: abc\u{0}\n", 2, 17, Unicode.Scalar(0)),
        ("title: \"a\u{7}b\"\n", 1, 10, Unicode.Scalar(7)),
        ("images:\n  - src: a.jpg\n    title: é\u{1B}[31m\n", 3, 13, Unicode.Scalar(0x1B)),
        ("title: x\r\n\u{7F}\n", 2, 1, Unicode.Scalar(0x7F)),
    ])
    func controlCharacters(_ yaml: String, _ line: Int, _ column: Int, _ scalar: Unicode.Scalar) {
        let expected = [ConfigError(.controlCharacter(scalar), at: at(line, column))]
        #expect(parseErrors(yaml) == expected)
        #expect(bytesErrors(Array(yaml.utf8)) == expected)
        let description = parseErrors(yaml).first?.description ?? ""
        #expect(description.hasPrefix("gallery.yml:\(line):\(column): error: the control character U+"))
        #expect(description.components(separatedBy: "error:").count == 2)
    }

    @Test func tabsLineBreaksAndEscapedControlsAreFine() throws {
        let gallery = try #require(parseGallery("title:\t\"a\\tb\\u0007\"\r\ndescription: x\n"))
        #expect(gallery.title == "a\tb\u{7}")
    }

    /// 9 levels of 9 aliases, the last used as a mapping key: 9^9 values if expanded.
    static let billionLaughs = """
        a: &a [x, x, x, x, x, x, x, x, x]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
        *i : boom

        """

    @Test("Nested aliases are bounded: one short error, found by counting, not by expanding")
    func billionLaughsIsBounded() {
        let start = ContinuousClock.now
        let errors = parseErrors(Self.billionLaughs)
        // Each level adds 9 copies of the one before: 90, 819, 7,380 and 66,429 values by line 5 (74,718);
        // the first *e on line 6 adds 66,430 more and crosses 100,000, long before 9^9.
        #expect(errors == [ConfigError(.tooManyAliases(limit: 100_000), at: at(6, 8))])
        #expect((errors.first?.description.utf8.count ?? .max) < 300)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("Aliases right after a flow indicator are counted too: the same bomb, written without spaces", arguments: [
        "*%@",             // [*h,*h,…]
        "{'k !t':*%@}",     // after a quoted key that looks like it holds a tag
        "{? *%@}",         // as a key
    ])
    func compactFlowBombIsBounded(_ item: String) {
        let levels = "abcdefghi".map(String.init)
        var yaml = "{a: &a [x,x,x,x,x,x,x,x,x]"
        for (inner, outer) in zip(levels, levels.dropFirst()) {
            let items = Array(repeating: item.replacingOccurrences(of: "%@", with: inner), count: 9)
            yaml += ",\(outer): &\(outer) [" + items.joined(separator: ",") + "]"
        }
        yaml += ",z: {?*i: boom}}\n"
        // Counted, not expanded: without the count this would not finish.
        #expect(parseErrors(yaml).map(\.kind) == [.tooManyAliases(limit: 100_000)])
    }

    @Test("A '*' inside a tag is not an alias (found by fuzz/: the budget's copy split the tag and refused a valid file)",
          arguments: ["!x-*ab:", "!x:*ab:", "!?*ab:", "!x:*ab?*c:"])
    func starInsideATag(_ tag: String) throws {
        let gallery = try #require(parseGallery("title: \(tag) Gallery\nimages: [a.jpg]\n"))
        #expect(gallery.title == "Gallery")
    }

    @Test("A '*' in a plain scalar is not rewritten into a comment (found by fuzz/: '[*ab#c' became '['' #c')")
    func starBeforeAHash() throws {
        let gallery = try #require(parseGallery("title: x [*ab#c d\nimages: [a.jpg]\n"))
        #expect(gallery.title == "x [*ab#c d")
        #expect(parseErrors("images: [a.jpg]\nx-[*ab#c: 1\n").map(\.kind)
                == [.unknownKey("x-[*ab#c", context: "gallery.yml", suggestion: nil, allowed: ConfigReader.galleryKeys)])
    }

    @Test func aliasesWithinTheBudgetWork() throws {
        let yaml = """
            title: &t "Shared *t"
            albums:
              - title: A
                images: &shared
                  - a.jpg
                  - src: b.jpg
                    title: *t
              - title: B
                images: *shared

            """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.title == "Shared *t")
        #expect(gallery.albums.map { $0.images.map(\.title) } == [["a", "Shared *t"], ["a", "Shared *t"]])
    }

    @Test("A key that is not text is described by its kind, never printed", arguments: [
        ("? [a, b]\n: x\n", 1, 3, "a list"),
        // Yams hands an alias the anchored node itself, so an aliased key is reported at its anchor.
        ("thumbnails: &t {quality: 80, widths: [400]}\n*t : 1\n", 1, 13, "a block of 'key: value' lines"),
        ("images:\n  - src: a.jpg\n    ? {x: y}\n    : z\n", 3, 7, "a block of 'key: value' lines"),
    ])
    func nonTextKeys(_ yaml: String, _ line: Int, _ column: Int, _ kind: String) throws {
        let errors = parseErrors(yaml)
        try #require(errors.count == 1, "\(errors)")
        guard case let .keyNotText(found, _, allowed) = errors[0].kind else {
            Issue.record("\(errors[0])")
            return
        }
        #expect(found == kind)
        #expect(!allowed.isEmpty)
        #expect(errors[0].location == at(line, column))
        #expect(!errors[0].description.contains("quality") && !errors[0].description.contains("[a, b]"))
    }
}
