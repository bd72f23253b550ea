import Testing
@testable import GalgenCore

/// One invalid file, where its (single) error must be, and the key or value it names.
struct InvalidCase: Sendable, CustomTestStringConvertible {
    var yaml: String
    var line: Int
    var column: Int
    var key: String
    var extra: String? = nil
    var testDescription: String { yaml.replacingOccurrences(of: "\n", with: "⏎") }

    init(_ yaml: String, _ line: Int, _ column: Int, _ key: String, _ extra: String? = nil) {
        (self.yaml, self.line, self.column, self.key, self.extra) = (yaml, line, column, key, extra)
    }
}

@Suite("ConfigParser: validation errors")
struct ConfigValidationTests {
    @Test("Unknown keys are reported where they are, with a suggestion", arguments: [
        InvalidCase("titel: x\n", 1, 1, "titel", "title"),
        InvalidCase("Title: x\n", 1, 1, "Title", "title"),
        InvalidCase("colour: red\n", 1, 1, "colour", nil),
        InvalidCase("images:\n  - src: a.jpg\n    captoin: hi\n", 3, 5, "captoin", "caption"),
        InvalidCase("images:\n  - src: a.jpg\n    photographer: me\n", 3, 5, "photographer", nil),
        InvalidCase("albums:\n  - title: A\n    images:\n      - src: a.jpg\n        tilte: x\n", 5, 9, "tilte", "title"),
        InvalidCase("albums:\n  - titel: A\n", 2, 5, "titel", "title"),
        InvalidCase("thumbnails:\n  width: [400]\n", 2, 3, "width", "widths"),
        InvalidCase("thumbnails:\n  qualty: 80\n", 2, 3, "qualty", "quality"),
        InvalidCase("download:\n  allow_insecure_host: [a]\n", 2, 3, "allow_insecure_host", "allow_insecure_hosts"),
    ])
    func unknownKey(_ c: InvalidCase) throws {
        let error = try onlyError(c)
        guard case let .unknownKey(key, _, suggestion, allowed) = error.kind else {
            Issue.record("not an unknown key: \(error.kind)")
            return
        }
        #expect(key == c.key)
        #expect(suggestion == c.extra)
        #expect(!allowed.isEmpty && !allowed.contains(key))
        if let suggestion { #expect(allowed.contains(suggestion)) }
        let hint = c.extra.map { "; did you mean '\($0)'? Allowed keys: " } ?? ". Allowed keys: "
        #expect(error.message.hasPrefix("unknown key '\(c.key)' in "))
        #expect(error.message.contains(hint))
    }

    @Test func unknownTopLevelKeyListsAllowedKeys() throws {
        let error = try #require(parseErrors("titel: Trip\n").first)
        #expect(error.kind == .unknownKey("titel", context: "gallery.yml", suggestion: "title", allowed: ConfigReader.galleryKeys))
        #expect(error.description == "gallery.yml:1:1: error: unknown key 'titel' in gallery.yml; did you mean 'title'? "
                + "Allowed keys: title, description, base_url, template, thumbnails, video, live_photos, download, viewer, images, albums, sort, "
                + "reverse, feeds, tags, downloads, language, labels, details, rights, places, watermark.")
    }

    @Test func missingSource() {
        let errors = parseErrors("images:\n  - title: Beach\n    caption: no file\n")
        #expect(errors == [ConfigError(.missingKey("src", context: "this image"), at: at(2, 5))])
        #expect(errors.first?.message == "this image has no 'src'. Add 'src:' to it.")
    }

    @Test("An empty src is reported at the value", arguments: [
        InvalidCase("images:\n  - src: \"\"\n", 2, 10, "src"),
        InvalidCase("images:\n  - src: '   '\n", 2, 10, "src"),
        InvalidCase("images:\n  - src:\n", 2, 9, "src"),
        InvalidCase("images:\n  - src: ~\n", 2, 10, "src"),
        InvalidCase("images:\n  - \"\"\n", 2, 5, "src"),
        InvalidCase("images:\n  -\n", 2, 4, "src"),
    ])
    func emptySource(_ c: InvalidCase) {
        #expect(parseErrors(c.yaml) == [ConfigError(.emptySource, at: at(c.line, c.column))])
    }

    @Test(arguments: ["images:\n  - ~\n", "images:\n  - null\n"])
    func nullShorthandItemIsEmptySource(_ yaml: String) {
        #expect(parseErrors(yaml) == [ConfigError(.emptySource, at: at(2, 5))])
    }

    @Test func duplicateExplicitImageSlugs() {
        let yaml = "images:\n  - src: a.jpg\n    slug: beach\n  - src: b.jpg\n    slug: beach\n  - src: c.jpg\n    slug: beach\n"
        let errors = parseErrors(yaml)
        #expect(errors == [
            ConfigError(.duplicateSlug("beach", firstSeen: at(3, 11)), at: at(5, 11)),
            ConfigError(.duplicateSlug("beach", firstSeen: at(3, 11)), at: at(7, 11)),
        ])
        #expect(errors.first?.description == "gallery.yml:5:11: error: the slug 'beach' is already used at gallery.yml:3:11. "
                + "Give one of them a different 'slug:'.")
    }

    @Test func duplicateExplicitAlbumSlugs() {
        let errors = parseErrors("albums:\n  - title: A\n    slug: trip\n  - title: B\n    slug: trip\n")
        #expect(errors == [ConfigError(.duplicateSlug("trip", firstSeen: at(3, 11)), at: at(5, 11))])
    }

    @Test func explicitSlugWinsOverDerivedOneAndAlbumsAreSeparateNamespaces() throws {
        let gallery = try #require(parseGallery("images:\n  - beach.jpg\n  - src: b.jpg\n    slug: beach\n"))
        #expect(gallery.allImages.map(\.slug) == ["beach-2", "beach"])
        let albums = try #require(parseGallery(
            "albums:\n  - images:\n      - src: a.jpg\n        slug: x\n  - images:\n      - src: b.jpg\n        slug: x\n"))
        #expect(albums.allImages.map(\.slug) == ["x", "x"])
    }

    @Test("Invalid slugs are reported at the value", arguments: [
        ("-beach", "-beach"), ("my beach", "my beach"), ("a/b", "a/b"), ("été", "été"), ("../x", "../x"), ("\"\"", ""),
    ])
    func invalidSlug(_ written: String, _ value: String) {
        let errors = parseErrors("images:\n  - src: a.jpg\n    slug: \(written)\n")
        #expect(errors == [ConfigError(.invalidSlug(value), at: at(3, 11))])
        #expect(errors.first?.message.contains("may only contain letters, digits, '-' and '_'") == true)
        #expect(parseErrors("albums:\n  - title: A\n    slug: \(written)\n") == [ConfigError(.invalidSlug(value), at: at(3, 11))])
    }

    @Test("Values of the wrong type", arguments: [
        InvalidCase("title:\n  - a\n  - b\n", 2, 3, "title"),
        InvalidCase("title: [a, b]\n", 1, 8, "title"),
        InvalidCase("description: {a: b}\n", 1, 14, "description"),
        InvalidCase("images:\n  - src: [a.jpg]\n", 2, 10, "src"),
        InvalidCase("images:\n  - src: a.jpg\n    alt: {x: y}\n", 3, 10, "alt"),
        InvalidCase("thumbnails:\n  widths: \"400\"\n", 2, 11, "thumbnails.widths"),
        InvalidCase("thumbnails:\n  widths: 400\n", 2, 11, "thumbnails.widths"),
        InvalidCase("thumbnails:\n  widths: []\n", 2, 11, "thumbnails.widths"),
        InvalidCase("thumbnails:\n  widths: [400, big]\n", 2, 17, "thumbnails.widths"),
        InvalidCase("thumbnails:\n  quality: \"82\"\n", 2, 12, "thumbnails.quality"),
        InvalidCase("thumbnails:\n  quality: 82.5\n", 2, 12, "thumbnails.quality"),
        InvalidCase("thumbnails:\n  quality: [82]\n", 2, 12, "thumbnails.quality"),
        InvalidCase("thumbnails: big\n", 1, 13, "thumbnails"),
        InvalidCase("download:\n  timeout: 30s\n", 2, 12, "download.timeout"),
        InvalidCase("download:\n  allow_insecure_hosts: example.com\n", 2, 25, "download.allow_insecure_hosts"),
        InvalidCase("download:\n  allow_insecure_hosts: [[a]]\n", 2, 26, "download.allow_insecure_hosts"),
        InvalidCase("images: { src: photos/a.jpg }\n", 1, 9, "images"),
        InvalidCase("images:\n  - [a.jpg]\n", 2, 5, "image"),
        InvalidCase("albums:\n  title: A\n", 2, 3, "albums"),
        InvalidCase("albums:\n  - A\n", 2, 5, "album"),
        InvalidCase("- a.jpg\n", 1, 1, "gallery.yml"),
    ])
    func wrongType(_ c: InvalidCase) throws {
        let error = try onlyError(c)
        guard case let .wrongType(key, expected) = error.kind else {
            Issue.record("not a wrong type: \(error.kind)")
            return
        }
        #expect(key == c.key)
        #expect(error.message == "'\(c.key)' must be \(expected).")
    }

    @Test("Numbers out of range", arguments: [
        InvalidCase("thumbnails:\n  quality: 0\n", 2, 12, "thumbnails.quality", "0|between 1 and 100"),
        InvalidCase("thumbnails:\n  quality: 101\n", 2, 12, "thumbnails.quality", "101|between 1 and 100"),
        InvalidCase("thumbnails:\n  quality: -5\n", 2, 12, "thumbnails.quality", "-5|between 1 and 100"),
        InvalidCase("thumbnails:\n  widths: [400, 10]\n", 2, 17, "thumbnails.widths", "10|between 16 and 8192"),
        InvalidCase("thumbnails:\n  widths:\n    - 9000\n", 3, 7, "thumbnails.widths", "9000|between 16 and 8192"),
        InvalidCase("download:\n  concurrency: 0\n", 2, 16, "download.concurrency", "0|between 1 and 256"),
        InvalidCase("download:\n  timeout: 3601\n", 2, 12, "download.timeout", "3601|between 1 and 3600"),
    ])
    func outOfRange(_ c: InvalidCase) throws {
        let parts = try #require(c.extra?.split(separator: "|").map(String.init))
        let errors = parseErrors(c.yaml)
        #expect(errors == [ConfigError(.outOfRange(key: c.key, value: parts[0], range: parts[1]), at: at(c.line, c.column))])
        #expect(errors.first?.message == "'\(c.key)' is \(parts[0]), but it must be \(parts[1]).")
    }

    @Test func rangeBoundariesAreAccepted() throws {
        let gallery = try #require(parseGallery("thumbnails:\n  widths: [16, 8192]\n  quality: 1\n"))
        #expect(gallery.thumbnails == RenditionRequest(widths: [16, 8192], quality: 1, formats: RenditionRequest.defaultFormats))
        #expect(parseGallery("thumbnails:\n  quality: 100\n")?.thumbnails.quality == 100)
    }

    @Test("Both images and albums", arguments: [
        InvalidCase("images:\n  - a.jpg\nalbums: []\n", 3, 1, "albums"),
        InvalidCase("albums: []\nimages: []\n", 1, 1, "albums"),
    ])
    func conflictingKeys(_ c: InvalidCase) {
        let errors = parseErrors(c.yaml)
        #expect(errors == [ConfigError(.conflictingKeys("images", "albums"), at: at(c.line, c.column))])
        #expect(errors.first?.message.hasPrefix("use either 'images' or 'albums', not both.") == true)
    }
}
