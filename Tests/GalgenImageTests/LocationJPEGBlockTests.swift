import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// Photoshop resources, thumbnails, and what a JPEG holds that galgen cannot read completely.
@Suite
struct LocationJPEGBlockTests {
    let base: [UInt8]
    let gpsTIFF = LocationBytes.tiff(gps: [LocationBytes.gpsPosition])

    init() throws {
        base = try Fixtures.bytes("odd/ljt_testorig_baseline420.jpg")
    }

    func check(_ bytes: [UInt8]) -> LocationCheck { LocationScanner.check(bytes, format: .jpeg) }

    @Test func photoshopResourcesAreRead() {
        let iptc = MetadataBytes.resource(0x0404, MetadataBytes.dataset(2, 90, "Amsterdam"))
        let exif = MetadataBytes.resource(0x0422, gpsTIFF)
        let xmp = MetadataBytes.resource(0x0424, Array(LocationBytes.xmpWithGPS.utf8))
        // IPTC names places in words only: no coordinates.
        #expect(check(LocationBytes.inserting([MetadataBytes.app13(iptc)], into: base)) == .none)
        for resources in [iptc + exif, iptc + xmp] {
            let bytes = LocationBytes.inserting([MetadataBytes.app13(resources)], into: base)
            #expect(!TodaysCheck.jpeg(bytes))
            #expect(check(bytes).isFound && check(bytes).words.contains("Photoshop resources"), "\(check(bytes))")
        }
        // Resources continue from one APP13 segment to the next: the XMP block is cut between them.
        let all = iptc + xmp
        let split = [MetadataBytes.app13(Array(all[0..<(iptc.count + 40)])), MetadataBytes.app13(Array(all[(iptc.count + 40)...]))]
        #expect(check(LocationBytes.inserting(split, into: base)).isFound)
    }

    @Test func aResourceCutShortIsUnreadable() {
        let block = MetadataBytes.resource(0x0422, gpsTIFF, declaredSize: UInt32(gpsTIFF.count + 500))
        #expect(check(LocationBytes.inserting([MetadataBytes.app13(block)], into: base)).isUnreadable)
    }

    /// IFD1's JPEG thumbnail carries an Exif segment of its own.
    @Test func theThumbnailsOwnMetadataIsRead() {
        let thumbnail = LocationBytes.inserting([LocationBytes.exifSegment(gpsTIFF)], into: base)
        // IFD0 points to nothing more; IFD1 (chained) holds the thumbnail's offset and length.
        var tiff = LocationBytes.tiff(gps: [])
        let ifd1 = tiff.count
        tiff.replaceSubrange((8 + 2 + 12)..<(8 + 2 + 12 + 4), with: LocationBytes.be32(UInt32(ifd1)))
        let thumbnailAt = ifd1 + 2 + 2 * 12 + 4
        tiff += LocationBytes.be16(2)
            + LocationBytes.be16(0x0201) + LocationBytes.be16(4) + LocationBytes.be32(1) + LocationBytes.be32(UInt32(thumbnailAt))
            + LocationBytes.be16(0x0202) + LocationBytes.be16(4) + LocationBytes.be32(1) + LocationBytes.be32(UInt32(thumbnail.count))
            + LocationBytes.be32(0) + thumbnail
        let bytes = LocationBytes.inserting([LocationBytes.exifSegment(tiff)], into: base)
        #expect(!TodaysCheck.jpeg(bytes))
        let result = check(bytes)
        #expect(result.isFound && result.words.contains("thumbnail"), "\(result)")
    }

    /// A JPEG with one thing in it that galgen cannot read completely.
    func variant(_ what: String) -> [UInt8] {
        switch what {
        case "a GPS pointer outside the EXIF":
            var broken = gpsTIFF
            broken.replaceSubrange((8 + 2 + 12 + 8)..<(8 + 2 + 12 + 12), with: LocationBytes.be32(60_000))
            return LocationBytes.inserting([LocationBytes.exifSegment(broken)], into: base)
        case "an IFD that runs past the end":
            return LocationBytes.inserting([LocationBytes.exifSegment(Array(gpsTIFF.prefix(20)))], into: base)
        case "a segment cut short by the end of the file":
            return Array(LocationBytes.inserting([LocationBytes.exifSegment(gpsTIFF)], into: [0xFF, 0xD8]).dropLast(10))
        case "an application segment galgen does not know":
            return LocationBytes.inserting([LocationBytes.segment(0xE6, Array("GoPro\0GPS5 data".utf8))], into: base)
        case "a trailer after the image's end":
            return base + Array("Image_UTC_Data1486666298918SEFHe".utf8)
        default:  // bytes that are not a marker
            return LocationBytes.inserting([Array("hello".utf8)], into: base)
        }
    }

    @Test(arguments: ["a GPS pointer outside the EXIF", "an IFD that runs past the end", "a segment cut short by the end of the file",
                      "an application segment galgen does not know", "a trailer after the image's end", "bytes that are not a marker"])
    func whatCannotBeReadIsUnreadable(_ what: String) {
        let bytes = variant(what)
        #expect(!TodaysCheck.jpeg(bytes))
        let result = check(bytes)
        #expect(result.isUnreadable, "\(what): \(result)")
    }

    @Test func paddingAndEmptySegmentsAreNotUnreadable() {
        // Samsung phones write APP4/APP5 segments of zeros; some writers pad after EOI.
        let bytes = LocationBytes.inserting([LocationBytes.segment(0xE4, [UInt8](repeating: 0, count: 300))], into: base)
            + [0, 0, 0, 0xFF, 0xFF]
        #expect(check(bytes) == .none)
    }
}
