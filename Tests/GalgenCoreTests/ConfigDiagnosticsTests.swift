import Testing
@testable import GalgenCore

/// YAML syntax errors, several errors in one file, and how errors read.
@Suite("ConfigParser: diagnostics")
struct ConfigDiagnosticsTests {
    @Test("YAML syntax errors have a line and column", arguments: [
        InvalidCase("images: [\n", 2, 1, ""),
        InvalidCase("images:\n  - src: a.jpg\n   title: x\n", 3, 4, ""),
        InvalidCase("images:\n\t- a.jpg\n", 2, 1, ""),
        InvalidCase("title: \"unterminated\nimages: []\n", 3, 1, ""),
        InvalidCase("title: a: b\n", 1, 9, ""),
    ])
    func syntaxError(_ c: InvalidCase) throws {
        let error = try onlyError(c)
        guard case let .syntax(problem) = error.kind else {
            Issue.record("not a syntax error: \(error.kind)")
            return
        }
        #expect(problem.hasPrefix("invalid YAML: "))
        #expect(error.description.hasPrefix("gallery.yml:\(c.line):\(c.column): error: invalid YAML: "))
        #expect(error.description.hasSuffix(". Check the indentation and quoting on this line."))
    }

    @Test("Duplicate keys in one mapping are a syntax error", arguments: [
        InvalidCase("title: a\ntitle: b\n", 1, 1, "title"),
        InvalidCase("images:\n  - src: a.jpg\n    src: b.jpg\n", 2, 5, "src"),
        InvalidCase("thumbnails:\n  quality: 80\n  widths: [400]\n  quality: 90\n", 2, 3, "quality"),
        // Keys are compared as the text galgen reads, quoted or not (no YAML type decides).
        InvalidCase("title: a\n\"title\": b\n", 1, 1, "title"),
        InvalidCase("1: a\n\"1\": b\n", 1, 1, "1"),
        InvalidCase("images:\n  - src: a.jpg\n    'src': b.jpg\n", 2, 5, "src"),
    ])
    func duplicateKeys(_ c: InvalidCase) {
        let errors = parseErrors(c.yaml)
        #expect(errors == [ConfigError(.syntax("the key '\(c.key)' appears twice in the same block; keep one"),
                                       at: at(c.line, c.column))])
    }

    @Test func severalErrorsAreAllReportedInFileOrder() {
        let yaml = """
            title: Trip
            thumbnails:
              quality: 0
            images:
              - src: ftp://example.com/a.jpg
              - title: no src
              - src: b.jpg
                slug: bad slug
              - src: c.jpg
                captoin: typo
            """
        let errors = parseErrors(yaml)
        #expect(positions(errors) == ["3:12", "5:10", "6:5", "8:11", "10:5"])
        #expect(errors.map(\.kind) == [
            .outOfRange(key: "thumbnails.quality", value: "0", range: "between 1 and 100"),
            .unsupportedScheme("ftp", url: "ftp://example.com/a.jpg"),
            .missingKey("src", context: "this image"),
            .invalidSlug("bad slug"),
            .unknownKey("captoin", context: "image", suggestion: "caption", allowed: ConfigReader.imageKeys),
        ])
    }

    @Test(arguments: [
            "images:\n  - src: ftp://x/a.jpg\nthumbnails:\n  quality: 0\ncolour: red\n",
            "images:\n  - src: a.jpg\n    slug: x\n  - src: b.jpg\n    slug: x\n  - title: no src\n",
          ])
    func errorsAreSortedByPosition(_ yaml: String) {
        let errors = parseErrors(yaml)
        #expect(errors.count > 1)
        let sorted = errors.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        #expect(positions(errors) == positions(sorted))
    }

    @Test("Descriptions start with file:line:column: error:", arguments: [
        InvalidCase("titel: x\n", 1, 1, ""),
        InvalidCase("images:\n  - title: x\n", 2, 5, ""),
        InvalidCase("thumbnails:\n  quality: 101\n", 2, 12, ""),
        InvalidCase("images: [\n", 2, 1, ""),
    ])
    func descriptionFormat(_ c: InvalidCase) throws {
        let error = try #require(parseErrors(c.yaml).first)
        #expect(error.description == "gallery.yml:\(c.line):\(c.column): error: \(error.message)")
        let renamed = try #require(parseErrors(c.yaml, file: "trips/gallery.yml").first)
        #expect(renamed.description.hasPrefix("trips/gallery.yml:\(c.line):\(c.column): error: "))
    }

    @Test func allErrorsAreDescribedOnePerLine() throws {
        let errors: ConfigErrors
        do {
            _ = try ConfigParser.parse("titel: x\nimages:\n  - title: y\n", directory: "/site")
            Issue.record("expected errors")
            return
        } catch {
            errors = error
        }
        let lines = errors.description.split(separator: "\n").map(String.init)
        #expect(lines == errors.errors.map(\.description))
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("gallery.yml:") && $0.contains(": error: ") })
    }

    @Test("Every message says how to fix it", arguments: [
        (ConfigError.Kind.syntax("invalid YAML: x"), "Check the indentation and quoting on this line."),
        (.unknownKey("titel", context: "gallery.yml", suggestion: "title", allowed: ["title", "images"]),
         "unknown key 'titel' in gallery.yml; did you mean 'title'? Allowed keys: title, images."),
        (.unknownKey("x", context: "image", suggestion: nil, allowed: ["src"]), "unknown key 'x' in image. Allowed keys: src."),
        (.missingKey("src", context: "this image"), "Add 'src:' to it."),
        (.wrongType(key: "title", expected: "text on one line"), "'title' must be text on one line."),
        (.outOfRange(key: "q", value: "0", range: "between 1 and 100"), "'q' is 0, but it must be between 1 and 100."),
        (.duplicateSlug("beach", firstSeen: at(3, 11)), "already used at gallery.yml:3:11. Give one of them a different 'slug:'."),
        (.invalidSlug("a b"), "must start with a letter or digit."),
        (.unsupportedScheme("ftp", url: "ftp://x/a"), "Use an https:// URL or a path relative to gallery.yml."),
        (.insecureURL(url: "http://x/a", host: "x"), "Use https, or list 'x' under download.allow_insecure_hosts"),
        (.emptySource, "Give a path relative to gallery.yml or an https:// URL."),
        (.conflictingKeys("images", "albums"), "each with its own 'images'."),
    ])
    func messagesSayHowToFix(_ kind: ConfigError.Kind, _ advice: String) {
        let error = ConfigError(kind, at: at(4, 2))
        #expect(error.message.contains(advice))
        #expect(error.description == "gallery.yml:4:2: error: " + error.message)
    }
}
