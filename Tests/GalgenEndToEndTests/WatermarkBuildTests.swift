import Foundation
import GalgenTestSupport
import Testing

/// `watermark:` through `galgen build`: a PNG or SVG mark on the larger renditions only, an
/// album left out with `false`, the original untouched, a changed mark rendering again and an
/// unchanged one not, and a missing mark refused before anything is written.
@Suite(.serialized)
struct WatermarkBuildTests {
    static let photo = "photos/dn_canon_a2500.jpg"

    /// A project with two albums of the same kind of photo, the second without the mark.
    static func project(mark: String, extra: String = "") throws -> TestProject {
        let project = try TestProject("""
        thumbnails: { widths: [320, 960], formats: [jpeg] }
        viewer: { originals: true }
        watermark: { image: \(mark), opacity: 0.8\(extra) }
        albums:
          - title: Marked
            images: [a.jpg]
          - title: Plain
            watermark: false
            images: [b.jpg]
        """)
        try Data(try Fixtures.bytes(photo)).write(to: URL(fileURLWithPath: project.path("a.jpg")))
        var other = try Fixtures.bytes(photo)
        other.insert(contentsOf: [0xFF, 0xFE, 0x00, 0x03, 0x42], at: 2)  // a comment: other bytes, the same pixels
        try Data(other).write(to: URL(fileURLWithPath: project.path("b.jpg")))
        return project
    }

    /// The JPEG renditions of the album's photo (`a` in images/marked/, `b` in images/plain/), as images/… paths.
    func renditions(_ project: TestProject, _ stem: String) -> [String] {
        let album = stem == "a" ? "marked" : "plain"
        return project.siteFiles("images/" + album).filter { $0.hasPrefix(stem + "-") && $0.hasSuffix(".jpg") && !$0.contains("-original.") }
            .sorted().map { album + "/" + $0 }
    }

    @Test func aPNGMarksTheLargerRenditionsOfItsAlbumsOnly() async throws {
        let project = try Self.project(mark: "mark.png")
        try Data(try Fixtures.bytes("formats/pil_pil123rgba_adam7.png")).write(to: URL(fileURLWithPath: project.path("mark.png")))
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let marked = renditions(project, "a"), plain = renditions(project, "b")
        #expect(marked.count == 2 && plain.count == 2, "\(project.siteFiles("images"))")
        let read = { (name: String) in try Data(contentsOf: URL(fileURLWithPath: project.path("_site/images/" + name))) }
        // The same pixels in both albums: the small renditions equal, the 960 px ones not (the mark).
        let width = { (names: [String], size: String) in names.first { $0.contains("-\(size).") } ?? "" }
        #expect(try read(width(marked, "320")) == read(width(plain, "320")))
        #expect(try read(width(marked, "960")) != read(width(plain, "960")))
        // The original is published as it was: never marked.
        let original = try #require(project.siteFiles("images/marked").first { $0.hasPrefix("a-original.") }, "\(project.siteFiles("images/marked"))")
        #expect(try read("marked/" + original) == Data(try Fixtures.bytes(Self.photo)))

        // Unchanged: nothing is made again. A changed mark (other bytes): the marked renditions only.
        let again = try await project.buildWithBinary()
        #expect(again.status == 0 && again.stderr.contains("nothing changed"), "\(again.stderr)")
        try Data(try Fixtures.bytes("formats/dn_palette_trns_256.png")).write(to: URL(fileURLWithPath: project.path("mark.png")))
        let changed = try await project.buildWithBinary()
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(renditions(project, "a") != marked && renditions(project, "b") == plain)
    }

    @Test func anSVGMarkIsDrawnByRsvgConvert() async throws {
        let project = try Self.project(mark: "brand/mark.svg", extra: ", position: top-left, width: 0.3")
        try project.write("brand/mark.svg", """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
          <rect x="0" y="0" width="300" height="100" fill="#ff0000"/>
        </svg>
        """)
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(renditions(project, "a").first { $0.contains("-960.") })
        let raw = project.path("corner.rgb")
        let run = try VideoClips.run(VideoClips.ffmpeg ?? "ffmpeg", ["-v", "error", "-y", "-i", project.path("_site/images/" + name),
                                                                       "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        #expect(run.code == 0, "\(run.errors)")
        let pixels = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        // Top-left, 2 % in: inside the red bar at 0.8 over the photo; the bottom-right corner is the photo's.
        let at = { (x: Int, y: Int) in Array(pixels[(y * 960 + x) * 3 ..< (y * 960 + x) * 3 + 3]) }
        let mark = at(60, 30)
        #expect(mark[0] > 190 && mark[1] < 90 && mark[2] < 90, "\(mark)")
    }

    @Test func aMissingOrWrongMarkIsRefusedAndNothingIsWritten() async throws {
        let project = try Self.project(mark: "nowhere.png")
        let missing = try await project.buildWithBinary()
        #expect(missing.status == 2 && missing.stderr.contains("watermark: the image nowhere.png cannot be read"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path("_site")))
        let notPNG = try Self.project(mark: "fake.png")
        try notPNG.write("fake.png", "not a picture")
        let wrong = try await notPNG.buildWithBinary()
        #expect(wrong.status == 2 && wrong.stderr.contains("watermark: the image fake.png is not a PNG file"), "\(wrong.stderr)")
        // A PNG header saying 5000 × 10 px: refused from its header, before any pixel is read.
        let huge = try Self.project(mark: "huge.png")
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x13, 0x88, 0, 0, 0, 10, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: huge.path("huge.png")))
        let tooLarge = try await huge.buildWithBinary()
        #expect(tooLarge.status == 2 && tooLarge.stderr.contains("is 5000 × 10 px, larger than a mark needs"), "\(tooLarge.stderr)")
    }
}
