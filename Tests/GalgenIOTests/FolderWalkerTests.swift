import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenIO

/// The live folder walk on a real disk: hidden files, symlinks in and out of the gallery's
/// folder, loops, depth, odd names.
@Suite("FolderWalker")
struct FolderWalkerTests {
    let gallery: TemporaryFolder
    let outside: TemporaryFolder

    init() throws {
        gallery = try TemporaryFolder()
        outside = try TemporaryFolder()
        for file in ["photos/b.jpg", "photos/a.jpg", "photos/sub/c.jpg", "photos/sub/deeper/d.jpg", "photos/.hidden.jpg",
                     "photos/.git/config", "elsewhere/e.jpg"] {
            try gallery.write(file, "x")
        }
        try outside.write("secret/id_rsa", "key")
        try outside.write("f.jpg", "x")
    }

    func list(_ folder: String = "photos", maxDepth: Int? = nil) -> FolderListing {
        let root = gallery.path + "/" + folder
        return FolderWalker.list(root, maxDepth: maxDepth, trusted: [gallery.path, root])
    }

    @Test func listsFilesSkipsHiddenEntriesAndRecordsEveryFolder() {
        let listing = list()
        #expect(listing.problem == nil)
        #expect(listing.files.map(\.relative) == ["a.jpg", "b.jpg", "sub/c.jpg", "sub/deeper/d.jpg"])
        #expect(listing.hidden == 2)
        #expect(listing.folders == ["photos", "photos/sub", "photos/sub/deeper"].map { gallery.path + "/" + $0 })
        #expect(listing.files.allSatisfy { $0.modified > 0 })
    }

    @Test func maxDepthStopsTheWalk() {
        #expect(list(maxDepth: 1).files.map(\.relative) == ["a.jpg", "b.jpg"])
        #expect(list(maxDepth: 2).files.map(\.relative) == ["a.jpg", "b.jpg", "sub/c.jpg"])
    }

    @Test func symlinksInsideTheGalleryAreFollowedOutsideSkipped() throws {
        let photos = gallery.path + "/photos"
        try FileManager.default.createSymbolicLink(atPath: photos + "/more", withDestinationPath: gallery.path + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: photos + "/keys", withDestinationPath: outside.path + "/secret")
        try FileManager.default.createSymbolicLink(atPath: photos + "/f.jpg", withDestinationPath: outside.path + "/f.jpg")
        try FileManager.default.createSymbolicLink(atPath: photos + "/dangling.jpg", withDestinationPath: gallery.path + "/nothing.jpg")
        let listing = list()
        #expect(listing.files.map(\.relative) == ["a.jpg", "b.jpg", "more/e.jpg", "sub/c.jpg", "sub/deeper/d.jpg"])
        #expect(Set(listing.skipped.map(\.relative)) == ["keys", "f.jpg", "dangling.jpg"])
        #expect(listing.skipped.first { $0.relative == "keys" }?.reason.contains("out of the gallery's folder") == true)
        #expect(!listing.files.contains { $0.relative.contains("id_rsa") })
    }

    @Test func aListedFolderOutsideTheGalleryIsTrustedWithItsOwnInsides() throws {
        let root = outside.path
        let listing = FolderWalker.list(root, maxDepth: nil, trusted: [gallery.path, root])
        #expect(listing.files.map(\.relative) == ["f.jpg", "secret/id_rsa"])
    }

    @Test func aSymlinkLoopEnds() throws {
        let photos = gallery.path + "/photos"
        try FileManager.default.createSymbolicLink(atPath: photos + "/sub/loop", withDestinationPath: photos)
        let listing = list()
        #expect(listing.files.map(\.relative) == ["a.jpg", "b.jpg", "sub/c.jpg", "sub/deeper/d.jpg"])
        #expect(listing.skipped.map(\.relative) == ["sub/loop"])
    }

    @Test func problemsWithTheFolderItself() throws {
        #expect(list("nothing-here").problem == .missing)
        #expect(list("photos/a.jpg").problem == .notAFolder)
        #expect(FolderWalker.kind(of: gallery.path + "/photos") == .folder)
        guard case .file = FolderWalker.kind(of: gallery.path + "/photos/a.jpg") else { Issue.record("expected a file"); return }
        #expect(FolderWalker.kind(of: gallery.path + "/none") == .other)
    }

    @Test func unreadableSubfoldersAreSkippedWithTheirReason() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let locked = gallery.path + "/photos/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try gallery.write("photos/locked/x.jpg", "x")
        chmod(locked, 0)
        defer { chmod(locked, 0o755) }
        #expect(list().skipped.map(\.relative) == ["locked"])
    }

    @Test func namesAreKeptAsTheDiskHasThem() throws {
        let nfd = "Cafe\u{301}.jpg", nfc = "Caf\u{E9}2.jpg"
        try gallery.write("photos/" + nfd, "x")
        try gallery.write("photos/" + nfc, "x")
        let names = list().files.map(\.relative)
        // Bytes as on disk: the NFD name opens the same file again.
        #expect(names.contains { $0.unicodeScalars.elementsEqual(nfd.unicodeScalars) })
        #expect(names.contains { $0.unicodeScalars.elementsEqual(nfc.unicodeScalars) })
    }

    @Test func aFolderOfTenThousandPhotosListsAndExpandsInNaturalOrder() throws {
        let folder = try TemporaryFolder()
        for index in 1...10_000 {
            let path = folder.path + "/IMG_\(index).jpg"
            #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8])))
        }
        let listing = FolderWalker.list(folder.path, maxDepth: nil, trusted: [folder.path])
        #expect(listing.files.count == 10_000)
        let group = PhotoGroup(written: "photos/", root: folder.path, location: SourceLocation(file: "gallery.yml", line: 1, column: 1))
        let (photos, report) = try FolderExpansion.photos(of: group, listing: listing).get()
        #expect(report.photos == 10_000 && report.skipped.isEmpty)
        #expect(photos.map(\.title) == (1...10_000).map { "IMG_\($0)" })
        let merged = FolderExpansion.merge(singles: [], groups: [Placed(FolderExpansion.ExpandedGroup(group: group, photos: photos), at: 0)])
        #expect(merged.errors.isEmpty && Set(merged.images.map(\.slug)).count == 10_000)
    }
}
