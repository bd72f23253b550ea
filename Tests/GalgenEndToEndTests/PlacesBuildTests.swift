import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` with `places:` on real phone photos with GPS: the places index with its map, a
/// page per place, a link from each photo's page; a `hide_near` circle and unlisted albums leave
/// no trace in them; and no coordinate of any photo in any published text file.
@Suite(.serialized)
struct PlacesBuildTests {
    static let photos = ["oppo.jpg": "photos/dn_oppo_r7plus.jpg", "defense.jpg": "photos/dn_samsung_s7edge.jpg",
                         "vegas.jpg": "photos/dn_samsung_note3.jpg", "nikon.jpg": "photos/dn_nikon_d3100.jpg",
                         "china.heic": "formats/dn_iphone8_img1034.heic"]

    @Test func placesPagesMapAndLinksWithoutACoordinateAnywhere() async throws {
        let project = try TestProject("""
            title: Trips
            places: { level: city, hide_near: [[36.12, -115.17, 3]] }
            thumbnails: { widths: [160], formats: [jpeg] }
            albums:
              - title: Travels
                images: [photos/oppo.jpg, photos/defense.jpg, photos/vegas.jpg, photos/nikon.jpg]
              - title: Hidden
                unlisted: k3j9x0q2ma
                images: [photos/china.heic, photos/defense.jpg]
            """, photos: Self.photos)
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let index = try #require(project.siteFile("places/index.html"))
        #expect(index.contains("La Defense, France") && index.contains("Rodberg, Norway"), "\(index)")
        #expect(!index.contains("Paradise") && !index.contains("Xintang"), "the hidden circle and the unlisted album are on no places page")
        #expect(index.contains("<svg class=\"places-map\"") && index.contains("aria-label=\"La Defense, France, 1 photo\""))
        #expect(index.contains("GeoNames (CC BY 4.0)"))
        #expect(Set(project.siteFiles("places")).filter { $0.hasSuffix(".html") }
            == Set(["index.html", "la-defense-ile-de-france-fr/index.html", "rodberg-buskerud-no/index.html"]))
        let place = try #require(project.siteFile("places/la-defense-ile-de-france-fr/index.html"))
        #expect(place.contains("href=\"../../travels/defense/index.html\"") && !place.contains("k3j9x0q2ma"), "\(place)")
        let photo = try #require(project.siteFile("travels/defense/index.html"))
        #expect(photo.contains("<a class=\"tag\" href=\"../../places/la-defense-ile-de-france-fr/index.html\">La Defense, France</a>"), "\(photo)")
        #expect(project.siteFile("travels/vegas/index.html")?.contains("class=\"tags place\"") == false, "inside the circle: no place")
        #expect(project.siteFile("travels/nikon/index.html")?.contains("class=\"tags place\"") == false, "no GPS: no place")
        // The unlisted album's photo names its place without a link to a page that leaves it out.
        let hidden = try #require(project.siteFile("k3j9x0q2ma/china/index.html") ?? project.siteFiles().first { $0.contains("k3j9x0q2ma") }
            .flatMap { project.siteFile($0 + "/china/index.html") })
        #expect(hidden.contains("<span class=\"tags-label\">Place:</span> Xintang, "), "\(hidden)")
        #expect(project.siteFile("index.html")?.contains("All places") == true)
        // Every photo's own latitude and longitude, to two decimals, in no published text.
        let coordinates = ["60.27", "8.77", "48.89", "2.24", "36.12", "115.17", "23.18", "113.39"]
        for file in try Self.textFiles(project.site) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for value in coordinates where text.range(of: "(^|[^0-9.])-?" + value.replacingOccurrences(of: ".", with: "\\.") + "[0-9]*([^0-9]|$)",
                                                      options: .regularExpression) != nil {
                Issue.record("\(value) in \(file)")
            }
        }
    }

    @Test func offByDefaultNothingAboutAPlaceIsPublished() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nimages: [photos/defense.jpg]\n", photos: Self.photos)
        #expect(try await project.build().status == 0)
        #expect(project.siteFiles("places").isEmpty)
        #expect(project.siteFile("defense/index.html")?.contains("Defense") == false)
    }

    @Test func anAlbumNamedPlacesIsRefusedOnlyWhenPlacesAreOn() async throws {
        let gallery = "thumbnails: { widths: [160], formats: [jpeg] }\nalbums:\n  - title: Places\n    images: [photos/defense.jpg]\n  - title: B\n    images: [photos/oppo.jpg]\n"
        let project = try TestProject(gallery, photos: Self.photos)
        #expect(try await project.build().status == 0, "without places: the album keeps its slug")
        try project.writeGallery("places: true\n" + gallery)
        let refused = try await project.build()
        #expect(refused.status != 0 && refused.stderr.contains("'places' is where the places pages go"), "\(refused.stderr)")
        #expect(refused.stderr.contains("gallery.yml:"), "\(refused.stderr)")
    }

    @Test(.enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
    func aVideoFilmedInKyotoHasItsPlaceAndItsMP4sNoPosition() async throws {
        let project = try TestProject("places: true\nthumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [144] }\nimages: [photos/]\n")
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        try VideoClips.make("temple.mp4", in: project.path("photos"),
                            VideoClips.sourceInputs(size: "256x144") + VideoClips.h264 + ["-metadata", "location=+35.0116+135.7681/"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.siteFile("temple/index.html")?.contains(">Kyoto, Japan</a>") == true)
        #expect(project.siteFile("places/index.html")?.contains("Kyoto, Japan") == true)
        for mp4 in project.siteFiles("images").filter({ $0.hasSuffix(".mp4") }) {
            let probe = try VideoClips.run(try #require(VideoClips.ffprobe), ["-v", "quiet", "-show_entries", "format_tags", "-of", "json", project.site + "/images/" + mp4])
            #expect(!probe.output.contains("35.01") && !probe.output.contains("location"), "\(mp4): \(probe.output)")
        }
    }

    /// A record kept before galgen kept positions (metadata reader 4, no coordinates) gets its
    /// position read again with its words, without rendering: its place appears.
    @Test func aRecordKeptBeforePositionsGetsItsPlaceWithoutRendering() async throws {
        let gallery = "places: true\nthumbnails: { widths: [160], formats: [jpeg] }\nimages: [photos/defense.jpg]\n"
        let project = try TestProject(gallery, photos: Self.photos)
        #expect(try await project.build().status == 0)
        let records = project.path(".galgen-cache/renditions.json")
        var text = try String(contentsOfFile: records, encoding: .utf8)
        let coordinates = try #require(text.range(of: #","coordinates":\{[^}]*\}"#, options: .regularExpression))
        text.removeSubrange(coordinates)
        try text.replacingOccurrences(of: "\"reader\":5", with: "\"reader\":4").write(toFile: records, atomically: true, encoding: .utf8)
        try project.writeGallery(gallery + "# again\n")
        let again = try await project.build()
        #expect(again.status == 0 && (again.stdout + again.stderr).contains("not decoded again"), "\(again.stdout)\(again.stderr)")
        #expect(project.siteFile("defense/index.html")?.contains(">La Defense, France</a>") == true)
    }

    static func textFiles(_ root: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if ["html", "xml", "json", "js", "css", "txt", "webmanifest"].contains((path as NSString).pathExtension) || path.hasSuffix("_headers") {
                files.append(root + "/" + path)
            }
        }
        return files
    }
}
