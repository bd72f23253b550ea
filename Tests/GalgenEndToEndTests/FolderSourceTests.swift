import Foundation
import GalgenTestSupport
import Testing

/// Folders as sources, built by `galgen build` on a real disk with real photos.
@Suite(.serialized)
struct FolderSourceTests {
    /// `photos/<name>` for each name, copies of the orientation fixtures (small, fast to render).
    func project(_ gallery: String, photos names: [String]) throws -> TestProject {
        let fixtures = Fixtures.names(in: "orientation")
        let project = try TestProject("thumbnails: { widths: [120], formats: [jpeg] }\n" + gallery)
        for (index, name) in names.enumerated() {
            let destination = project.path("photos/" + name)
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/" + fixtures[index % fixtures.count], toPath: destination)
        }
        return project
    }

    @Test func aFolderOfPhotosBuildsInNaturalOrderAndSaysWhatItSkipped() async throws {
        let project = try project("title: Trip\nsort: name\nimages: photos/\n", photos: ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"])
        try project.write("photos/notes.txt", "not a photo")
        try project.write("photos/.DS_Store", "hidden")
        try project.write("photos/IMG_3.TIF", "a TIFF")
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.photoTitles() == ["IMG_1", "IMG_2", "IMG_10"])
        #expect(result.stderr.contains("photos/: 3 photos; skipped 3 files: 1 hidden; 1 not an image (notes.txt); 1 TIFF, which galgen cannot read yet (IMG_3.TIF)"),
                "\(result.stderr)")
    }

    @Test func aTreeOfFoldersBecomesAlbumsWithOneLine() async throws {
        let project = try project("title: Travels\nalbums: photos/\n", photos: ["Italy/a.jpg", "Italy/Rome/b.jpg", "France/c.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let index = try #require(project.siteFile("index.html"))
        #expect(["France", "Italy", "Italy / Rome"].allSatisfy { index.contains(">\($0)<") })
        #expect(project.siteFile("italy-rome/index.html") != nil && project.siteFile("france/index.html") != nil)
        #expect(project.photoTitles("italy/") == ["a"])
    }

    /// `images/`, `assets/` and `page/` are the site's own folders: a photo or folder of that name
    /// gets another slug, so its page never lands in them.
    @Test func photosAndFoldersNamedLikeTheSitesFoldersGetOtherSlugs() async throws {
        let project = try project("albums: photos/\n", photos: ["Images/page.jpg", "Images/images.jpg", "Assets/a.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(SitePages.targets(of: #"<a class="tile" "#, in: project.siteFile("images-2/index.html") ?? "", page: "images-2/index.html")
                == ["images-2/images-2/index.html", "images-2/page-2/index.html"])
        #expect(project.photoTitles("images-2/") == ["images", "page"])
        #expect(project.photoTitles("assets-2/") == ["a"])
        #expect(Fingerprints.masked(project.siteFiles("images"))
                == ["assets-2", "assets-2/a-120.<fp>.jpg", "images-2", "images-2/images-2-120.<fp>.jpg", "images-2/page-2-120.<fp>.jpg"])
    }

    @Test func emptyFoldersAndGlobsMatchingNothingAreConfigurationErrorsThatKeepTheSite() async throws {
        let project = try project("images: photos/\n", photos: ["a.jpg"])
        #expect(try await project.build().status == 0)
        let before = project.siteFiles()
        try project.write("gallery.yml", "images:\n  - photos/*.png\n  - empty/\n")
        try FileManager.default.createDirectory(atPath: project.path("empty"), withIntermediateDirectories: true)
        let result = try await project.build()
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("gallery.yml:2:5") && result.stderr.contains("'photos/*.png' matches no photo"))
        #expect(result.stderr.contains("the folder 'empty/' holds no photos galgen can read (it is empty)"))
        #expect(project.siteFiles() == before)
    }

    @Test func symlinksOutOfTheGalleryFolderAreNotFollowed() async throws {
        let project = try project("images: photos/\n", photos: ["a.jpg"])
        let outside = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: outside.path + "/private.jpg")
        try FileManager.default.createSymbolicLink(atPath: project.path("photos/leak"), withDestinationPath: outside.path)
        try FileManager.default.createDirectory(atPath: project.path("shared"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_3.jpg", toPath: project.path("shared/inside.jpg"))
        try FileManager.default.createSymbolicLink(atPath: project.path("photos/shared"), withDestinationPath: project.path("shared"))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.photoTitles() == ["a", "inside"])
        #expect(!project.siteFiles().contains { $0.contains("private") })
        #expect(result.stderr.contains("symlinks leading out of the gallery's folder") && result.stderr.contains("(leak)"))
    }

    /// A photo listed on its own: its sidecar is read only under the rule a folder's walk keeps
    /// (`photos/a.jpg.txt -> /etc/passwd` would publish that file whole as the caption).
    @Test func aSinglePhotosSidecarThatSymlinksOutIsNotRead() async throws {
        let project = try project("images: [photos/a.jpg, photos/b.jpg, photos/c.jpg]\n", photos: ["a.jpg", "b.jpg", "c.jpg"])
        let outside = try TemporaryFolder()
        try outside.write("secret.txt", "the secret words\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("photos/a.jpg.txt"), withDestinationPath: outside.path + "/secret.txt")
        // Beside the gallery's folder is outside it too.
        let beside = (project.path as NSString).deletingLastPathComponent + "/beside-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: beside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: beside) }
        try "the words beside\n".write(toFile: beside + "/words.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: project.path("photos/b.jpg.txt"), withDestinationPath: beside + "/words.txt")
        // A link that stays inside the gallery's folder is read, as a folder's walk follows it.
        try project.write("notes/c.txt", "A caption kept in notes\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("photos/c.jpg.txt"), withDestinationPath: project.path("notes/c.txt"))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.photoPages().map(\.caption) == [nil, nil, "A caption kept in notes"])
        let site = project.siteFiles().compactMap { project.read("_site/" + $0) }.joined()
        #expect(!site.contains("the secret words") && !site.contains("the words beside"))
        #expect(result.stderr.contains("photos/a.jpg.txt: this sidecar was not read: it symlinks leading out of the gallery's folder"),
                "\(result.stderr)")
        #expect(result.stderr.contains("photos/b.jpg.txt: this sidecar was not read"))
    }

    @Test func decomposedNamesShowComposedTitles() async throws {
        let nfd = "E\u{301}te\u{301}.jpg"
        let project = try project("images: photos/\n", photos: [nfd])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.photoTitles().map { Array($0.unicodeScalars) } == [Array("\u{C9}t\u{E9}".unicodeScalars)])
        #expect(project.siteFiles("images").contains { $0.hasPrefix("ete-120.") })
    }

    @Test func sidecarsGiveWordsAndAreWatchedInputs() async throws {
        let project = try project("images: photos/\n", photos: ["a.jpg", "b.jpg"])
        try project.write("photos/a.jpg.yml", "title: Harbour\ncaption: Boats at dawn\n")
        try project.write("photos/b.txt", "A caption from a text file\n")
        #expect(try await project.build().status == 0)
        #expect(project.photoTitles() == ["Harbour", "b"])
        #expect(project.photoPages().map(\.caption) == ["Boats at dawn", "A caption from a text file"])
        // Editing a sidecar in place is a change the next build sees.
        try project.write("photos/a.jpg.yml", "title: Harbour at night\n")
        #expect(try await project.build().status == 0)
        #expect(project.photoTitles() == ["Harbour at night", "b"])
    }

    @Test func addingAPhotoRendersOnlyThatPhotoAndANoOpRebuildRendersNothing() async throws {
        let project = try project("sort: date\nimages: photos/\n", photos: ["a.jpg", "b.jpg", "c.jpg"])
        #expect(try await project.build().status == 0)
        let renditions = Set(project.siteFiles("images"))
        let noOp = try await project.build()
        #expect(noOp.status == 0 && project.siteFiles("images").count == renditions.count)
        #expect((noOp.stdout + noOp.stderr).contains("is up to date: nothing changed, nothing written"), "\(noOp.stderr)")
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Portrait_5.jpg", toPath: project.path("photos/d.jpg"))
        let added = try await project.build()
        #expect(added.status == 0, "\(added.stderr)")
        #expect(Set(project.siteFiles("images")).isSuperset(of: renditions))
        #expect(project.siteFiles("images").count == renditions.count + 1)
        #expect(project.photoTitles().contains("d"))
        #expect((added.stdout + added.stderr).contains("Built 4 image(s) (3 unchanged, not decoded again)"), "\(added.stderr)")
    }

    @Test func photosAppearingAndDisappearingDuringABuild() async throws {
        let names = (1...24).map { "p\($0).jpg" }
        let project = try project("images: photos/\n", photos: names)
        let source = Fixtures.root + "/orientation/Landscape_2.jpg"
        // While the build runs: new photos arrive and some listed ones go.
        let churn = Task.detached {
            for round in 0..<40 {
                try? FileManager.default.copyItem(atPath: source, toPath: project.path("photos/new\(round).jpg"))
                if round < 6 { try? FileManager.default.removeItem(atPath: project.path("photos/p\(round + 1).jpg")) }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        let during = try await project.build()
        await churn.value
        // A photo gone after the listing fails on its own with its reason; nothing half-written.
        #expect(during.status == 0 || during.status == 1, "\(during.stderr)")
        #expect(!project.list().contains { $0.contains("galgen-tmp") })
        // The next build sees the folder as it now is, and is not mistaken for a no-op.
        let after = try await project.build()
        #expect(after.status == 0, "\(after.stderr)")
        let titles = Set(project.photoTitles())
        #expect(titles.isSuperset(of: (0..<40).map { "new\($0)" }))
        #expect(titles.isDisjoint(with: (1...6).map { "p\($0)" }))
        #expect(titles.count == 40 + 18)
    }
}
