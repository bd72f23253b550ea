import Foundation
import GalgenTestSupport
import Testing

/// A folder of real photos carrying dates and words in EXIF, XMP and IPTC (Tests/Fixtures/metadata),
/// built by `galgen build`: date order across time zones, words in their order of precedence.
@Suite(.serialized)
struct MetadataOrderTests {
    static let metadata = Galgen.packageRoot + "/Tests/Fixtures/metadata/"

    /// `photos/<name>` → a file of Tests/Fixtures/metadata.
    func project(_ gallery: String, _ photos: [String: String]) throws -> TestProject {
        let project = try TestProject("thumbnails: { widths: [120], formats: [jpeg] }\n" + gallery)
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        for (name, fixture) in photos {
            try FileManager.default.copyItem(atPath: Self.metadata + fixture, toPath: project.path("photos/" + name))
        }
        return project
    }

    /// The album's photos in overview order, each as its own page shows it: (title, caption as HTML).
    func shown(_ project: TestProject) -> [(title: String?, caption: String?)] {
        project.photoPages().map { ($0.title, $0.caption) }
    }

    @Test func dateOrderIsByInstantAcrossTimeZones() async throws {
        // By name (and by the clock) Paris 09:00 comes before Tokyo 10:00; as instants Tokyo
        // (01:00 UTC) is first, then the unzoned 05:00 (read as UTC), then Paris (07:00 UTC).
        let project = try project("sort: date\nimages: photos/\n",
                                  ["a_paris.jpg": "tz_paris.jpg", "b_tokyo.jpg": "tz_tokyo.jpg", "c_unzoned.jpg": "tz_unzoned.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(shown(project).map(\.title) == ["b_tokyo", "c_unzoned", "a_paris"])
        // Newest first, and the same order under any time zone of the machine.
        try project.writeGallery("thumbnails: { widths: [120], formats: [jpeg] }\nsort: date\nreverse: true\nimages: photos/\n")
        let reversed = try await Galgen.runAsync(["build"], in: project.path, environment: ["TZ": "America/Los_Angeles"])
        #expect(reversed.status == 0, "\(reversed.stderr)")
        #expect(shown(project).map(\.title) == ["a_paris", "c_unzoned", "b_tokyo"])
    }

    @Test func wordsComeFromGalleryYmlSidecarsXMPIPTCThenEXIFAndNeverBoilerplate() async throws {
        let project = try project("sort: name\nimages:\n  - photos/\n  - src: photos/e_listed.jpg\n    caption: From gallery.yml\n", [
            "a_xmp.jpg": "xmp_words.jpg", "b_latin1.jpg": "iptc_latin1.jpg", "c_exif.jpg": "exif_words.jpg",
            "d_olympus.jpg": "exif_boilerplate.jpg", "e_listed.jpg": "all_sources.jpg", "f_sidecar.jpg": "all_sources.jpg",
        ])
        try project.write("photos/f_sidecar.jpg.yml", "title: From the sidecar\n")
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let photos = shown(project)
        #expect(photos.map(\.title) == ["Café – 東京", "Zürich Straße", "c_exif", "d_olympus", "Title from XMP", "From the sidecar"])
        #expect(photos.map(\.caption) == [
            "Morning light &amp; &lt;steam&gt; — 朝の光", "Café au lait, 5 € – señor", "Hafen in der Abenddämmerung",
            nil, "From gallery.yml", "Caption from XMP",
        ])
        let overview = try #require(project.siteFile("index.html")), cafe = try #require(project.photoPages().first?.html)
        #expect(!(overview + project.photoPages().map { $0.html ?? "" }.joined()).contains("OLYMPUS DIGITAL CAMERA"))
        // The alt text is the photo's, on its page and on its tile.
        #expect(cafe.contains(#"alt="A cup of coffee on a café table in Tokyo""#))
        #expect(overview.contains(#"alt="A cup of coffee on a café table in Tokyo""#))
    }

    @Test func singlePhotosFindTheirSidecarsFromTheFoldersListing() async throws {
        // Listed one by one (not as a folder): each looks for its sidecars by name, asking the
        // file system only about names its folder's one listing holds.
        let project = try project("sort: name\nimages:\n  - photos/a.jpg\n  - photos/b.jpg\n  - photos/c.jpg\n  - other/d.jpg\n",
                                  ["a.jpg": "exif_words.jpg", "b.jpg": "exif_words.jpg", "c.jpg": "exif_words.jpg"])
        try FileManager.default.createDirectory(atPath: project.path("other"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.metadata + "exif_words.jpg", toPath: project.path("other/d.jpg"))
        try project.write("photos/a.jpg.yml", "title: A from its sidecar\n")
        try project.write("photos/b.txt", "The caption of b\n")
        try project.write("photos/C.JPG.YML", "title: not c's on a file system that tells case apart\n")
        try project.write("other/d.yaml", "title: D from its sidecar\n")
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let photos = shown(project)
        #expect(photos.map(\.title) == ["A from its sidecar", "b", "c", "D from its sidecar"])
        #expect(photos.map(\.caption) == ["Hafen in der Abenddämmerung", "The caption of b", "Hafen in der Abenddämmerung", "Hafen in der Abenddämmerung"])
    }

    @Test func initFromAFolderThenBuildGivesASortedCaptionedGallery() async throws {
        // The user's folder: photos straight off a camera and a phone, nothing typed by hand.
        let trip = try TemporaryFolder()
        for (name, fixture) in ["a_paris.jpg": "tz_paris.jpg", "b_tokyo.jpg": "tz_tokyo.jpg", "c_cafe.jpg": "xmp_words.jpg",
                                "d_olympus.jpg": "exif_boilerplate.jpg"] {
            try FileManager.default.copyItem(atPath: Self.metadata + fixture, toPath: trip.path + "/" + name)
        }
        try trip.write("notes.txt", "packing list")
        let site = try TestProject()
        let initialised = try Galgen.run(["init", ".", "--from", trip.path], in: site.path)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(initialised.stdout.contains("Found 4 photos"), "\(initialised.stdout)")
        let built = try await site.build()
        #expect(built.status == 0, "\(built.stderr)")
        // Oldest first: 2013 (the Olympus), 2021 (the café), then Tokyo before Paris on 12 June 2024.
        let photos = shown(site)
        #expect(photos.map(\.title) == ["d_olympus", "Café – 東京", "b_tokyo", "a_paris"])
        #expect(photos.map(\.caption) == [nil, "Morning light &amp; &lt;steam&gt; — 朝の光", nil, nil])
        #expect(built.stderr.contains("1 not an image (notes.txt)"), "\(built.stderr)")
    }
}
