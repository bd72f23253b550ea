import Foundation
import GalgenTestSupport
import Testing

/// `viewer.originals` with real photos: an original is published only when every metadata block
/// in it was read and none records a place. Both photos withheld here were published, exit 0 and
/// no word, before galgen read every block: the GPS is in a second APP1 Exif segment, and the
/// other photo ends with a phone's trailer that galgen cannot read.
@Suite(.serialized)
struct WithheldOriginalsTests {
    static let gallery = "viewer: { originals: true }\nthumbnails: { widths: [160], formats: [jpeg] }\nimages:\n  - photos/\n"

    /// Where the first APP1 Exif segment of a JPEG is (its marker included).
    static func exifSegment(in jpeg: [UInt8]) throws -> Range<Int> {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if jpeg[offset + 1] == 0xE1, jpeg[(offset + 4)...].starts(with: Array("Exif".utf8)) {
                return offset..<(offset + 2 + length)
            }
            offset += 2 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test func aWithheldOriginalIsNotInTheSiteAndTheWarningSaysWhy() async throws {
        let project = try TestProject(Self.gallery, photos: ["plain.jpg": "orientation/Landscape_1.jpg"])
        let plain = try Fixtures.bytes("orientation/Landscape_1.jpg")
        // Landscape_1's own Exif segment, then the Oppo R7's, which has GPS.
        let oppo = try Fixtures.bytes("photos/dn_oppo_r7plus.jpg")
        var located = plain
        located.insert(contentsOf: oppo[try Self.exifSegment(in: oppo)], at: try Self.exifSegment(in: plain).upperBound)
        try Data(located).write(to: URL(fileURLWithPath: project.path("photos/second-exif.jpg")))
        try Data(plain + Array("Image_UTC_Data1486666298918SEFHe".utf8)).write(to: URL(fileURLWithPath: project.path("photos/trailer.jpg")))

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let originals = project.list("_site/images").filter { $0.contains("-original.") }
        #expect(originals.count == 1 && originals[0].hasPrefix("plain-original."), "\(originals)")
        #expect(!(project.read("_site/second-exif/index.html") ?? "x").contains("-original."))
        let output = result.stdout + result.stderr
        #expect(output.contains("records where it was taken (GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 2)"), "\(output)")
        #expect(output.contains("galgen could not check all of its metadata for where it was taken (it has 32 bytes after the end of its image"),
                "\(output)")
        #expect(output.contains("viewer.originals_with_location: true"))
    }

    /// A video's original went out as it was when ffprobe's container tags showed no place, though
    /// its place may be in an XMP `uuid` box (exiftool, Adobe) or a track's tags. galgen reads no
    /// video file completely: its original is withheld, as an unreadable photo's is, unless
    /// `originals_with_location: true`; its MP4s carry no place either way.
    @Test(.enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
    func aVideosOriginalIsWithheldUnlessOriginalsWithLocation() async throws {
        let gallery = "viewer: { originals: true }\nthumbnails: { widths: [160], formats: [jpeg] }\nvideo: { heights: [144] }\nimages:\n  - photos/\n"
        let project = try TestProject(gallery, photos: ["plain.jpg": "orientation/Landscape_1.jpg"])
        try VideoClips.make("clip.mp4", in: project.path("photos"), VideoClips.sourceInputs(size: "256x144") + VideoClips.h264)
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let originals = project.list("_site/images").filter { $0.contains("-original.") }
        #expect(originals.count == 1 && originals[0].hasPrefix("plain-original."), "\(originals)")
        #expect(!(project.siteFile("clip/index.html") ?? "x").contains("-original."))
        let output = result.stdout + result.stderr
        #expect(output.contains("photos/clip.mp4") && output.contains("its original is not published: galgen could not check all of its "
                + "metadata for where it was taken (a video's file may record it where galgen does not read (XMP boxes, track tags))"),
                "\(output)")
        try project.writeGallery(gallery.replacingOccurrences(of: "originals: true", with: "originals: true, originals_with_location: true"))
        let anyway = try await project.buildWithBinary()
        #expect(anyway.status == 0, "\(anyway.stderr)")
        #expect(project.list("_site/images").contains { $0.hasPrefix("clip-original.") && $0.hasSuffix(".mp4") })
    }
}
