import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// The last build's record: reused only while its key, every input's stamp and the site's own
/// stamps are all as they were; never kept when an input may have changed while it was read.
struct LastBuildFileTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    var cache: String { folder.path + "/cache" }
    var output: String { folder.path + "/site" }
    var config: String { folder.path + "/gallery.yml" }

    func file() -> LastBuildFile {
        CacheFolder(root: cache, output: output).lastBuild
    }

    /// A photo, a template folder with one file, and a site written with its stamps.
    func setUp() throws -> LastBuild {
        try folder.write("gallery.yml", "title: T\n")
        try folder.write("photo.jpg", "pixels")
        try folder.write("theme/gallery.css", "body {}")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        try SiteWriter(output: output, stamps: StampFile(path: cache + "/site.stamps"))
            .write([OutputFile(path: "index.html", text: "<p>hello</p>")])
        return LastBuild(key: "k1", images: 1, pages: 1, inputs: [config, folder.path + "/photo.jpg", folder.path + "/theme"],
                         warnings: [.image(source: "photo.jpg", message: "has GPS\tcoordinates;\nremoved \\ here"),
                                    .templateFile(file: "theme/notes.txt", reason: "not a site file")])
    }

    func record(_ last: LastBuild) {
        file().record(last, config: config, readSince: FileStamp.now() + 1_000_000_000)
    }

    @Test func anUntouchedBuildIsReusedWithItsWarningsAndInputs() throws {
        let last = try setUp()
        record(last)
        let reused = try #require(file().unchanged(key: "k1", config: config))
        #expect(reused.images == 1 && reused.pages == 1)
        #expect(reused.warnings == last.warnings)
        #expect(reused.inputs.first == config)
        // The template folder comes back as what its stamps cover (`InputStamps`): its listing
        // (`theme/`) and its files, which the serve watcher then watches the same way.
        #expect(Set(reused.inputs) == [config, folder.path + "/photo.jpg", folder.path + "/theme/", folder.path + "/theme/gallery.css"])
    }

    /// A photo folder's listing stamp is a 64-bit hash, negative for half of all folders: a record
    /// holding one must read back, or such a gallery never gets a no-op rebuild.
    @Test("A photo folder is reused whatever the sign of its listing's hash", arguments: [
        ("a.jpg", true), ("beach.jpg", false),
    ])
    func aPhotoFolderIsReused(_ name: String, _ negative: Bool) throws {
        var last = try setUp()
        try folder.write("photos/" + name, "pixels")
        let listing = try #require(FileStamp.listing(of: folder.path + "/photos/"))
        #expect((listing.modified < 0) == negative)
        last.inputs.append(folder.path + "/photos/")
        record(last)
        #expect(file().unchanged(key: "k1", config: config) != nil)
        try folder.write("photos/more.jpg", "pixels")
        #expect(file().unchanged(key: "k1", config: config) == nil, "a photo added to the folder is seen")
    }

    @Test func anotherKeyIsNotReused() throws {
        record(try setUp())
        #expect(file().unchanged(key: "k2", config: config) == nil)
    }

    @Test func aChangedPhotoIsSeen() throws {
        record(try setUp())
        try FileEdit.overwrite(folder.path + "/photo.jpg", with: Array("PIXELS".utf8))
        try FileEdit.setModified(folder.path + "/photo.jpg", FileStamp.now() + 2_000_000_000)
        #expect(file().unchanged(key: "k1", config: config) == nil)
    }

    @Test func aTemplateFileEditedInPlaceIsSeen() throws {
        record(try setUp())
        let css = folder.path + "/theme/gallery.css"
        try FileEdit.overwrite(css, with: Array("body{x}".utf8))
        try FileEdit.setModified(css, FileStamp.now() + 2_000_000_000)
        #expect(file().unchanged(key: "k1", config: config) == nil)
    }

    @Test func aFileAddedToTheTemplateFolderIsSeen() throws {
        record(try setUp())
        try folder.write("theme/extra.js", "1")
        try FileEdit.setModified(folder.path + "/theme", FileStamp.now() + 2_000_000_000)
        #expect(file().unchanged(key: "k1", config: config) == nil)
    }

    @Test func anEditedOrMissingSiteFileIsSeen() throws {
        record(try setUp())
        try FileEdit.overwrite(output + "/index.html", with: Array("<p>HELLO</p>".utf8))
        try FileEdit.setModified(output + "/index.html", FileStamp.now() + 2_000_000_000)
        #expect(file().unchanged(key: "k1", config: config) == nil)

        try FileManager.default.removeItem(atPath: output)
        #expect(file().unchanged(key: "k1", config: config) == nil)
    }

    @Test func anInputModifiedSinceTheBuildStartedIsNeverRecorded() throws {
        let last = try setUp()
        // The photo was written after the build began: it may have been read half-way.
        file().record(last, config: config, readSince: FileStamp.now() - 60_000_000_000)
        #expect(!FileManager.default.fileExists(atPath: file().path))
        #expect(file().unchanged(key: "k1", config: config) == nil)
        // Stamped 10 ms before the build began: within the file clock's slack, so not trusted either.
        let photo = try #require(FileStamp.of(folder.path + "/photo.jpg"))
        file().record(last, config: config, readSince: photo.modified + 10_000_000)
        #expect(!FileManager.default.fileExists(atPath: file().path))
    }

    @Test func aMissingInputIsNeverRecordedAndARecordIsForgotten() throws {
        var last = try setUp()
        record(last)
        #expect(FileManager.default.fileExists(atPath: file().path))
        last.inputs.append(folder.path + "/gone.jpg")
        record(last)
        #expect(!FileManager.default.fileExists(atPath: file().path))
    }

    @Test func aDamagedRecordIsNotReused() throws {
        record(try setUp())
        let text = try #require(folder.read("cache/last-build"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Cut short at a line's end (the last stamp lost), a field unreadable, empty.
        for damaged in [lines.dropLast(3).joined(separator: "\n") + "\n", text.replacingOccurrences(of: "images 1", with: "images one"), ""] {
            try folder.write("cache/last-build", damaged)
            #expect(file().unchanged(key: "k1", config: config) == nil, "reused: \(damaged)")
        }
    }
}
