import Foundation
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// `downloads: zip` with the real binary: the overview's link, the zip in the site (read back by
/// Python's zipfile), and a build that changes nothing of the album neither rewrites nor
/// remakes it.
@Suite(.serialized)
struct AlbumDownloadBuildTests {
    static func gallery(title: String = "Travels", images: [String] = ["photos/plain.jpg", "photos/located.jpg"]) -> String {
        """
        title: \(title)
        downloads: zip
        viewer: { originals: true }
        thumbnails: { widths: [160, 320], formats: [jpeg, webp] }
        albums:
          - title: Trip
            images: [\(images.joined(separator: ", "))]
        """
    }

    static func project() throws -> TestProject {
        try TestProject(gallery(), photos: ["plain.jpg": "orientation/Landscape_1.jpg", "located.jpg": "photos/dn_oppo_r7plus.jpg"])
    }

    /// The overview's "Download all" link: its href (relative to trip/) and its download name.
    static func link(_ project: TestProject) throws -> (href: String, name: String, text: String) {
        let html = try #require(project.siteFile("trip/index.html"))
        let pattern = #/<p class="download-all"><a href="([^"]+)" download="([^"]+)">([^<]+)</a></p>/#
        let match = try #require(html.firstMatch(of: pattern), "\(html)")
        return (String(match.1), String(match.2), String(match.3))
    }

    /// A link of the overview `trip/index.html`, as a path in the project.
    static func resolve(_ href: String, in project: TestProject) -> String {
        URL(string: href, relativeTo: URL(fileURLWithPath: project.path("_site/trip/index.html")))!.standardizedFileURL.path
    }

    /// What Python's zipfile reads: each entry's name, method and bytes' SHA-256, after testzip().
    static func entries(_ zip: String) throws -> [[String: Any]] {
        let script = """
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                print(json.dumps([{"name": i.filename, "method": i.compress_type, "sha": hashlib.sha256(z.read(i)).hexdigest()}
                                  for i in z.infolist()]))
            """
        let result = try VideoClips.run("/usr/bin/env", ["python3", "-c", script, zip])
        #expect(result.code == 0, "\(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    }

    @Test func theOverviewLinksAZipOfTheAlbumThatAnUnchangedAlbumKeeps() async throws {
        let project = try Self.project()
        let first = try await project.buildWithBinary()
        #expect(first.status == 0, "\(first.stderr)")
        let link = try Self.link(project)
        #expect(link.name == "trip.zip" && link.text.hasPrefix("Download all (2 photos, ") && link.text.hasSuffix(" KB)"), "\(link)")
        let zip = Self.resolve(link.href, in: project)
        #expect(zip.hasSuffix("/_site/trip/trip.\(link.href.split(separator: ".").dropLast().last ?? "").zip"), "\(link)")
        // The plain photo's published original; the located one's original is withheld, so its
        // largest JPEG rendition (320 px), the very file its page's Download link gives.
        let original = try #require(project.siteFiles("images/trip").first { $0.hasPrefix("plain-original.") })
        let rendition = try #require(project.siteFiles("images/trip").first { $0.hasPrefix("located-320.") && $0.hasSuffix(".jpg") })
        let read = try Self.entries(zip)
        #expect(read.map { $0["name"] as? String } == ["plain.jpg", "located.jpg"])
        #expect(read.allSatisfy { $0["method"] as? Int == 0 })
        #expect(read.map { $0["sha"] as? String }
                == [original, rendition].map { ContentStore.digest(ofFile: project.path("_site/images/trip/" + $0)) })
        #expect(project.siteFile("located/index.html") == nil)
        #expect(try #require(project.siteFile("trip/located/index.html")).contains(#"download="located.jpg">Download</a>"#))

        // Another gallery title: every page changes, the album's zip does not; it is neither
        // written again into the cache nor into the site.
        let kept = try #require(project.list(".galgen-cache/zips").first { $0.hasSuffix(".zip") })
        let stamps = (FileStamp.of(zip), FileStamp.of(project.path(".galgen-cache/zips/" + kept)))
        try project.writeGallery(Self.gallery(title: "Journeys"))
        let second = try await project.buildWithBinary()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.link(project).href == link.href)
        // The same inode and modification time: linked from the previous site, not written again.
        #expect(try #require(FileStamp.of(zip)).sameContents(as: try #require(stamps.0)))
        #expect(FileStamp.of(project.path(".galgen-cache/zips/" + kept)) == stamps.1)

        // Nothing changed at all: no file of the zip's is touched, not even linked.
        let untouched = (FileStamp.of(zip), FileStamp.of(project.path(".galgen-cache/zips/" + kept)))
        let noop = try await project.buildWithBinary()
        #expect(noop.status == 0, "\(noop.stderr)")
        #expect(FileStamp.of(zip) == untouched.0 && FileStamp.of(project.path(".galgen-cache/zips/" + kept)) == untouched.1)

        // One photo fewer: a new zip under a new name; the old one leaves the site and the cache.
        try project.writeGallery(Self.gallery(title: "Journeys", images: ["photos/plain.jpg"]))
        let third = try await project.buildWithBinary()
        #expect(third.status == 0, "\(third.stderr)")
        let changed = try Self.link(project)
        #expect(changed.href != link.href && changed.text.hasPrefix("Download all (1 photo, "))
        #expect(try Self.entries(Self.resolve(changed.href, in: project)).map { $0["name"] as? String } == ["plain.jpg"])
        #expect(!FileManager.default.fileExists(atPath: zip))
        #expect(project.list(".galgen-cache/zips").filter { $0.hasSuffix(".zip") }.count == 1)
        #expect(!project.list(".galgen-cache/zips").contains(kept))
    }
}
