import GalgenTestSupport
import Foundation
import Testing

struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try Galgen.run(["--version"], in: NSTemporaryDirectory())
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("galgen "))
        let help = try Galgen.run(["build", "--help"], in: NSTemporaryDirectory())
        for flag in ["--config", "--output", "--cache-dir", "--jobs", "--offline", "--quiet", "--verbose"] {
            #expect(help.stdout.contains(flag), "build --help lacks \(flag)")
        }
    }

    @Test func usageErrorsKeepArgumentParsersCode() throws {
        let result = try Galgen.run(["build", "--quiet", "--verbose"], in: NSTemporaryDirectory())
        #expect(result.status == 64)
        #expect(result.stderr.contains("either --quiet or --verbose"))
    }

    @Test func initWritesAStarterThatBuilds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let created = try Galgen.run(["init", "mine"], in: folder.path)
        #expect(created.status == 0)
        #expect(folder.list("mine").contains("site-template/page.mustache"))
        let built = try Galgen.run(["build", "--config", "mine/gallery.yml"], in: folder.path)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(folder.read("mine/_site/index.html")?.contains("No photos yet") == true)
        let again = try Galgen.run(["init", "mine"], in: folder.path)
        #expect(again.status == 3)
        #expect(again.stderr.contains("never overwrites"))
    }

    @Test func exampleGalleryMatchesTheSchemaKeys() throws {
        // The parser lists its allowed keys in the unknown-key message; the schema must list the same.
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: Galgen.packageRoot + "/gallery.schema.json"))) as? [String: Any]
        let properties = try #require(schema?["properties"] as? [String: Any])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("gallery.yml", "bogus: 1\n")
        let result = try Galgen.run(["build"], in: folder.path)
        let allowed = try #require(result.stderr.components(separatedBy: "Allowed keys: ").last?.components(separatedBy: ".").first)
        #expect(Set(allowed.components(separatedBy: ", ")) == Set(properties.keys))
    }
}
