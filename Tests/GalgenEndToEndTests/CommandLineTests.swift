import Foundation
import GalgenTestSupport
import Testing

/// The command line run in-process: parsing, help, init, and the messages of a build.
struct CommandLineTests {
    @Test func versionAndHelp() async throws {
        let version = try await Galgen.runInProcess(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("galgen "))
        let help = try await Galgen.runInProcess(["build", "--help"])
        for flag in ["--config", "--output", "--cache-dir", "--jobs", "--offline", "--quiet", "--verbose"] {
            #expect(help.stdout.contains(flag), "build --help lacks \(flag)")
        }
    }

    @Test func initWritesAStarterThatBuilds() async throws {
        let folder = try TemporaryFolder()
        let mine = folder.path + "/mine"
        let created = try await Galgen.runInProcess(["init", mine])
        #expect(created.status == 0)
        #expect(folder.list("mine").contains("site-template/page.mustache"))
        // The starter brings in photos/, which must hold photos first.
        let empty = try await Galgen.runInProcess(["build", "--config", mine + "/gallery.yml"])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("'photos/' holds no photos"))
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: mine + "/photos/beach.jpg")
        let built = try await Galgen.runInProcess(["build", "--config", mine + "/gallery.yml"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(folder.list("mine/_site/images").contains { $0.hasPrefix("beach-") })
        let again = try await Galgen.runInProcess(["init", mine])
        #expect(again.status == 3)
        #expect(again.stderr.contains("never overwrites"))
    }

    @Test func exampleGalleryMatchesTheSchemaKeys() async throws {
        // The parser lists its allowed keys in the unknown-key message; the schema must list the same.
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: Galgen.packageRoot + "/gallery.schema.json"))) as? [String: Any]
        let properties = try #require(schema?["properties"] as? [String: Any])
        let project = try TestProject("bogus: 1\n")
        let result = try await project.build()
        let allowed = try #require(result.stderr.components(separatedBy: "Allowed keys: ").last?.components(separatedBy: ".").first)
        #expect(Set(allowed.components(separatedBy: ", ")) == Set(properties.keys))
    }
}

/// The real binary: its exit statuses are the session's, and ArgumentParser's for usage errors.
struct BinaryExitStatusTests {
    @Test func usageErrorsKeepArgumentParsersCode() throws {
        let result = try Galgen.run(["build", "--quiet", "--verbose"], in: NSTemporaryDirectory())
        #expect(result.status == 64)
        #expect(result.stderr.contains("--quiet") && result.stderr.contains("--verbose"), "\(result.stderr)")
        let basePath = try Galgen.run(["serve", "--base-path", "/a/../b/"], in: NSTemporaryDirectory())
        #expect(basePath.status == 64)
        #expect(basePath.stderr.contains("'/a/../b/' is invalid for '--base-path"), "\(basePath.stderr)")
    }

    @Test("The binary exits with the build's status", arguments: [
        ("images: []\n", [], Int32(0)),
        ("images: [photos/missing.jpg]\n", [], 1),
        (nil, [], 2),
        ("images: []\n", ["--output", "public"], 3),
    ] as [(String?, [String], Int32)])
    func exitStatuses(_ gallery: String?, _ arguments: [String], _ status: Int32) throws {
        let project = try TestProject(gallery)
        try project.write("public/notes.txt", "not galgen's")
        let result = try Galgen.run(["build", "--quiet"] + arguments, in: project.path)
        #expect(result.status == status, "\(result.stderr)")
    }

    @Test func serveWithoutAGalleryExits2BeforeListeningOrMakingACache() throws {
        let project = try TestProject(nil)
        let result = try Galgen.run(["serve", "--port", "0"], in: project.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("gallery.yml") && result.stderr.contains("galgen init"))
        #expect(!result.stdout.contains("Serving"))
        #expect(!FileManager.default.fileExists(atPath: project.cache))
    }
}
