import Testing
@testable import GalgenCore

@Suite("FolderExpansion")
struct FolderExpansionTests {
    static let location = GalgenCore.SourceLocation(file: "gallery.yml", line: 4, column: 5)

    func group(_ written: String, exclude: [String] = [], caption: String? = nil) -> PhotoGroup {
        let resolved = "/site/" + written
        var group = PhotoGroup.parse(written: written, resolved: resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved,
                                     location: Self.location)!
        group.exclude = exclude.map(GlobPattern.init)
        group.caption = caption
        return group
    }

    func listing(_ files: [String], hidden: Int = 0, skipped: [SkippedEntry] = []) -> FolderListing {
        FolderListing(files: files.map { ListedFile($0, modified: 7) }, skipped: skipped, hidden: hidden, folders: ["/site/photos"])
    }

    @Test func aFolderBringsInItsPhotosInNaturalOrderAndSaysWhatItLeftOut() throws {
        let files = ["IMG_10.jpg", "IMG_2.JPG", "notes.txt", "IMG_3.bmp", "sub/IMG_1.jpeg", "IMG_2.JPG.yml", "IMG_4.tif", "b.pdf", "c.doc"]
        let (photos, report) = try FolderExpansion.photos(of: group("photos/"), listing: listing(files, hidden: 2)).get()
        #expect(photos.map(\.source) == [
            .local(written: "photos/IMG_2.JPG", resolved: "/site/photos/IMG_2.JPG"),
            .local(written: "photos/IMG_10.jpg", resolved: "/site/photos/IMG_10.jpg"),
            .local(written: "photos/sub/IMG_1.jpeg", resolved: "/site/photos/sub/IMG_1.jpeg"),
        ])
        #expect(photos.map(\.title) == ["IMG_2", "IMG_10", "IMG_1"])
        #expect(photos.allSatisfy { !$0.titleGiven && $0.slug.isEmpty && $0.modified == 7 && $0.location == Self.location })
        #expect(photos.map(\.sidecarPath) == ["/site/photos/IMG_2.JPG.yml", nil, nil])
        #expect(report.photos == 3)
        #expect(report.skipped == [
            .init(reason: .hidden, count: 2, examples: []),
            .init(reason: .notAnImage, count: 3, examples: ["notes.txt", "b.pdf", "c.doc"]),
            .init(reason: .unsupported(format: "BMP"), count: 1, examples: ["IMG_3.bmp"]),
            .init(reason: .unsupported(format: "TIFF"), count: 1, examples: ["IMG_4.tif"]),
        ])
        #expect(report.skippedText == "3 photos; skipped 7 files: 2 hidden; 3 not images (notes.txt, b.pdf, c.doc); "
                + "1 BMP, which galgen cannot read yet (IMG_3.bmp); 1 TIFF, which galgen cannot read yet (IMG_4.tif)")
    }

    @Test func aGlobBringsInOnlyWhatMatchesAndReportsOnlyAmongThose() throws {
        let files = ["a.jpg", "b.JPG", "c.png", "2024/d.jpg", "2024/x/e.jpg", "2024/x/e-edit.jpg"]
        let (photos, report) = try FolderExpansion.photos(of: group("photos/**/*.jpg", exclude: ["*-edit.jpg"]), listing: listing(files)).get()
        #expect(photos.map(\.source.description) == ["photos/2024/d.jpg", "photos/2024/x/e.jpg", "photos/a.jpg", "photos/b.JPG"])
        #expect(report.skipped == [.init(reason: .excluded, count: 1, examples: ["2024/x/e-edit.jpg"])])
    }

    @Test func anEmptyFolderOrAGlobMatchingNothingSaysWhatItFound() {
        let empty = FolderExpansion.photos(of: group("photos/"), listing: listing([]))
        #expect(failure(empty) == (ConfigError(.emptyFolder("photos/", found: " (it is empty)"), at: Self.location)))
        let heic = FolderExpansion.photos(of: group("photos/"), listing: listing(["a.TIF", "b.tif", "c.txt"]))
        #expect(failure(heic) == (ConfigError(.emptyFolder("photos/", found: " (found 1 file that is not an image and 2 TIFF files, which galgen cannot read yet)"), at: Self.location)))
        let glob = FolderExpansion.photos(of: group("photos/*.jpg"), listing: listing(["a.png"]))
        guard case let .failure(globError) = glob else { Issue.record("expected an error"); return }
        #expect(globError.kind == .globMatchedNothing("photos/*.jpg", found: " (it is empty)"))
        #expect(globError.message.contains("'**' any number of folders"))
    }

    func failure<T>(_ result: Result<T, ConfigError>) -> ConfigError? {
        if case let .failure(error) = result { return error }
        return nil
    }

    @Test func aMissingFolderIsNamed() {
        let result = FolderExpansion.photos(of: group("photos/"), listing: FolderListing(problem: .missing))
        #expect(failure(result) == (ConfigError(.folderMissing("photos/"), at: Self.location)))
    }

    func photo(_ name: String, slug: String = "", line: Int = 9) -> GalleryImage {
        var image = GalleryImage(source: .local(written: "photos/\(name)", resolved: "/site/photos/\(name)"),
                                 title: Slug.stem(ofPath: name), slug: slug, location: Fixture.location(line))
        image.titleGiven = slug.isEmpty == false
        return image
    }

    @Test func aPhotoListedOnItsOwnOverridesTheFolderAndKeepsItsPlace() throws {
        let single = photo("b.jpg", slug: "cover")
        let folder = FolderExpansion.ExpandedGroup(group: group("photos/"), photos: ["a.jpg", "b.jpg", "c.jpg"].map { photo($0) })
        let (images, errors) = FolderExpansion.merge(singles: [single], groups: [Placed(folder, at: 1)])
        #expect(errors.isEmpty)
        #expect(images.map(\.source.description) == ["photos/b.jpg", "photos/a.jpg", "photos/c.jpg"])
        #expect(images.map(\.slug) == ["cover", "a", "c"])
    }

    @Test func twoEntriesBringingInOnePhotoIsAnErrorNamingBoth() throws {
        let first = FolderExpansion.ExpandedGroup(group: group("photos/"), photos: ["a.jpg", "b.jpg", "c.jpg"].map { photo($0) })
        var glob = group("photos/*.jpg")
        glob.location = GalgenCore.SourceLocation(file: "gallery.yml", line: 6, column: 5)
        let second = FolderExpansion.ExpandedGroup(group: glob, photos: ["b.jpg", "c.jpg"].map { photo($0) })
        let (_, errors) = FolderExpansion.merge(singles: [], groups: [Placed(first, at: 0), Placed(second, at: 0)])
        #expect(errors == [ConfigError(.broughtInTwice(photo: "photos/b.jpg", more: 1, first: "photos/", firstSeen: Self.location,
                                                       second: "photos/*.jpg"), at: glob.location)])
        #expect(errors[0].message.contains("'photos/b.jpg' and 1 more photo would be brought in by both 'photos/' (gallery.yml:4:5) and 'photos/*.jpg'"))
    }

    @Test func slugsOfFolderPhotosAvoidListedOnesAndEachOther() {
        let images = FolderExpansion.withSlugs([photo("x.jpg", slug: "img-1"), photo("a/IMG_1.jpg"), photo("b/IMG_1.jpg"), photo("Été.jpg")])
        #expect(images.map(\.slug) == ["img-1", "img-1-2", "img-1-3", "ete"])
    }

    @Test func aTreeBecomesOneAlbumPerFolderWithPhotos() throws {
        let tree = AlbumTree(written: "trips", root: "/site/trips", order: PhotoOrder(.date), location: Self.location)
        let files = ["cover.jpg", "Italy/Rome/2.jpg", "Italy/Rome/10.jpg", "France/a.jpg", "Italy/readme.txt", "Empty/x.txt"]
        let (albums, report) = try FolderExpansion.albums(of: tree, listing: listing(files)).get()
        #expect(albums.map(\.album.title) == ["trips", "France", "Italy / Rome"])
        #expect(albums.map(\.slugBase) == ["trips", "france", "italy-rome"])
        #expect(albums[2].album.images.map(\.source.description) == ["trips/Italy/Rome/2.jpg", "trips/Italy/Rome/10.jpg"])
        #expect(albums.allSatisfy { $0.album.order == PhotoOrder(.date) })
        #expect(report.photos == 4)
        let placed = FolderExpansion.place([Placed(albums, at: 1)],
                                           among: [Album(title: "France", slug: "france", images: []), Album(title: "Z", slug: "z", images: [])])
        #expect(placed.map(\.slug) == ["france", "trips", "france-2", "italy-rome", "z"])
    }

    @Test func aTreeWithoutPhotosIsAnError() {
        let tree = AlbumTree(written: "trips/", root: "/site/trips", location: Self.location)
        let result = FolderExpansion.albums(of: tree, listing: listing(["a.txt"]))
        #expect(failure(result) == (ConfigError(.noAlbumFolders("trips/", found: " (found 1 file that is not an image)"), at: Self.location)))
        guard case let .failure(error) = result else { return }
        #expect(error.message == "no folder under 'trips/' holds photos galgen can read (found 1 file that is not an image), so there are no albums. Check the path.")
    }
}
