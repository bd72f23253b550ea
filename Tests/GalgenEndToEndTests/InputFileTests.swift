import Foundation
import GalgenTestSupport
import Testing

/// What galgen reads, and what it publishes from it: only regular files, of capped size; a
/// template folder contributes only its own regular files of a site's kinds. Each build runs the
/// binary and is killed if it has not finished in time, so a hang fails the test, not the run.
@Suite
struct InputFileTests {
    static let seconds = 30

    func project(_ gallery: String) throws -> TestProject {
        try TestProject(gallery, photos: ["good.jpg": "orientation/Landscape_1.jpg"])
    }

    func build(_ project: TestProject, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> Galgen.Result {
        let result = try await Galgen.runAsync(["build"] + extra, in: project.path, environment: environment, killedAfter: Self.seconds)
        #expect(result.status != Galgen.killed, "the build did not finish within \(Self.seconds) seconds")
        return result
    }

    @Test func aFIFOPhotoFailsOnItsOwnWithoutHangingTheBuild() async throws {
        let project = try project("thumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n  - photos/pipe.jpg\n")
        #expect(mkfifo(project.path("photos/pipe.jpg"), 0o600) == 0)
        let result = try await build(project)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("photos/pipe.jpg"), "\(result.stderr)")
        #expect(result.stderr.contains("not a regular file but a FIFO (named pipe); galgen reads photos only from regular files"), "\(result.stderr)")
        #expect(project.siteImages == ["good-200.<fp>.jpg"])
    }

    @Test("A device or a kernel file as a photo fails on its own", arguments: [
        ("/dev/zero", "not a regular file but a character device; galgen reads photos only from regular files"),
        ("/proc/self/environ", "its size is 0 but it has contents: a kernel file (/proc, /sys), not a file on disk"),
    ])
    func aDeviceOrKernelFilePhotoFails(_ source: String, _ reason: String) async throws {
        guard FileManager.default.fileExists(atPath: source) else { return }
        let project = try project("thumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n  - \(source)\n")
        // Refused for what it is, before a byte is read: no hang (the build is killed after 30 s
        // otherwise) and no memory blow-up. Wall time is not asserted: the machines are shared.
        let result = try await build(project)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(source) && result.stderr.contains(reason), "\(result.stderr)")
        #expect(project.siteImages == ["good-200.<fp>.jpg"])
    }

    @Test func aFIFOAsGalleryYmlIsAConfigurationError() async throws {
        let project = try TestProject()
        #expect(mkfifo(project.config, 0o600) == 0)
        let result = try await build(project)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("not a regular file but a FIFO (named pipe); galgen reads gallery.yml only from regular files"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.site))
        #expect(!FileManager.default.fileExists(atPath: project.cache))
    }

    /// `template:` a folder holding only theme.css: every page as the built-in template makes
    /// it, but for the stylesheet's name, and the stylesheet is the built-in one and the theme.
    @Test func aFolderOfOnlyAThemeRestylesTheBuiltInLook() async throws {
        let plain = try project("thumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n")
        #expect(try await build(plain).status == 0)
        let themed = try project("template: theme\nthumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n")
        try themed.write("theme/theme.css", ":root { --accent: #c2410c; --radius: 2px; }\n")
        let result = try await build(themed, ["--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = { (project: TestProject) in project.siteFiles("assets").first { $0.hasPrefix("gallery.") && $0.hasSuffix(".css") } }
        let plainSheet = try #require(sheet(plain)), themedSheet = try #require(sheet(themed))
        #expect(plainSheet != themedSheet)
        let css = try #require(themed.siteFile("assets/" + themedSheet))
        #expect(css == (plain.siteFile("assets/" + plainSheet) ?? "") + "/* theme.css */\n:root { --accent: #c2410c; --radius: 2px; }\n")
        #expect(!themed.siteFiles("assets").contains("theme.css"))
        #expect(result.stderr.contains("  + theme/theme.css → the end of assets/\(themedSheet)"), "\(result.stderr)")
        for page in ["index.html", "good/index.html"] {
            #expect(themed.siteFile(page)?.replacingOccurrences(of: themedSheet, with: plainSheet) == plain.siteFile(page), "\(page)")
        }
    }

    @Test func aTemplateFolderContributesOnlyItsOwnRegularFilesOfASitesKinds() async throws {
        let project = try project("template: theme\nthumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n")
        try project.write("theme/style.css", "body { color: teal }")
        try project.write("theme/passwd", "root:x:0:0")
        try project.write("theme/secret.env", "TOKEN=1")
        try project.write("theme/fonts/face.woff2", "font")
        try project.write("secret.css", "outside the theme")
        let theme = project.path("theme")
        try FileManager.default.createSymbolicLink(atPath: theme + "/environ.css", withDestinationPath: "/proc/self/environ")
        try FileManager.default.createSymbolicLink(atPath: theme + "/outside.css", withDestinationPath: "../secret.css")
        #expect(mkfifo(theme + "/pipe.css", 0o600) == 0)
        let secret = "galgen-secret-\(UUID().uuidString)"

        let result = try await build(project, ["--verbose"], environment: ["GALGEN_TEST_SECRET": secret])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.siteFiles("assets").contains("style.css"))
        #expect(project.siteFile("assets/style.css") == "body { color: teal }")
        for name in ["passwd", "secret.env", "fonts", "environ.css", "outside.css", "pipe.css"] {
            #expect(!project.siteFiles("assets").contains(name), "\(name) was published")
        }
        for file in project.siteFiles() {
            let bytes = FileManager.default.contents(atPath: project.site + "/" + file) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(file) holds the build's environment")
        }
        // Each skipped file named, with why.
        let skipped = [
            "theme/passwd: skipped: not a kind of file a site uses",
            "theme/secret.env: skipped: not a kind of file a site uses",
            "theme/fonts: skipped: a folder",
            "theme/environ.css: skipped: a symlink to /proc/",
            "theme/outside.css: skipped: a symlink to ",
            "theme/pipe.css: skipped: not a regular file but a FIFO (named pipe)",
        ]
        for line in skipped { #expect(result.stderr.contains("  ! " + line), "\(result.stderr)") }
        #expect(result.stderr.contains("secret.css, outside the template folder"), "\(result.stderr)")
        // What the folder contributes, with --verbose.
        #expect(result.stderr.contains("  + theme/style.css → assets/style.css"), "\(result.stderr)")

        let plain = try await build(project)
        #expect(plain.status == 0)
        #expect(!plain.stderr.contains("  + theme/"), "the contribution is listed only with --verbose")
        #expect(plain.stderr.contains("  ! theme/passwd: skipped"), "\(plain.stderr)")
    }

    @Test func etcAsTheTemplateFolderPublishesNoneOfIt() async throws {
        let project = try project("template: /etc\nthumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/good.jpg\n")
        let result = try await build(project)
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["passwd", "shadow", "group", "hostname", "hosts"] {
            #expect(!project.siteFiles("assets").contains(name), "\(name) was published")
        }
        #expect(result.stderr.contains("  ! /etc/passwd: skipped: not a kind of file a site uses"), "\(result.stderr)")
    }
}
