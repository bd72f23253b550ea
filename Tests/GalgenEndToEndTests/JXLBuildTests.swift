import Foundation
import GalgenPNG
import GalgenTestSupport
import Testing

/// JPEG XL through `galgen build`: renditions every `djxl` decodes at the widths the page
/// promises, offered first in each `<picture>`; `.jxl` photos read upright with their camera's
/// details and their place kept off the site; a list of only `jxl` refused before anything is built.
@Suite(.serialized)
struct JXLBuildTests {
    static func project(formats: String) throws -> TestProject {
        let project = try TestProject("""
        thumbnails: { widths: [320, 960], formats: \(formats) }
        viewer: { originals: true }
        albums:
          - title: Photos
            images: [a.jpg, b.jxl, c.jxl]
        """)
        try Data(try Fixtures.bytes("photos/dn_canon_eos5d.jpg")).write(to: URL(fileURLWithPath: project.path("a.jpg")))
        // A recompressed JPEG with a GPS position, and a lossy one of a photo turned by EXIF (orientation 6).
        try Data(try JXLTools.cjxl("photos/dn_oppo_r7plus.jpg")).write(to: URL(fileURLWithPath: project.path("b.jxl")))
        try Data(try JXLTools.cjxl("orientation/Portrait_6.jpg", ["--lossless_jpeg=0", "-q", "85"]))
            .write(to: URL(fileURLWithPath: project.path("c.jxl")))
        return project
    }

    @Test func jpegXLRenditionsDecodeAndComeFirst() async throws {
        let project = try Self.project(formats: "[avif, jxl, jpeg]")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let files = project.siteFiles("images/photos")
        let jxl = files.filter { $0.hasSuffix(".jxl") && !$0.contains("-original.") }
        #expect(jxl.count == 6, "\(files)")
        for name in jxl {
            let decoded = try PNGDecoder.decode(try JXLTools.djxl(Array(try Data(contentsOf: URL(fileURLWithPath: project.path("_site/images/photos/" + name))))),
                                                maxPixels: 10_000_000)
            let width = Int(name.split(separator: "-").last!.split(separator: ".").first!)!
            #expect(decoded.pixels.width == width, "\(name)")
            // The photo turned by EXIF is upright: taller than wide.
            if name.hasPrefix("c-") { #expect(decoded.pixels.height > decoded.pixels.width, "\(name)") }
        }
        let page = try String(contentsOfFile: project.path("_site/photos/b/index.html"), encoding: .utf8)
        let jxlSource = try #require(page.range(of: #"<source type="image/jxl""#))
        let avifSource = try #require(page.range(of: #"<source type="image/avif""#))
        #expect(jxlSource.lowerBound < avifSource.lowerBound)
        // The recompressed JPEG's camera is on its page; its original is withheld for its place.
        #expect(page.contains("OPPO") || page.contains("R7"), "no camera on the page")
        #expect(!files.contains { $0.hasPrefix("b-original.") }, "\(files)")
        #expect(result.stderr.contains("b.jxl: records where it was taken (GPS coordinates (GPSLatitude) in the EXIF of its first brob box "
            + "(a compressed Exif box)): its original is not published"), "\(result.stderr)")
        #expect(files.contains { $0.hasPrefix("c-original.") && $0.hasSuffix(".jxl") }, "\(files)")
    }

    @Test func onlyJXLIsRefused() async throws {
        let project = try Self.project(formats: "[jxl]")
        let result = try await project.buildWithBinary()
        #expect(result.status == 2)
        #expect(result.stderr.contains("'thumbnails.formats' lists only jxl, which many browsers cannot show yet"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path("_site")))
    }
}
