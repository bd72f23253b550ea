import Foundation
import GalgenTestSupport
import Testing

/// A full or read-only disk under the output: a clear error, the previous site intact,
/// no temporary files. Needs a 1 MB tmpfs, which only root can mount.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a 1 MB tmpfs needs root"))
struct FullDiskTests {
    func withSmallDisk(_ body: (String) async throws -> Void) async throws {
        try await SmallDisk.with(size: "1m", body)
    }

    /// gallery.yml listing fixture photos (Tests/Fixtures) at 200 and 1600 px.
    static func gallery(_ title: String, photos: [String]) -> String {
        "title: \(title)\nthumbnails: { widths: [200, 1600], formats: [jpeg] }\nimages:\n" + photos.map { "  - \(Fixtures.root)/\($0)\n" }.joined()
    }

    @Test func aFullDiskKeepsThePreviousSite() async throws {
        try await withSmallDisk { disk in
            let project = try TestProject(Self.gallery("Disk", photos: ["orientation/Landscape_1.jpg"]))
            let output = disk + "/site"
            #expect(try await project.build(["--output", output]).status == 0)
            let before = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()

            // Nine camera photos at 200 px and up to 1600 px do not fit in 1 MB.
            try project.writeGallery(Self.gallery("Too big", photos: Fixtures.names(in: "photos").map { "photos/" + $0 }))
            let result = try await project.build(["--output", output])
            #expect(result.status == 3)
            #expect(result.stderr.contains("error: cannot write the site"), "\(result.stderr)")
            #expect(result.stderr.lowercased().contains("space"), "\(result.stderr)")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["site"])
        }
    }

    @Test func aReadOnlyDiskKeepsThePreviousSite() async throws {
        try await withSmallDisk { disk in
            let project = try TestProject(Self.gallery("Disk", photos: ["orientation/Landscape_1.jpg"]))
            let output = disk + "/site"
            #expect(try await project.build(["--output", output]).status == 0)
            let before = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
            try #require(try SmallDisk.remount(disk, writable: false) == 0)
            defer { _ = try? SmallDisk.remount(disk, writable: true) }
            try project.writeGallery("title: Changed\nimages:\n  - \(Fixtures.root)/orientation/Landscape_2.jpg\n")
            let result = try await project.build(["--output", output])
            #expect(result.status == 3)
            #expect(result.stderr.contains("Read-only file system") || result.stderr.contains("read-only"), "\(result.stderr)")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted() == before)
        }
    }
}
