import Testing
@testable import GalgenCore

/// A folder source brings in videos beside photos, counts them apart and never calls them "not images".
@Suite struct FolderReportVideoTests {
    static let location = GalgenCore.SourceLocation(file: "gallery.yml", line: 2, column: 5)

    func group(_ written: String) -> PhotoGroup {
        PhotoGroup.parse(written: written, resolved: "/site/" + written.trimmingSuffix("/"), location: Self.location)!
    }

    func listing(_ files: [String]) -> FolderListing {
        FolderListing(files: files.map { ListedFile($0, modified: 7) }, skipped: [], hidden: 0, folders: ["/site/trip"])
    }

    /// The phone export of issue 27: before, `skipped 3 files: 3 not images (Day 2/clip.mp4, IMG_2929.MOV, IMG_3005.MOV)`.
    @Test func aPhonesExportCountsItsVideosAndSkipsOnlyWhatIsNeither() throws {
        let files = ["IMG_2929.HEIC", "IMG_2929.MOV", "IMG_3005.MOV", "IMG_3006.jpg", "Day 2/clip.mp4", "Day 2/b.mkv",
                     "notes.pdf", "IMG_3005.MOV.yml"]
        let (items, report) = try FolderExpansion.photos(of: group("trip/"), listing: listing(files)).get()
        #expect(items.count == 6)
        #expect(report.photos == 2 && report.videos == 4)
        #expect(report.skipped == [.init(reason: .notAnImage, count: 1, examples: ["notes.pdf"])])
        #expect(report.skippedText == "2 photos and 4 videos; skipped 1 file: 1 not an image (notes.pdf)")
    }

    @Test func albumsFromATreeCountVideosToo() throws {
        let tree = AlbumTree(written: "trip/", root: "/site/trip", location: Self.location)
        let (_, report) = try FolderExpansion.albums(of: tree, listing: listing(["a/1.MOV", "b/2.jpg", "b/x.txt"])).get()
        #expect(report.skippedText == "1 photo and 1 video; skipped 1 file: 1 not an image (b/x.txt)")
    }

    @Test(arguments: [
        (0, 1, "1 video"), (0, 3, "3 videos"), (1, 0, "1 photo"), (2, 0, "2 photos"), (7, 3, "7 photos and 3 videos"),
        (1, 1, "1 photo and 1 video"),
    ])
    func eachKindIsNamedWithItsCount(photos: Int, videos: Int, text: String) {
        let report = FolderReport(entry: "trip/", location: Self.location, photos: photos, videos: videos,
                                  skipped: [.init(reason: .hidden, count: 1, examples: [])])
        #expect(report.broughtIn == text)
        #expect(report.skippedText == text + "; skipped 1 file: 1 hidden")
    }

    @Test func filesAreCountedByTheirExtensionInAnyCase() {
        let report = FolderReport(entry: "trip/", location: Self.location,
                                  files: ["a.MOV", "b.mp4", "c.MKV", "d.webm", "e.avi", "f.3gp", "g.m4v", "h.HEIC", "i.jpg"])
        #expect(report.photos == 2 && report.videos == 7)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
