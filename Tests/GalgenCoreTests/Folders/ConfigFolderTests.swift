import Testing
@testable import GalgenCore

/// gallery.yml's folder and glob entries, folder albums, `sort:`, `reverse:` and `exclude:`.
@Suite("ConfigParser: folders, globs and order")
struct ConfigFolderTests {
    @Test func aSrcEndingInASlashOrWithPatternCharactersIsAGroupInItsPlace() throws {
        let gallery = try #require(parseGallery("""
            images:
              - photos/first.jpg
              - photos/
              - src: photos/2024/**/*.JPG
                caption: Summer
                alt: A summer photo
                exclude: ["*-edit.jpg", drafts/**]
              - photos/last.jpg
            """))
        let album = try #require(gallery.albums.first)
        #expect(album.images.map(\.source.description) == ["photos/first.jpg", "photos/last.jpg"])
        #expect(album.groups.map(\.position) == [1, 1])
        let folder = album.groups[0].value, glob = album.groups[1].value
        #expect((folder.written, folder.root, folder.pattern, folder.maxDepth) == ("photos/", "/site/photos", nil, nil))
        #expect(folder.writtenRoot == "photos/")
        #expect((glob.root, glob.pattern?.segments, glob.maxDepth) == ("/site/photos/2024", ["**", "*.JPG"], nil))
        #expect(glob.writtenRoot == "photos/2024/")
        #expect((glob.caption, glob.alt) == ("Summer", "A summer photo"))
        #expect(glob.exclude.map(\.segments) == [["*-edit.jpg"], ["drafts", "**"]])
        #expect(glob.location == at(4, 5))
    }

    @Test func aShallowGlobLooksOnlyAsDeepAsItsPattern() throws {
        let gallery = try #require(parseGallery("images: photos/*/IMG_?.jpg\n"))
        let group = try #require(gallery.albums.first?.groups.first?.value)
        #expect((group.root, group.maxDepth) == ("/site/photos", 2))
    }

    @Test func imagesMayBeOneFolderAndAlbumsOneTree() throws {
        let single = try #require(parseGallery("title: T\nimages: photos/\n"))
        #expect(single.albums.count == 1 && single.albums[0].groups.map(\.value.written) == ["photos/"])
        let tree = try #require(parseGallery("albums: ~/Pictures/Trip/\n", home: "/home/me"))
        #expect(tree.hasAlbums && tree.albums.isEmpty)
        #expect(tree.trees.map(\.value.root) == ["/home/me/Pictures/Trip"])
    }

    @Test func folderAlbumEntriesArePlacedAmongListedAlbums() throws {
        let gallery = try #require(parseGallery("""
            sort: date
            reverse: true
            albums:
              - title: Best
                images: [best/a.jpg]
                sort: name
              - folders: trips/
                exclude: "*.tmp.jpg"
                reverse: false
              - title: Last
                images: [z.jpg]
            """))
        #expect(gallery.order == PhotoOrder(.date, reverse: true))
        #expect(gallery.albums.map(\.title) == ["Best", "Last"])
        #expect(gallery.albums.map(\.order) == [PhotoOrder(.name, reverse: true), nil])
        #expect(gallery.trees.map(\.position) == [1])
        let tree = gallery.trees[0].value
        #expect((tree.written, tree.root, tree.exclude.map(\.segments)) == ("trips/", "/site/trips", [["*.tmp.jpg"]]))
        // `reverse: false` alone: the key stays the default (manual) for a tree's own order.
        #expect(tree.order == PhotoOrder(.manual, reverse: false))
    }

    @Test func aTitleOrSlugCannotBeEveryPhotoOfAFolder() {
        let errors = parseErrors("images:\n  - src: photos/\n    title: Trip\n    slug: trip\n")
        #expect(errors.map(\.kind) == [.keyOnFolder("title", folder: "photos/"), .keyOnFolder("slug", folder: "photos/")])
        #expect(positions(errors) == ["3:5", "4:5"])
        #expect(errors[0].message.contains("- src: photos/NAME.jpg"))
    }

    @Test func excludeOnOnePhotoSaysHowToNameAFolder() {
        let errors = parseErrors("images:\n  - src: photos\n    exclude: '*.png'\n")
        #expect(errors.map(\.kind) == [.excludeOnPhoto("photos")])
        #expect(errors[0].message.contains("end it with '/' (photos/)"))
    }

    @Test func sortAndReverseAreChecked() {
        let errors = parseErrors("sort: dates\nreverse: maybe\n")
        #expect(errors.map(\.kind) == [
            .notOneOf(key: "sort", value: "dates", suggestion: "date", allowed: ["manual", "name", "date"]),
            .wrongType(key: "reverse", expected: "true or false"),
        ])
    }

    @Test func foldersAreNeverWebAddressesOrPatterns() {
        let errors = parseErrors("albums:\n  - folders: https://example.org/photos/\n  - folders: 'photos/*'\n")
        #expect(errors.count == 2)
        #expect(errors[0].message.contains("web addresses are listed one photo per entry"))
        #expect(errors[1].message.contains("not a pattern"))
    }

    @Test func aURLWithPatternCharactersStaysOnePhoto() throws {
        let gallery = try #require(parseGallery("images:\n  - https://example.org/photos/a*b.jpg\n  - https://example.org/photos/\n"))
        #expect(gallery.albums[0].groups.isEmpty && gallery.albums[0].images.count == 2)
    }

    @Test func titleGivenIsKnown() throws {
        let gallery = try #require(parseGallery("images:\n  - a.jpg\n  - src: b.jpg\n  - src: c.jpg\n    title: C\n"))
        #expect(gallery.albums[0].images.map(\.titleGiven) == [false, false, true])
        #expect(gallery.albums[0].images.map(\.title) == ["a", "b", "C"])
    }
}

private func parseGallery(_ yaml: String, home: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Gallery? {
    do {
        return try ConfigParser.parse(yaml, file: "gallery.yml", directory: "/site", home: home)
    } catch {
        Issue.record("expected a valid gallery, got:\n\(error)", sourceLocation: sourceLocation)
        return nil
    }
}
