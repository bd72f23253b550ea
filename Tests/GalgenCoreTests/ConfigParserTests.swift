import Testing
@testable import GalgenCore

// MARK: - Helpers shared by the config test files

/// Parses text that must be valid; records an issue and returns nil otherwise.
func parseGallery(_ yaml: String, directory: String = "/site",
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Gallery? {
    do {
        return try ConfigParser.parse(yaml, file: "gallery.yml", directory: directory)
    } catch {
        Issue.record("expected a valid gallery, got:\n\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses text that must be invalid and returns its errors (empty, with an issue, if it parsed).
func parseErrors(_ yaml: String, file: String = "gallery.yml", directory: String = "/site",
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ConfigError] {
    do {
        let gallery = try ConfigParser.parse(yaml, file: file, directory: directory)
        Issue.record("expected errors, but it parsed: \(gallery)", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.errors
    }
}

/// `line:column` of each error, for compact comparisons.
func positions(_ errors: [ConfigError]) -> [String] {
    errors.map { "\($0.location.line):\($0.location.column)" }
}

/// The one error an invalid case must produce, checked to be at the case's line and column.
func onlyError(_ c: InvalidCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ConfigError {
    let errors = parseErrors(c.yaml, sourceLocation: sourceLocation)
    try #require(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
    #expect(errors[0].location == at(c.line, c.column), sourceLocation: sourceLocation)
    return errors[0]
}

func at(_ line: Int, _ column: Int) -> GalgenCore.SourceLocation {
    GalgenCore.SourceLocation(file: "gallery.yml", line: line, column: column)
}

// MARK: - Valid files

@Suite("ConfigParser: valid gallery.yml")
struct ConfigParserTests {
    @Test func topLevelImagesListWithAllFields() throws {
        let yaml = """
            title: Summer 2024
            description: Days at the sea
            thumbnails:
              widths: [1600, 400, 800, 400]
              quality: 90
            images:
              - src: photos/beach.jpg
                title: Beach
                caption: The first day
                alt: Sand and sea
              - src: photos/dunes.jpg
                slug: dunes-at-dusk
              - photos/Harbour View.JPG
            """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.title == "Summer 2024")
        #expect(gallery.description == "Days at the sea")
        #expect(gallery.thumbnails == RenditionRequest(widths: [400, 800, 1600], quality: 90, formats: RenditionRequest.defaultFormats))
        #expect(gallery.thumbnails.maxPixels == 200_000_000)
        #expect(parseGallery("thumbnails: { max_pixels: 50000000 }\nimages: []")?.thumbnails.maxPixels == 50_000_000)
        #expect(throws: ConfigErrors.self) {
            try ConfigParser.parse("thumbnails: { max_pixels: 0 }\nimages: []", file: "gallery.yml", directory: "/site")
        }
        #expect(gallery.hasAlbums == false)
        #expect(gallery.albums.count == 1)
        let album = try #require(gallery.albums.first)
        #expect(album.title == "Summer 2024")
        #expect(album.slug == "")
        #expect(album.description == "Days at the sea")
        var untitled = [
            GalleryImage(source: .local(written: "photos/dunes.jpg", resolved: "/site/photos/dunes.jpg"),
                         title: "dunes", slug: "dunes-at-dusk", location: at(11, 5)),
            GalleryImage(source: .local(written: "photos/Harbour View.JPG", resolved: "/site/photos/Harbour View.JPG"),
                         title: "Harbour View", slug: "harbour-view", location: at(13, 5)),
        ]
        // Titles from file names: a sidecar's or the photo's own title comes first.
        for index in untitled.indices { untitled[index].titleGiven = false }
        #expect(album.images == [
            GalleryImage(source: .local(written: "photos/beach.jpg", resolved: "/site/photos/beach.jpg"),
                         title: "Beach", caption: "The first day", alt: "Sand and sea", slug: "beach", location: at(7, 5)),
        ] + untitled)
        #expect(gallery.allImages.map(\.slug) == ["beach", "dunes-at-dusk", "harbour-view"])
    }

    /// Photos often live elsewhere: any path the user writes, `~/…` as a shell would expand it.
    @Test func localPathsRelativeAbsoluteAndInTheHomeFolder() throws {
        let yaml = "template: ~/themes/plain\nimages:\n  - photos/a.jpg\n  - /srv/b.jpg\n  - ~/Pictures/c.jpg\n  - ../d.jpg\n  - ~e.jpg\n"
        let gallery = try ConfigParser.parse(yaml, file: "gallery.yml", directory: "/site", home: "/home/ada")
        #expect(gallery.albums[0].images.map(\.source) == [
            .local(written: "photos/a.jpg", resolved: "/site/photos/a.jpg"), .local(written: "/srv/b.jpg", resolved: "/srv/b.jpg"),
            .local(written: "~/Pictures/c.jpg", resolved: "/home/ada/Pictures/c.jpg"), .local(written: "../d.jpg", resolved: "/d.jpg"),
            // Only `~/` is the home folder; `~name` is a file name.
            .local(written: "~e.jpg", resolved: "/site/~e.jpg"),
        ])
        #expect(PathNormalizer.resolve("~/themes/plain", in: "/site", home: "/home/ada") == "/home/ada/themes/plain")
        #expect(PathNormalizer.resolve("~/x.jpg", in: "/site", home: nil) == "/site/~/x.jpg")
    }

    @Test func defaultsWhenSettingsAreMissing() throws {
        let gallery = try #require(parseGallery("images:\n  - a.jpg\n"))
        #expect(gallery.title == "Gallery")
        #expect(gallery.description == nil)
        #expect(gallery.baseURL == nil)
        #expect(gallery.templatePath == nil)
        #expect(gallery.thumbnails.widths == [320, 640, 1080, 1920])
        #expect(gallery.thumbnails.quality == 82)
        #expect(gallery.download == DownloadSettings())
        #expect(gallery.albums.map(\.title) == ["Gallery"])
    }

    @Test("An empty or comment-only file is an empty gallery", arguments: ["", "\n", "# nothing yet\n", "~\n"])
    func emptyFile(_ yaml: String) throws {
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery == Gallery(title: "Gallery"))
    }

    @Test func otherTopLevelSettings() throws {
        let yaml = """
            base_url: https://example.com/photos/
            template: theme
            download:
              concurrency: 4
              per_host: 2
              timeout: 60
              max_bytes: 1_000_000
              allow_insecure_hosts: [nas.local]
            images: []
            """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.baseURL == "https://example.com/photos/")
        #expect(gallery.templatePath == "theme")
        #expect(gallery.download == DownloadSettings(concurrency: 4, perHost: 2, timeoutSeconds: 60, maxBytes: 1_000_000,
                                                     allowInsecureHosts: ["nas.local"]))
        #expect(gallery.albums.count == 1)
        #expect(gallery.allImages.isEmpty)
    }

    @Test func albumsWithImagesAndDerivedSlugs() throws {
        let yaml = """
            title: Trips
            albums:
              - title: Day One
                description: Arrival
                images:
                  - a.jpg
                  - src: b.jpg
                    title: Boats
              - title: Day One
                images: []
              - title: Night
                slug: night_2
              - images:
                  - c.jpg
            """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.title == "Trips")
        #expect(gallery.hasAlbums)
        #expect(gallery.albums.map(\.slug) == ["day-one", "day-one-2", "night_2", "album-4"])
        #expect(gallery.albums.map(\.title) == ["Day One", "Day One", "Night", "Album 4"])
        #expect(gallery.albums[0].description == "Arrival")
        #expect(gallery.albums[0].images.map(\.title) == ["a", "Boats"])
        #expect(gallery.albums[0].images.map(\.slug) == ["a", "boats"])
        #expect(gallery.albums[0].images[1].location == at(7, 9))
        #expect(gallery.albums[3].images.map(\.source) == [.local(written: "c.jpg", resolved: "/site/c.jpg")])
        #expect(gallery.allImages.count == 3)
    }

    @Test("Text keeps what was written, whatever YAML would make of it", arguments: [
        ("no", "no"), ("yes", "yes"), ("true", "true"), ("2024", "2024"), ("3.10", "3.10"),
        ("0x1F", "0x1F"), ("\"Quoted: yes\"", "Quoted: yes"), ("'it''s'", "it's"),
    ])
    func textIsTakenLiterally(_ written: String, _ expected: String) throws {
        let gallery = try #require(parseGallery("title: \(written)\nimages:\n  - src: a.jpg\n    caption: \(written)\n"))
        #expect(gallery.title == expected)
        #expect(gallery.allImages.first?.caption == expected)
    }

    @Test("A null title falls back to the default", arguments: ["title:", "title: ~", "title: null"])
    func nullTitle(_ line: String) throws {
        let gallery = try #require(parseGallery(line + "\n"))
        #expect(gallery.title == "Gallery")
    }

    @Test("Relative src is resolved against the directory, absolute paths are kept", arguments: [
        ("photos/a.jpg", "/site", "/site/photos/a.jpg"),
        ("./photos/./a.jpg", "/site", "/site/photos/a.jpg"),
        ("photos//a.jpg", "/site", "/site/photos/a.jpg"),
        ("../shared/a.jpg", "/site/gallery", "/site/shared/a.jpg"),
        ("photos/../../a.jpg", "/site", "/a.jpg"),
        ("../../../a.jpg", "/site", "/a.jpg"),
        ("a.jpg", "/site/", "/site/a.jpg"),
        ("a.jpg", "/", "/a.jpg"),
        ("../a.jpg", ".", "../a.jpg"),
        ("/abs/photos/a.jpg", "/site", "/abs/photos/a.jpg"),
        ("/abs/../photos/./a.jpg", "/site", "/photos/a.jpg"),
    ])
    func sourcePathResolution(_ src: String, _ directory: String, _ resolved: String) throws {
        let gallery = try #require(parseGallery("images:\n  - src: \(src)\n  - \(src)\n", directory: directory))
        let expected = ImageSource.local(written: src, resolved: resolved)
        #expect(gallery.allImages.map(\.source) == [expected, expected])
        #expect(expected.description == src)
    }

    @Test func slugsAreDerivedFromTitlesAndDeduplicated() throws {
        let yaml = """
            images:
              - src: 1.jpg
                title: Beach Day
              - src: 2.jpg
                title: "Beach   day!"
              - src: 3.jpg
                slug: beach-day-3
              - src: 4.jpg
                title: Beach Day
              - src: 5.jpg
                title: 東京
              - src: 6.jpg
                title: "¡¿"
              - photos/beach-day.jpg
            """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.allImages.map(\.slug)
                == ["beach-day", "beach-day-2", "beach-day-3", "beach-day-4", "image", "image-2", "beach-day-5"])
    }
}
