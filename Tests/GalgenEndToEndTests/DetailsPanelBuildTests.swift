import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` of real camera and phone photos: each photo page has a details panel read from
/// the photo's own metadata (never from a rendition), in HTML, as `details:` allows at the site,
/// album and photo levels; and no place.
@Suite(.serialized)
struct DetailsPanelBuildTests {
    /// The panel's rows of a photo page, "label: value", in order; nil when it has no panel.
    static func rows(_ html: String?) -> [String]? {
        guard let html, let start = html.range(of: "<dl class=\"details\">"), let end = html.range(of: "</dl>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "</div>").compactMap { row in
            guard let dt = row.range(of: "<dt>"), let dd = row.range(of: "</dt><dd>"), let close = row.range(of: "</dd>") else { return nil }
            return row[dt.upperBound..<dd.lowerBound] + ": " + row[dd.upperBound..<close.lowerBound]
        }
    }

    func project(_ gallery: String) throws -> TestProject {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\n" + gallery)
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        for name in ["dn_nikon_d3100.jpg", "dn_samsung_s9p_issue525.jpg", "dn_canon_eos5d.jpg"] {
            try FileManager.default.copyItem(atPath: Galgen.packageRoot + "/Tests/Fixtures/photos/" + name, toPath: project.path("photos/" + name))
        }
        return project
    }

    @Test func realPhotosShowTheirCameraLensExposureTimeAndSize() async throws {
        let project = try project("""
            albums:
              - title: Cameras
                slug: cameras
                images:
                  - photos/dn_nikon_d3100.jpg
                  - photos/dn_samsung_s9p_issue525.jpg
                  - src: photos/dn_canon_eos5d.jpg
                    details: [camera, time]
              - title: Plain
                slug: plain
                details: false
                images: [{ src: photos/dn_nikon_d3100.jpg, slug: nikon-again }]
            """)
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let pages = project.photoPages("cameras/")
        #expect(Self.rows(pages[0].html) == [
            "Camera: NIKON D3100", "Focal length: 55 mm (82 mm in 35 mm)", "Aperture: f/8", "Shutter: 1/200 s", "ISO: 400",
            "Exposure compensation: +0.7 EV", "Taken: 2010-12-02 13:18", "Size: 4608 × 3072",
        ])
        // The Galaxy S9+'s lens is named only in its XMP (exifEX:LensModel).
        #expect(Self.rows(pages[1].html)?.contains("Lens: Samsung Galaxy S9+ Rear Camera") == true, "\(Self.rows(pages[1].html) ?? [])")
        #expect(Self.rows(pages[2].html) == ["Camera: Canon EOS 5D", "Taken: 2005-09-25 00:31"])
        #expect(Self.rows(project.photoPages("plain/").first?.html) == nil)
        #expect(project.photoPages("plain/").first?.html?.contains("class=\"details\"") == false)
        // Works without JavaScript: plain HTML, a heading for screen readers, no script writes it.
        #expect(pages[0].html?.contains("<h3 class=\"visually-hidden\">Details</h3>\n<dl class=\"details\">") == true)
    }

    @Test func rightsFromGalleryYmlAndFromThePhotosOwnFileWithJSONLD() async throws {
        let project = try project("""
            rights: { license: "https://creativecommons.org/licenses/by/4.0/" }
            images:
              - src: photos/scan.png
              - src: photos/dn_nikon_d3100.jpg
                rights: { creator: Ann Lee, copyright: © 2024 Ann Lee, acquire_license_page: "https://example.com/buy" }
            """)
        try FileManager.default.copyItem(atPath: Galgen.packageRoot + "/Tests/Fixtures/formats/dn_scanned_photo_rgb8.png",
                                         toPath: project.path("photos/scan.png"))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let pages = project.photoPages()
        let scan = try #require(pages.first { $0.slug == "scan" }?.html), nikon = try #require(pages.first { $0.slug == "dn-nikon-d3100" }?.html)
        // The PNG's own XMP (dc:rights, dc:creator) and the gallery's licence.
        #expect(scan.contains("<p class=\"rights\">© Jonathan Pfeifer 2023 · Photo: Digitized By Jonathan Pfeifer · "
            + "<a href=\"https://creativecommons.org/licenses/by/4.0/\" rel=\"license\">License</a></p>"), "\(scan)")
        #expect(nikon.contains("<p class=\"rights\">© 2024 Ann Lee · Photo: Ann Lee · <a href=\"https://creativecommons.org/licenses/by/4.0/\" "
            + "rel=\"license\">License</a> · <a href=\"https://example.com/buy\">License this photo</a></p>"))
        let json = try #require(nikon.components(separatedBy: "<script type=\"application/ld+json\">").dropFirst().first?
            .components(separatedBy: "</script>").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["acquireLicensePage"] as? String == "https://example.com/buy" && object["creditText"] as? String == "Ann Lee")
        let content = try #require(object["contentUrl"] as? String)
        #expect(FileManager.default.fileExists(atPath: project.path("_site/dn-nikon-d3100/" + content)), "\(content)")
    }

    @Test func anOldRecordsFactsAreReadAgainNotRendered() async throws {
        let project = try project("images: [photos/dn_nikon_d3100.jpg]\n")
        #expect(try await project.build().status == 0)
        // As an older galgen kept it: metadata reader 3, facts without the panel's new fields.
        let records = project.path(".galgen-cache/renditions.json")
        var text = try String(contentsOfFile: records, encoding: .utf8)
        try #require(text.contains("\"focalLength35mm\":82,") && text.contains("\"reader\":5"), "\(text.prefix(600))")
        for field in ["\"exposureBias\":0.6666666666666666,", "\"flashFired\":false,", "\"focalLength35mm\":82,"] {
            text = text.replacingOccurrences(of: field, with: "")
        }
        try text.replacingOccurrences(of: "\"reader\":5", with: "\"reader\":3").write(toFile: records, atomically: true, encoding: .utf8)
        // A changed gallery.yml, so the build is not skipped as unchanged (`last-build`).
        try project.writeGallery("thumbnails: { widths: [160], formats: [jpeg] }\nimages: [photos/dn_nikon_d3100.jpg]\n# again\n")
        let again = try await project.build()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("not decoded again") || again.stderr.contains("not decoded again"), "\(again.stdout)")
        #expect(Self.rows(project.photoPages().first?.html)?.contains("Exposure compensation: +0.7 EV") == true)
    }
}
