import Foundation
import GalgenTestSupport
import Testing
@testable import GalgenApp

/// Issue 47: what a newcomer meets on the first evening. `galgen build` and `galgen serve` find
/// gallery.yml in the current folder or the nearest folder above it and say which; `galgen init
/// --from` says what it found, Live Photos and posters included; the completion scripts.
struct FirstEveningTests {
    @Test("The nearest gallery.yml, from the folder up", arguments: [
        ("/a/b/c", ["/a/b/c/gallery.yml", "/a/gallery.yml"], "/a/b/c/gallery.yml", GalleryFileSearch.here),
        ("/a/b/c", ["/a/b/gallery.yml", "/a/gallery.yml"], "/a/b/gallery.yml", .above("/a/b/gallery.yml")),
        ("/a/b/c", ["/gallery.yml"], "/gallery.yml", .above("/gallery.yml")),
        ("/", ["/gallery.yml"], "/gallery.yml", .here),
        ("/a/b", ["/a/b/c/gallery.yml"], "/a/b/gallery.yml", .none(searchedFrom: "/a/b")),
    ])
    func theSearch(_ folder: String, _ files: [String], _ path: String, _ found: GalleryFileSearch) {
        let search = GalleryFileSearch.search(from: folder) { files.contains($0) }
        #expect(search.path == path)
        #expect(search.found == found)
    }

    @Test func buildFromASubfolderUsesTheNearestGalleryAboveAndSaysSo() throws {
        let project = try TestProject()
        try project.writeGallery("title: Up\nimages:\n  - src: photos/\n")
        try project.copyPhoto("photos/dn_oppo_r7plus.jpg", as: "a.jpg")
        try FileManager.default.createDirectory(atPath: project.path + "/photos/deeper", withIntermediateDirectories: true)
        let result = try Galgen.run(["build"], in: project.path + "/photos/deeper")
        #expect(result.status == 0, "\(result.stderr)")
        // Said where the build says everything but its errors' words: standard error, first.
        #expect(result.stderr.hasPrefix("Using \(project.path)/gallery.yml: no gallery.yml here, and it is the nearest one above.\n"),
                "\(result.stderr)")
        // The site and the cache are beside the gallery file, not in the current folder.
        #expect(project.list().contains("_site/index.html"))
        #expect(!project.list().contains { $0.hasPrefix("photos/deeper/_site") })
        // In its own folder it says nothing of it; --quiet says nothing at all; --config still names one.
        let here = try Galgen.run(["build"], in: project.path)
        #expect(here.status == 0 && !here.stderr.contains("Using "), "\(here.stderr)")
        let quiet = try Galgen.run(["build", "--quiet"], in: project.path + "/photos")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderr)")
        // A gallery.yml nearer than the project's wins, even one that is a folder's not: a folder named so is skipped.
        try FileManager.default.createDirectory(atPath: project.path + "/photos/gallery.yml", withIntermediateDirectories: true)
        let skipped = try Galgen.run(["build"], in: project.path + "/photos/deeper")
        #expect(skipped.stderr.hasPrefix("Using \(project.path)/gallery.yml"), "\(skipped.stderr)")
    }

    @Test func withoutAnyGalleryBuildAndServeSayWhereTheyLookedAndExitTwo() throws {
        let empty = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: empty.path + "/sub", withIntermediateDirectories: true)
        // The temporary folder's parents hold no gallery.yml (the test would otherwise find it).
        try #require(GalleryFileSearch.search(from: empty.path, isFile: GalleryFileSearch.isFile).found == .none(searchedFrom: empty.path))
        for command in [["build"], ["serve", "--port", "0"]] {
            let result = try Galgen.run(command, in: empty.path + "/sub", killedAfter: 30)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("error: there is no gallery.yml in \(empty.path)/sub or in any folder above it. Run `galgen init`"),
                    "\(result.stderr)")
            #expect(empty.list() == ["sub"] || empty.list().isEmpty, "\(empty.list())")
        }
    }

    @Test func initSaysWhatItFoundLivePhotosAndPostersIncluded() throws {
        let project = try TemporaryFolder()
        for name in ["Trip/IMG_1.HEIC", "Trip/IMG_1.MOV", "Trip/IMG_2.JPG", "Trip/IMG_2.mov", "Trip/IMG_3.jpg", "Trip/clip.mp4",
                     "Trip/clip.mp4.jpg", "Trip/other.mp4"] {
            try project.write(name, "not read")
        }
        let result = try Galgen.run(["init", "--from", "Trip"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            Found 4 photos and 4 videos in Trip.
            2 of the videos are Live Photos' movies, each played in its photo's place; 1 of the photos is a video's poster (clip.mp4.jpg beside clip.mp4).
            Wrote
            """), "\(result.stdout)")
        let yaml = try #require(project.read("gallery.yml"))
        #expect(yaml.contains("""
            # Every photo (JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL) and video (QuickTime, MP4,
            # Matroska/WebM, AVI or GIF) in Trip/ and its subfolders, by the order below.
            # When this file was written, Trip/ held 4 photos and 4 videos; 2 of the videos are Live Photos'
            # movies, each played in its photo's place; 1 of the photos is a video's poster (clip.mp4.jpg
            # beside clip.mp4).
            images:
              - src: Trip/
            """), "\(yaml)")
        #expect(!yaml.contains("Every photo (JPEG, HEIC, AVIF, WebP, PNG) in"))
    }

    @Test func initWithAlbumsCountsTheirFolders() throws {
        let project = try TemporaryFolder()
        for name in ["Trip/Day 1/a.jpg", "Trip/Day 1/a.mov", "Trip/Day 2/b.mp4"] { try project.write(name, "not read") }
        let result = try Galgen.run(["init", "--from", "Trip"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = try #require(project.read("gallery.yml"))
        #expect(yaml.contains("""
            # Every folder under Trip/ that holds photos or videos is an album, named after the folder.
            # When this file was written, Trip/ held 1 photo and 2 videos in 2 folders; 1 of the videos is a
            # Live Photo's movie, which plays in its photo's place.
            """), "\(yaml)")
    }

    @Test("Completion scripts for each shell name every command and option", arguments: ["bash", "zsh", "fish"])
    func completions(_ shell: String) throws {
        let result = try Galgen.run(["--generate-completion-script", shell], in: "/")
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["build", "serve", "init", "allow-missing", "cache-dir", "base-path", "from", "config"] {
            #expect(result.stdout.contains(word), "\(shell): no \(word)")
        }
    }

    @Test func makeInstallInstallsTheCompletions() throws {
        let makefile = try String(contentsOfFile: Galgen.packageRoot + "/Makefile", encoding: .utf8)
        let install = try #require(makefile.components(separatedBy: "\ninstall: build\n").last?.components(separatedBy: "\n\n").first)
        for (shell, path) in [("bash", "share/bash-completion/completions/galgen"), ("zsh", "share/zsh/site-functions/_galgen"),
                              ("fish", "share/fish/vendor_completions.d/galgen.fish")] {
            #expect(install.contains("--generate-completion-script \(shell) > $(PREFIX)/\(path)"), "\(install)")
        }
        let formula = try String(contentsOfFile: Galgen.packageRoot + "/Formula/galgen.rb", encoding: .utf8)
        #expect(formula.contains("generate_completions_from_executable(bin/\"galgen\", \"--generate-completion-script\""))
        let deb = try String(contentsOfFile: Galgen.packageRoot + "/packaging/deb/build-deb.sh", encoding: .utf8)
        #expect(deb.contains("--generate-completion-script \"$shell\""))
    }
}
