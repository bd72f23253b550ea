import Foundation
import GalgenTestSupport
import Testing

/// `rights:` (and a photo's own) written into every rendition's metadata, as exiftool reads it:
/// EXIF Artist and Copyright, XMP creator, rights, web statement and licensor URL, and nothing
/// else of the source's (no place, device or date); a changed `rights:` encodes again, an
/// unchanged one does not, and a record kept before galgen wrote rights is rendered again only
/// when its photo names its creator.
@Suite(.serialized)
struct RightsInRenditionsTests {
    static let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool", "/opt/homebrew/bin/exiftool"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Every tag exiftool finds in `file`, "Group:Name" → value, without the file's own (size, name…).
    static func tags(_ file: String) throws -> [String: String] {
        let run = try VideoClips.run(try #require(exiftool), ["-j", "-G1", "-a", "-s", "-n", file])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        return try #require(list.first).reduce(into: [:]) { tags, entry in
            guard !["System", "File", "ExifTool", "Composite"].contains(where: { entry.key.hasPrefix($0 + ":") }),
                  entry.key != "SourceFile" else { return }
            tags[entry.key] = "\(entry.value)"
        }
    }

    /// Tags a rendition may carry: its encoding's own (JFIF, the colour profile, the image's
    /// structure), and the rights.
    static func isAllowed(_ tag: String) -> Bool {
        let group = String(tag.prefix { $0 != ":" })
        let structural = ["JFIF", "ICC-header", "ICC_Profile", "QuickTime", "RIFF", "XMP-x", "Meta"]
        return structural.contains(group) || group.hasPrefix("ICC") || Self.rightsTags.contains(tag)
            || (group == "IFD0" && ["IFD0:Artist", "IFD0:Copyright"].contains(tag))
    }

    static let rightsTags: Set = ["IFD0:Artist", "IFD0:Copyright", "XMP-dc:Creator", "XMP-dc:Rights", "XMP-xmpRights:WebStatement",
                                  "XMP-xmpRights:UsageTerms", "XMP-plus:LicensorURL"]

    @Test(.enabled(if: exiftool != nil, "exiftool is not installed (make test-tools installs it)"))
    func everyRenditionCarriesTheRightsAndNothingElseOfTheSource() async throws {
        let project = try TestProject("""
            thumbnails: { widths: [160, 320], formats: [avif, webp, jpeg] }
            rights: { license: CC BY 4.0 }
            images:
              - photos/scan.png
              - src: photos/oppo.jpg
                rights: { creator: Zoë Lee & Co, copyright: © 2024 Zoë Lee, acquire_license_page: "https://example.com/buy?a=1&b=2" }
            """, photos: ["scan.png": "formats/dn_scanned_photo_rgb8.png", "oppo.jpg": "photos/dn_oppo_r7plus.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let renditions = project.siteFiles("images").filter { !$0.contains("-original.") }
        #expect(renditions.count == 12, "\(renditions)")
        for name in renditions {
            let tags = try Self.tags(project.site + "/images/" + name)
            let other = tags.keys.filter { !Self.isAllowed($0) }.sorted()
            #expect(other.isEmpty, "\(name) carries \(other.map { "\($0)=\(tags[$0]!)" })")
            if name.hasPrefix("oppo") {
                #expect(tags["IFD0:Artist"] == "Zoë Lee & Co" && tags["IFD0:Copyright"] == "© 2024 Zoë Lee", "\(name): \(tags)")
                #expect(tags["XMP-dc:Creator"] == "Zoë Lee & Co" && tags["XMP-dc:Rights"] == "© 2024 Zoë Lee", "\(name): \(tags)")
                #expect(tags["XMP-plus:LicensorURL"] == "https://example.com/buy?a=1&b=2", "\(name): \(tags)")
            } else {
                // The PNG's own creator and copyright (its XMP), with the site's licence named in words.
                #expect(tags["XMP-dc:Creator"] == "Digitized By Jonathan Pfeifer" && tags["IFD0:Copyright"] == "© Jonathan Pfeifer 2023",
                        "\(name): \(tags)")
            }
            #expect(tags["XMP-xmpRights:UsageTerms"] == "CC BY 4.0", "\(name): \(tags)")
        }
        // The Oppo's GPS, camera and dates are in its file, and in no rendition.
        let source = try Self.tags(project.path("photos/oppo.jpg"))
        #expect(source.keys.contains { $0.hasPrefix("GPS") } && source["IFD0:Model"] != nil)
    }

    @Test(.enabled(if: exiftool != nil, "exiftool is not installed (make test-tools installs it)"))
    func aChangedRightsEncodesAgainAndAnUnchangedOneDoesNot() async throws {
        func gallery(_ creator: String) -> String {
            "thumbnails: { widths: [160], formats: [jpeg] }\nimages:\n  - photos/plain.jpg\n  - { src: photos/nikon.jpg, rights: { creator: \(creator) } }\n"
        }
        let project = try TestProject(gallery("Ann"), photos: ["plain.jpg": "orientation/Landscape_1.jpg", "nikon.jpg": "photos/dn_nikon_d3100.jpg"])
        #expect(try await project.build().status == 0)
        let first = Set(project.siteFiles("images"))
        try project.writeGallery(gallery("Ann") + "# unchanged rights\n")
        let same = try await project.build()
        #expect(same.status == 0 && Set(project.siteFiles("images")) == first)
        #expect((same.stdout + same.stderr).contains("(2 unchanged, not decoded again)"), "\(same.stdout)")
        try project.writeGallery(gallery("Bo"))
        let changed = try await project.build()
        #expect(changed.status == 0 && (changed.stdout + changed.stderr).contains("(1 unchanged, not decoded again)"), "\(changed.stdout)\(changed.stderr)")
        let now = Set(project.siteFiles("images"))
        #expect(now.filter { $0.hasPrefix("plain") } == first.filter { $0.hasPrefix("plain") }, "the other photo is untouched")
        let nikon = try #require(now.first { $0.hasPrefix("nikon") })
        #expect(!first.contains(nikon))
        #expect(try Self.tags(project.site + "/images/" + nikon)["IFD0:Artist"] == "Bo")
    }

    @Test func aRecordKeptBeforeRightsWereWrittenIsRenderedAgainOnlyWhenItsFileNamesItsCreator() async throws {
        let project = try TestProject("thumbnails: { widths: [160], formats: [jpeg] }\nimages: [photos/scan.png, photos/plain.jpg]\n",
                                      photos: ["scan.png": "formats/dn_scanned_photo_rgb8.png", "plain.jpg": "orientation/Landscape_1.jpg"])
        #expect(try await project.build().status == 0)
        let records = project.path(".galgen-cache/renditions.json")
        var text = try String(contentsOfFile: records, encoding: .utf8)
        // As an older galgen kept them: no `rightsWritten`.
        let written = try #require(text.range(of: #","rightsWritten":\{[^}]*\}"#, options: .regularExpression))
        text.removeSubrange(written)
        try text.write(toFile: records, atomically: true, encoding: .utf8)
        let before = Set(project.siteFiles("images"))
        try project.writeGallery("thumbnails: { widths: [160], formats: [jpeg] }\nimages: [photos/scan.png, photos/plain.jpg]\n# again\n")
        let again = try await project.build()
        #expect(again.status == 0, "\(again.stderr)")
        #expect((again.stdout + again.stderr).contains("(1 unchanged, not decoded again)"), "only the scan is rendered again: \(again.stdout)")
        #expect(Set(project.siteFiles("images")) == before, "the same bytes as before: the scan's own rights, re-encoded")
        #expect(try String(contentsOfFile: records, encoding: .utf8).contains("\"rightsWritten\""))
    }
}
