import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `downloads: zip`: which files an album's zip holds, under which names, and its key; the
/// "Download all" and per-photo "Download" links.
struct AlbumDownloadTests {
    let harness = PipelineHarness()
    let plain = FakePhoto("plain"), located = { var photo = FakePhoto("located"); photo.hasLocation = true; return photo }()

    /// Records the zips the pipeline asks for, and answers with an empty file in their place.
    final class ZipRecorder: Sendable {
        let zips = Mutex<[AlbumZip]>([])
        let finished = Mutex<[Set<String>]>([])
        var maker: AlbumZipMaker {
            AlbumZipMaker(make: { zip in
                self.zips.withLock { $0.append(zip) }
                return OutputFile(path: zip.path, bytes: [])
            }, finish: { used in self.finished.withLock { $0.append(used) } })
        }
    }

    func build(_ yaml: String, zips: ZipRecorder) async throws -> [OutputFile] {
        let photos = ["/site/plain.jpg": plain, "/site/located.JPG": located]
        _ = try await harness.run("title: Trip\nthumbnails: { formats: [jpeg], widths: [400, 800] }\n" + yaml, photos: photos,
                                  fileSizes: photos.mapValues(\.bytes.count), albumZips: zips.maker).get()
        return try #require(harness.recorder.files)
    }

    func page(_ files: [OutputFile], _ path: String) -> String {
        String(decoding: files.first { $0.path == path }?.bytes ?? [], as: UTF8.self)
    }

    @Test func aZipHoldsEachPublishedOriginalElseTheLargestRenditionInAlbumOrder() async throws {
        let zips = ZipRecorder()
        let files = try await build("downloads: zip\nviewer: { originals: true }\nimages: [plain.jpg, located.JPG]\n", zips: zips)
        let zip = try #require(zips.zips.withLock { $0 }.first)
        #expect(zip.entries.map(\.name) == ["plain.jpg", "located.jpg"])
        // The original (its snapshot) for the plain photo; the located one's is withheld for
        // where it was taken, so its largest rendition, the very file its page links.
        #expect(zip.entries[0].content == .file("/site/plain.jpg") && zip.entries[0].byteCount == plain.bytes.count)
        let largest = PipelineHarness.imagePath("images/located", 800, of: located)
        let rendition = try #require(files.first { $0.path == largest })
        #expect(zip.entries[1].digest == rendition.digest && zip.entries[1].content == rendition.content)
        #expect(zip.fileName == "trip.zip" && zip.path == "trip.\(ContentHash.fingerprint(zip.key)).zip")
        #expect(files.contains { $0.path == zip.path })
        #expect(zips.finished.withLock { $0 } == [[zip.key]])
        let overview = page(files, "index.html")
        #expect(overview.contains(#"<a href="\#(zip.path)" download="trip.zip">Download all (2 photos, \#(AlbumDownloadPlan.sizeText(zip.byteCount)))</a>"#),
                "\(overview)")
    }

    @Test func everyPhotoPageLinksItsFileToTakeHomeWithoutDownloadsToo() async throws {
        let zips = ZipRecorder()
        let files = try await build("viewer: { originals: true }\nimages: [plain.jpg, located.JPG]\n", zips: zips)
        #expect(zips.zips.withLock { $0 }.isEmpty)
        #expect(!page(files, "index.html").contains("Download all"))
        let original = try #require(files.first { $0.path.hasPrefix("images/plain-original.") }).path
        #expect(page(files, "plain/index.html").contains(#"<a href="../\#(original)" download="plain.jpg">Download</a>"#))
        let largest = PipelineHarness.imagePath("images/located", 800, of: located)
        #expect(page(files, "located/index.html").contains(#"<a href="../\#(largest)" download="located.jpg">Download</a>"#))
        // Every zip the cache kept is forgotten when no album has one.
        #expect(zips.finished.withLock { $0 } == [[]])
    }

    @Test func anAlbumsOwnDownloadsOverridesTheGallerys() async throws {
        let zips = ZipRecorder()
        let files = try await build("""
            downloads: zip
            albums:
              - { title: Kept, images: [plain.jpg], downloads: false }
              - { title: Shared, images: [located.JPG] }
            """, zips: zips)
        #expect(zips.zips.withLock { $0 }.map(\.album) == ["shared"])
        #expect(!page(files, "kept/index.html").contains("Download all"))
        #expect(page(files, "shared/index.html").contains("Download all (1 photo, "))
    }

    static func entry(_ name: String, _ digest: String, _ size: Int = 10) -> AlbumZip.Entry {
        AlbumZip.Entry(name: name, content: .file("/cache/" + digest), digest: digest, byteCount: size)
    }

    @Test func theKeyChangesWithTheContentAndOnlyWithIt() {
        let base = AlbumZip(album: "a", folder: "a/", baseName: "a", entries: [Self.entry("x.jpg", "d1"), Self.entry("y.jpg", "d2")])
        let same = AlbumZip(album: "b", folder: "b/", baseName: "b", entries: [Self.entry("x.jpg", "d1"), Self.entry("y.jpg", "d2")])
        #expect(base.key == same.key && base.byteCount == same.byteCount)
        #expect(base.path == "a/a.\(ContentHash.fingerprint(base.key)).zip")
        let changes = [
            [Self.entry("x.jpg", "d1"), Self.entry("y.jpg", "d3")],
            [Self.entry("x.jpg", "d1"), Self.entry("z.jpg", "d2")],
            [Self.entry("y.jpg", "d2"), Self.entry("x.jpg", "d1")],
            [Self.entry("x.jpg", "d1"), Self.entry("y.jpg", "d2", 11)],
            [Self.entry("x.jpg", "d1")],
        ]
        for entries in changes { #expect(AlbumZip(album: "a", folder: "a/", baseName: "a", entries: entries).key != base.key) }
    }

    @Test func namesAreUniqueInTheZipWhateverTheirCase() {
        var taken = Set<String>()
        let names = [("a", "jpg"), ("A", "jpg"), ("a", "jpg"), ("a", "mp4")].map { AlbumZip.uniqueName($0.0, $0.1, taken: &taken) }
        #expect(names == ["a.jpg", "A-2.jpg", "a-3.jpg", "a.mp4"])
    }

    @Test(arguments: [(0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (1_000, "1.0 KB"), (12_345, "12 KB"),
                      (999_960, "1.0 MB"), (1_234_567_890, "1.2 GB"), (45_600_000_000, "46 GB")] as [(Int64, String)])
    func sizesReadAsDecimalUnits(bytes: Int64, text: String) {
        #expect(AlbumDownloadPlan.sizeText(bytes) == text)
    }

    @Test func theLayoutCountsZip64OnlyWhereNeeded() {
        // 30 + 1 + 3 of local header, name and data; 46 + 1 of central header; 22 of end.
        #expect(ZipLayout.archiveSize([(1, 3)]) == 103)
        // A 5 GB entry: both sizes in ZIP64 fields (local 20, central 4 + 16), and its central
        // directory starts past 4 GB: ZIP64's end record and locator (76).
        let big: Int64 = 5_000_000_000
        #expect(ZipLayout.archiveSize([(1, big)]) == 30 + 1 + 20 + big + 46 + 1 + 20 + 22 + 76)
        // A second entry after it: its offset (8 more) needs ZIP64, its size does not.
        #expect(ZipLayout.archiveSize([(1, big), (1, 3)]) == 30 + 1 + 20 + big + 30 + 1 + 3 + (46 + 1 + 20) + (46 + 1 + 12) + 22 + 76)
    }
}
