import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenApp

/// Issue 15: `galgen init --from FOLDER` writes a gallery.yml for the photos already in a folder.
/// The binary runs where a test needs the current folder, `HOME` or standard output.
struct InitFromFolderTests {
    /// Files under the folder; init reads only their names.
    static func files(_ folder: TemporaryFolder, _ names: [String]) throws {
        for name in names { try folder.write(name, "not read") }
    }

    /// The gallery.yml in `directory`, parsed as a build would parse it.
    static func gallery(in directory: String) throws -> Gallery {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: directory + "/gallery.yml")))
        return try ConfigParser.parse(bytes, directory: directory)
    }

    static func group(_ gallery: Gallery) -> PhotoGroup? { gallery.albums.first?.groups.first?.value }

    @Test func aFolderInsideIsNamedRelativeAndCounted() throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["photos/b.jpg", "photos/a.JPG", "photos/a.JPG.txt", "photos/c.tif", "photos/notes.pdf",
                                 "photos/.DS_Store", "photos/b.yml"])
        let result = try Galgen.run(["init", "--from", "photos/"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Found 2 photos in photos (skipped 1 TIFF file, which galgen cannot read yet, and 1 other file).
            Wrote ./gallery.yml and ./site-template/.
            Next: galgen build

            """)
        let yaml = try #require(project.read("gallery.yml"))
        #expect(yaml.contains("\nimages:\n  - src: photos/\n"))
        #expect(yaml.contains("\nsort: date\n"))
        #expect(yaml.contains("thumbnails:") && yaml.contains("# download:") && yaml.contains("IMG_1.jpg.txt"))
        let gallery = try Self.gallery(in: project.path)
        #expect(gallery.title == "photos")
        #expect(gallery.order == PhotoOrder(.date))
        #expect(Self.group(gallery)?.written == "photos/")
        #expect(Self.group(gallery)?.root == project.path + "/photos")
        #expect(project.list().contains("site-template/page.mustache"))
        // Places are off, with the block to turn them on written commented out; uncommented, it parses.
        #expect(gallery.places == nil)
        #expect(yaml.contains("\n# places:\n#   level: city ") && yaml.contains("Never a coordinate"))
        let placesOn = yaml.replacingOccurrences(of: "# places:\n#   level: city", with: "places:\n  level: city")
            .replacingOccurrences(of: "#   hide_near:", with: "  hide_near:")
        try project.write("gallery.yml", placesOn)
        let on = try Self.gallery(in: project.path)
        #expect(on.places == PlacesSettings(level: .city, hideNear: [.init(latitude: 52.37, longitude: 4.89, km: 1)]))
    }

    /// Issue 47: a folder outside the gallery's is named relative to gallery.yml (`../…`), so the
    /// two move together; the site then builds after both moved, from inside and outside the gallery's folder.
    @Test func aFolderElsewhereIsNamedRelativeToTheGallery() throws {
        let root = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root.path + "/Pictures/Trip", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Galgen.packageRoot + "/Tests/Fixtures/photos/dn_oppo_r7plus.jpg", toPath: root.path + "/Pictures/Trip/one.jpeg")
        let result = try Galgen.run(["init", root.path + "/sites/new", "--from", root.path + "/Pictures/Trip"], in: "/")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Found 1 photo in \(root.path)/Pictures/Trip.
            Wrote \(root.path)/sites/new/gallery.yml and \(root.path)/sites/new/site-template/.
            Next: galgen build --config \(root.path)/sites/new/gallery.yml

            """)
        #expect(Self.group(try Self.gallery(in: root.path + "/sites/new"))?.written == "../../Pictures/Trip/")
        #expect(root.read("sites/new/gallery.yml")?.contains("\n  - src: ../../Pictures/Trip/\n") == true)
        #expect(!root.list().contains("sites/new/photos"))
        // Moved together elsewhere, the gallery still finds its photos.
        let moved = try TemporaryFolder()
        try FileManager.default.moveItem(atPath: root.path + "/sites", toPath: moved.path + "/sites")
        try FileManager.default.moveItem(atPath: root.path + "/Pictures", toPath: moved.path + "/Pictures")
        let built = try Galgen.run(["build", "--quiet", "--config", "sites/new/gallery.yml"], in: moved.path)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(moved.list().contains { $0.hasPrefix("sites/new/_site/images/") && $0.hasSuffix(".jpg") })
    }

    @Test("A folder's path relative to the gallery's", arguments: [
        ("/a/site", "/a/site", ""), ("/a/site/photos/x", "/a/site", "photos/x"), ("/a/Pictures/Trip", "/a/site", "../Pictures/Trip"),
        ("/Pictures", "/home/u/site", "../../../Pictures"), ("/a/sitex", "/a/site", "../sitex"), ("/", "/a", ".."),
    ])
    func relativePaths(_ path: String, _ folder: String, _ expected: String) {
        #expect(FolderStarter.relative(path, from: folder) == expected)
    }

    @Test func aTildeIsTheHomeFolder() throws {
        let home = try TemporaryFolder(), site = try TemporaryFolder()
        try Self.files(home, ["Pictures/Trip/x.jpg", "Pictures/Trip/y.jpg"])
        let result = try Galgen.run(["init", "--from", "~/Pictures/Trip"], in: site.path, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Found 2 photos in ~/Pictures/Trip.\n"))
        let gallery = try Self.gallery(in: site.path)
        #expect(gallery.title == "Trip")
        // The site's folder and the home folder are two temporary folders side by side.
        let sitePart = site.path.split(separator: "/").last.map(String.init) ?? ""
        #expect(Self.group(gallery)?.written == FolderStarter.relative(home.path, from: site.path) + "/Pictures/Trip/")
        #expect(Self.group(gallery)?.written.hasPrefix("../") == true && !sitePart.isEmpty)
    }

    @Test func subfoldersWithThePhotosBecomeAlbums() throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["Trip/Day 1/a.jpg", "Trip/Day 2/b.jpg", "Trip/Day 2/deeper/c.jpg", "Trip/readme.txt",
                                 "Trip/Day 2/raw/c.CR3", "Trip/.hidden/d.jpg"])
        let result = try Galgen.run(["init", "--from", "Trip"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Found 3 photos in 3 folders under Trip (skipped 1 raw file, which galgen cannot read yet, and 1 other file).
            Each folder becomes an album.
            Wrote ./gallery.yml and ./site-template/.
            Next: galgen build

            """)
        #expect(project.read("gallery.yml")?.contains("\nalbums: Trip/\n") == true)
        let gallery = try Self.gallery(in: project.path)
        #expect(gallery.title == "Trip")
        #expect(gallery.trees.map(\.value.written) == ["Trip/"])
        #expect(gallery.trees.first?.value.root == project.path + "/Trip")
    }

    @Test func photosBesideTheSubfoldersMakeOneAlbum() throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["Trip/cover.jpg", "Trip/Day 1/a.jpg", "Trip/Day 2/b.jpg"])
        let result = try Galgen.run(["init", "--from", "Trip"], in: project.path)
        #expect(result.stdout.hasPrefix("Found 3 photos in 3 folders under Trip.\nWrote"), "\(result.stdout)")
        #expect(Self.group(try Self.gallery(in: project.path))?.written == "Trip/")
    }

    @Test func aGalleryInThePhotoFolder() throws {
        let photos = try TemporaryFolder()
        // A site built there before: the build's walk leaves it out, and so does init's.
        try Self.files(photos, ["a.jpg", "b.jpg", "_site/images/old.jpg", "_site/.galgen-site"])
        let here = try Galgen.run(["init", "--from", "."], in: photos.path)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stdout.hasPrefix("Found 2 photos in \(photos.path) (skipped 1 entry left out as sites galgen built).\n"),
                "\(here.stdout)")
        #expect(Self.group(try Self.gallery(in: photos.path))?.written == "./")

        let albums = try TemporaryFolder()
        try Self.files(albums, ["Day 1/a.jpg", "Day 2/b.jpg"])
        let below = try Galgen.run(["init", "site", "--from", "."], in: albums.path)
        #expect(below.status == 0, "\(below.stderr)")
        #expect(below.stdout.contains("Next: galgen build --config site/gallery.yml"))
        #expect(try Self.gallery(in: albums.path + "/site").trees.first?.value.written == "../")
    }

    @Test func nonASCIIAndQuotedFolderNames() throws {
        let project = try TemporaryFolder()
        let names = ["Été à Zürich", "Trip: day 1 #2", "E\u{301}te\u{301} NFD", "'quoted' \"too\"", "null"]
        try Self.files(project, names.map { $0 + "/a.jpg" })
        for (index, name) in names.enumerated() {
            let site = "site\(index)"
            let result = try Galgen.run(["init", site, "--from", name], in: project.path)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let gallery = try Self.gallery(in: project.path + "/" + site)
            #expect(gallery.title == name.precomposedStringWithCanonicalMapping, "\(name)")
            #expect(Self.group(gallery)?.root == project.path + "/" + name, "\(name)")
        }
    }

    // MARK: Errors: a message, exit status 2 (the folder) or 3 (the files), and nothing written.
    // Standard error is the process's, so other tests' output may be in it too: `contains`.

    static func failure(_ arguments: [String], in project: TemporaryFolder) async throws -> Galgen.Result {
        let result = try await Galgen.runInProcess(["init", project.path + "/site"] + arguments)
        #expect(!FileManager.default.fileExists(atPath: project.path + "/site/gallery.yml"))
        #expect(!FileManager.default.fileExists(atPath: project.path + "/site/site-template"))
        return result
    }

    @Test func aMissingFolder() async throws {
        let project = try TemporaryFolder()
        let result = try await Self.failure(["--from", project.path + "/nowhere"], in: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: there is no folder \(project.path)/nowhere. Check the path given to --from.\n"))
    }

    @Test func aFileIsNotAFolder() async throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["a.jpg"])
        let result = try await Self.failure(["--from", project.path + "/a.jpg"], in: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(project.path)/a.jpg is not a folder. Give --from the folder that holds your photos.\n"))
    }

    @Test("A folder without photos galgen reads says what it found", arguments: [
        (["p/a.tif", "p/b.TIFF", "p/c.bmp", "p/notes.txt", "p/x/d.txt", "p/x/e.jpg.txt"],
         "found 2 TIFF files and 1 BMP file, which galgen cannot read yet, and 3 other files"),
        (["p/.a.jpg", "p/.b/c.jpg"], "found only hidden files"),
        (["p/x/y.txt"], "found 1 other file"),
        ([], "found nothing: it is empty"),
    ])
    func noPhotos(_ names: [String], _ found: String) async throws {
        let project = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.path + "/p", withIntermediateDirectories: true)
        try Self.files(project, names)
        let result = try await Self.failure(["--from", project.path + "/p"], in: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(project.path)/p holds no photos or videos galgen reads (\(found)). galgen reads JPEG, "
            + "HEIC/HEIF, AVIF, WebP, PNG or JPEG XL photos and QuickTime, MP4, Matroska/WebM, AVI or GIF videos; convert them to one of these, "
            + "or give --from another folder.\n"))
    }

    @Test func aFolderWithPatternCharactersCannotBeNamed() async throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["Best [2024]/a.jpg"])
        let result = try await Self.failure(["--from", project.path + "/Best [2024]"], in: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("contains '[', which gallery.yml reads as a pattern"))
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every folder")) func anUnreadableFolder() async throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["locked/a.jpg"])
        chmod(project.path + "/locked", 0)
        defer { chmod(project.path + "/locked", 0o755) }
        let result = try await Self.failure(["--from", project.path + "/locked"], in: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: cannot read the folder \(project.path)/locked: "))
    }

    @Test func anExistingGalleryIsNeverOverwritten() async throws {
        let project = try TemporaryFolder()
        try Self.files(project, ["p/a.jpg"])
        try project.write("site/gallery.yml", "title: mine\n")
        let result = try await Galgen.runInProcess(["init", project.path + "/site", "--from", project.path + "/p"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(project.path)/site/gallery.yml already exists; galgen init never overwrites files"))
        #expect(project.read("site/gallery.yml") == "title: mine\n")
        #expect(!project.list("site").contains("site-template"))
    }

    @Test func anEmptyFromIsAUsageError() async throws {
        let result = try await Galgen.runInProcess(["init", "--from", ""])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from needs a folder"))
    }

    // MARK: Without --from

    @Test func theStarterBringsInPhotosByDate() throws {
        let project = try TemporaryFolder()
        let result = try Galgen.run(["init"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Put your photos in photos/, then run: galgen build\n"))
        let yaml = try #require(project.read("gallery.yml"))
        #expect(yaml.contains("\nimages:\n  - src: photos/\n"))
        #expect(yaml.contains("\nsort: date\n"))
        #expect(yaml.contains("#    caption: Low tide at dawn."))
        #expect(!yaml.contains("list them"))
        let gallery = try Self.gallery(in: project.path)
        #expect(Self.group(gallery)?.written == "photos/")
        #expect(gallery.order == PhotoOrder(.date))
        #expect(project.list().contains("photos"))

        let other = try Galgen.run(["init", "my site"], in: project.path)
        #expect(other.stdout.hasSuffix("Put your photos in my site/photos/, then run: galgen build --config 'my site/gallery.yml'\n"))
    }
}
