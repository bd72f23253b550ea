import GalgenCore
import Testing
@testable import GalgenApp

/// The pure half of `galgen init --from`: what the walk's listing says, what to write, and
/// text that reads back as written.
struct StarterGalleryTests {
    static let awkward = [
        "Trip", "Été à Zürich", "Trip: day 1 #2", "#hash", "- dash", "-dash", "[b]", "{c}", "a,b", "'s'", "\"d\"", "%p", "@a",
        "`b", "!t", "&a", "|x", ">y", " lead", "trail ", "null", "Null", "NULL", "~", "~x", "yes", "no", "123", "1.5", "a\\b",
        "tab\there", "line\nbreak", "cr\rx", "nel\u{85}x", "ls\u{2028}x", "bom\u{FEFF}x", "c1\u{80}x", "bell\u{7}x",
        "\u{FFFE}x", "🙂 emoji", "trailing colon:", "a: b", "a #b", "a#b", "key:value", "ab:cd", "x: ", "\"", "'",
    ]

    @Test("Any text reads back as itself", arguments: awkward)
    func scalarsReadBack(_ text: String) throws {
        let gallery = try ConfigParser.parse("title: \(YAMLText.scalar(text))\n", directory: "/")
        #expect(gallery.title.unicodeScalars.elementsEqual(text.unicodeScalars), "\(YAMLText.scalar(text))")
    }

    @Test func plainWhenThatIsSafe() {
        #expect(YAMLText.scalar("Été à Zürich") == "Été à Zürich")
        #expect(YAMLText.scalar("photos/") == "photos/")
        #expect(YAMLText.scalar("/home/me/Pictures/Trip 2024/") == "/home/me/Pictures/Trip 2024/")
        #expect(YAMLText.scalar("Trip: day 1") == "\"Trip: day 1\"")
        #expect(YAMLText.scalar("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    }

    static func survey(_ files: [String]) -> PhotoSurvey {
        PhotoSurvey(FolderListing(files: files.map { ListedFile($0) }))
    }

    @Test("Every folder name gives a gallery.yml that names it", arguments: awkward)
    func folderNamesReadBack(_ name: String) throws {
        guard !name.contains(where: { "*?[".contains($0) }) else { return }  // patternCharactersCannotBeWritten
        for layout in [Self.survey(["a.jpg"]), Self.survey(["day/a.jpg"])] {
            for (directory, folder) in [("/home/me", "/home/me/" + name), ("/home/me/site", "/home/me/" + name + "/sub"),
                                        ("/home/me/" + name, "/home/me/" + name)] {
                let starter = try FolderStarter.decide(folder: folder, directory: directory, survey: layout, shown: name).get()
                let text = StarterGallery.text(for: starter, found: layout)
                let gallery = try ConfigParser.parse(text, directory: directory)
                let root = layout.isAlbums ? gallery.trees.first?.value.root : gallery.albums.first?.groups.first?.value.root
                #expect(root?.unicodeScalars.elementsEqual(folder.unicodeScalars) == true, "\(text)")
                #expect(gallery.title == starter.title)
                #expect(gallery.order == PhotoOrder(.date))
            }
        }
    }

    @Test func theTitleIsTheFolderNameInNFC() throws {
        let starter = try FolderStarter.decide(folder: "/p/E\u{301}te\u{301}", directory: "/p", survey: Self.survey(["a.jpg"]), shown: "x").get()
        #expect(starter.title.unicodeScalars.elementsEqual("\u{C9}t\u{E9}".unicodeScalars))
        #expect(starter.source == "E\u{301}te\u{301}/")
    }

    @Test("Sources: relative to gallery.yml's folder, inside it or not (issue 47)", arguments: [
        ("/a/b", "/a", "b/"), ("/a", "/a", "./"), ("/x/y", "/a", "../x/y/"), ("/a/b/c d", "/a", "b/c d/"), ("/a/b:c", "/a", "./b:c/"),
        ("/a/~b", "/a", "./~b/"), ("/a/ b", "/a", "./ b/"), ("/a/bc/d", "/a/b", "../bc/d/"), ("/", "/a", "../"), ("/a/b", "/", "a/b/"),
        ("/a", "/a/b", "../"), ("/a/b:c", "/a/d", "../b:c/"),
    ])
    func sources(_ folder: String, _ directory: String, _ expected: String) {
        #expect(FolderStarter.source(folder: folder, directory: directory) == expected)
    }

    @Test func patternCharactersCannotBeWritten() {
        for name in ["Best [2024]", "what?", "*star"] {
            let decided = FolderStarter.decide(folder: "/p/" + name, directory: "/p", survey: Self.survey(["a.jpg"]), shown: name)
            #expect(throws: SetupProblem.self) { try decided.get() }
        }
        let parent = FolderStarter.decide(folder: "/p[1]/x", directory: "/q", survey: Self.survey(["a.jpg"]), shown: "x")
        #expect(parent == .failure(.patternCharacter("x", character: "[")))
    }

    @Test func theSurveyCountsPhotosFoldersAndWhatItLeftOut() {
        let survey = PhotoSurvey(FolderListing(
            files: ["a/1.jpg", "a/1.jpg.yml", "a/1.txt", "a/b/2.jpeg", "a/b/2.yaml", "c/3.JPG", "c/x.tif", "c/y.tif", "c/z.dng",
                    "notes.md", "c/3.mov"].map { ListedFile($0) },
            skipped: [SkippedEntry("d", reason: "folders that cannot be read"), SkippedEntry("e", reason: "symlinks to nothing"),
                      SkippedEntry("f", reason: "symlinks to nothing")], hidden: 4))
        #expect(survey.photos == 3 && survey.videos == 1)
        #expect(survey.itemsAtTop == 0)
        #expect(survey.foldersWithItems == 3)
        #expect(survey.unsupported == [.init(format: "TIFF", count: 2), .init(format: "raw", count: 1)])
        #expect(survey.others == 1, "notes.md; c/3.mov is a video")
        #expect(survey.isAlbums)
        #expect(survey.leftOut == "2 TIFF files and 1 raw file, which galgen cannot read yet, 1 other file, "
            + "and 3 entries left out as folders that cannot be read or symlinks to nothing")
        #expect(Self.survey(["a.jpg", "b.txt"]).leftOut == "1 other file")
        #expect(Self.survey(["a.jpg"]).leftOut == nil)
        #expect(!Self.survey(["a.jpg", "b/c.jpg"]).isAlbums)
        #expect(!Self.survey(["a.tif"]).isAlbums)
    }

    @Test func theSummarySaysWhatWasFoundAndWhatIsNext() {
        #expect(ProjectSetup.summary(Self.survey(["a.jpg"]), folder: "Trip", directory: ".") == """
            Found 1 photo in Trip.
            Wrote ./gallery.yml and ./site-template/.
            Next: galgen build
            """)
        #expect(ProjectSetup.summary(Self.survey(["d/a.jpg", "d/b.jpg", "x.tif"]), folder: "~/Trip", directory: "my site") == """
            Found 2 photos in 1 folder under ~/Trip (skipped 1 TIFF file, which galgen cannot read yet).
            The folder becomes an album.
            Wrote my site/gallery.yml and my site/site-template/.
            Next: galgen build --config 'my site/gallery.yml'
            """)
        #expect(ProjectSetup.nextStep("it's") == "galgen build --config 'it'\\''s/gallery.yml'")
    }
}
