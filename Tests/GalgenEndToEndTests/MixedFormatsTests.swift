import FaultServer
import Foundation
import GalgenTestSupport
import Testing

/// A gallery of every format galgen reads, from a folder and from a server on loopback, built by
/// `galgen build` end to end.
@Suite(.serialized)
struct MixedFormatsTests {
    static let local = ["mk_beach_1440x960.heic", "lav_paris_icc_exif_xmp.avif", "dn_iphonex_exif6_issue473.webp",
                        "dn_palette_trns_256.png", "dn_alpha_lossy_rose.webp"]
    static let remote = ["lu_kimono_irot_imir.avif", "dn_htc_desire_icc_exif.webp", "pil_pil123rgba_adam7.png"]

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name)))
    }

    @Test func aFolderAndURLsOfEveryFormatBuildIntoOnePage() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        for name in Self.remote { server.setBody(name, try Self.fixture(name)) }
        let urls = Self.remote.map { "  - " + server.url("/img/" + $0) }
        let project = try TestProject("title: Formats\nthumbnails: { widths: [160] }\nsort: name\nimages:\n  - photos/\n"
            + urls.joined(separator: "\n") + "\n")
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        for name in Self.local {
            try FileManager.default.copyItem(atPath: Fixtures.root + "/formats/" + name, toPath: project.path("photos/" + name))
        }
        try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_1.jpg", toPath: project.path("photos/a.jpg"))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Built 9 image(s)"), "\(result.stderr)")
        // GPS is reported and stripped for WebP and AVIF as for JPEG.
        #expect(result.stderr.contains("photos/lav_paris_icc_exif_xmp.avif: has GPS coordinates; they were removed"), "\(result.stderr)")
        // One tile on the overview and one page per photo: 6 local, 3 remote.
        let photos = project.photoPages()
        #expect(photos.count == 9)
        for photo in photos {
            #expect(photo.title != nil && photo.html?.contains(#"aria-setsize="9""#) == true, "\(photo.slug)")
        }
        // Every photo's renditions are JPEGs.
        let images = project.siteFiles("images")
        #expect(images.filter { $0.hasSuffix(".jpg") }.count >= 9, "\(images)")
    }

    @Test func aDamagedHEICFailsAloneWithItsReasonAndTheRestIsBuilt() async throws {
        let project = try TestProject("thumbnails: { widths: [160] }\nimages:\n  - photos/good.webp\n  - photos/bad.heic\n")
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/formats/dn_photo1_vp8.webp", toPath: project.path("photos/good.webp"))
        try FileManager.default.copyItem(atPath: Fixtures.root + "/formats/odd/mk_heif_truncated_8k.heif", toPath: project.path("photos/bad.heic"))
        let result = try await project.build()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("photos/bad.heic") && result.stderr.contains("unreadable HEIF"), "\(result.stderr)")
        #expect(project.siteFile("index.html")?.contains("good") == true)
    }

    @Test func everyFormatIsByteIdenticalAcrossCleanBuildsWithOrWithoutThreads() async throws {
        let make = { () throws -> TestProject in
            let project = try TestProject("thumbnails: { widths: [160, 480], formats: [avif, webp, jpeg] }\nimages:\n"
                + "  - photos/a.heic\n  - photos/b.png\n  - photos/c.jpg\n")
            try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
            for (name, fixture) in [("a.heic", "formats/mk_beach_1440x960.heic"), ("b.png", "formats/pil_pil123rgba_adam7.png"),
                                    ("c.jpg", "orientation/Landscape_1.jpg")] {
                try FileManager.default.copyItem(atPath: Fixtures.root + "/" + fixture, toPath: project.path("photos/" + name))
            }
            return project
        }
        let first = try make(), second = try make()
        #expect(try await first.build(["--jobs", "2"]).status == 0)
        #expect(try await second.build(["--jobs", "1"]).status == 0)
        let files = first.siteFiles("images")
        #expect(files.filter { $0.hasSuffix(".avif") }.count == 6 && files.filter { $0.hasSuffix(".webp") }.count == 6, "\(files)")
        #expect(files == second.siteFiles("images"))
        for name in files {
            #expect(FileManager.default.contents(atPath: first.path("_site/images/" + name))
                    == FileManager.default.contents(atPath: second.path("_site/images/" + name)), "\(name)")
        }
    }
}
