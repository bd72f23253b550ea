import Foundation
import GalgenTestSupport
import Testing

/// A full or read-only disk under the output: a clear error, the previous site intact,
/// no temporary files. Needs a 1 MB tmpfs, which only root can mount.
@Suite(.serialized, .enabled(if: Fixtures.available && getuid() == 0))
struct FullDiskTests {
    func withSmallDisk(_ body: (String) async throws -> Void) async throws {
        let mountPoint = try TemporaryFolder()
        defer { mountPoint.remove() }
        try #require(try Self.system("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]) == 0,
                     "cannot mount a tmpfs here")
        defer { _ = try? Self.system("/bin/umount", [mountPoint.path]) }
        try await body(mountPoint.path)
    }

    /// Runs a system tool and returns its exit status.
    static func system(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func project(_ photos: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try writeGallery(folder, title: "Disk", photos: photos)
        return folder
    }

    /// gallery.yml listing fixture photos (paths under ../shared/fixtures) at 200 and 1600 px.
    func writeGallery(_ folder: TemporaryFolder, title: String, photos: [String]) throws {
        try folder.write("gallery.yml", "title: \(title)\nthumbnails: { widths: [200, 1600] }\nimages:\n"
                         + photos.map { "  - \(Fixtures.root)/\($0)\n" }.joined())
    }

    @Test func aFullDiskKeepsThePreviousSite() async throws {
        try await withSmallDisk { disk in
            let folder = try project(["orientation/Landscape_1.jpg"])
            defer { folder.remove() }
            let output = disk + "/site"
            #expect(try await Galgen.runAsync(["build", "--output", output], in: folder.path).status == 0)
            let before = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()

            // Nine 16 MP photos at 1600 px do not fit in 1 MB.
            try writeGallery(folder, title: "Too big", photos: Fixtures.names(in: "photos").map { "photos/" + $0 })
            let result = try await Galgen.runAsync(["build", "--output", output], in: folder.path)
            #expect(result.status == 3)
            #expect(result.stderr.contains("error: cannot write the site"), "\(result.stderr)")
            #expect(result.stderr.lowercased().contains("space"), "\(result.stderr)")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["site"])
        }
    }

    @Test func aReadOnlyDiskKeepsThePreviousSite() async throws {
        try await withSmallDisk { disk in
            let folder = try project(["orientation/Landscape_1.jpg"])
            defer { folder.remove() }
            let output = disk + "/site"
            #expect(try await Galgen.runAsync(["build", "--output", output], in: folder.path).status == 0)
            let before = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
            try #require(try Self.system("/bin/mount", ["-o", "remount,ro", disk]) == 0)
            defer { _ = try? Self.system("/bin/mount", ["-o", "remount,rw", disk]) }
            try folder.write("gallery.yml", "title: Changed\nimages:\n  - \(Fixtures.root)/orientation/Landscape_2.jpg\n")
            let result = try await Galgen.runAsync(["build", "--output", output], in: folder.path)
            #expect(result.status == 3)
            #expect(result.stderr.contains("Read-only file system") || result.stderr.contains("read-only"), "\(result.stderr)")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted() == before)
        }
    }
}
