import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// The location check reads every metadata block of a JPEG, not only the first Exif segment and
/// the standard XMP packet: each variant here passed galgen's earlier check (`TodaysCheck`)
/// while exiftool finds its GPS.
@Suite
struct LocationJPEGTests {
    /// A plain JFIF photo with no metadata (IJG's test image).
    let base: [UInt8]
    let withGPS: [UInt8]

    init() throws {
        base = try Fixtures.bytes("odd/ljt_testorig_baseline420.jpg")
        withGPS = LocationBytes.exifSegment(LocationBytes.tiff(gps: [LocationBytes.gpsPosition]))
    }

    func check(_ bytes: [UInt8]) -> LocationCheck { LocationScanner.check(bytes, format: .jpeg) }

    @Test func aPhotoWithoutLocationHasNone() {
        #expect(check(base) == .none)
        #expect(check(LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: []))], into: base)) == .none)
    }

    @Test func gpsInTheFirstExifSegmentIsFound() {
        let result = check(LocationBytes.inserting([withGPS], into: base))
        #expect(result == .found("GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 1"))
    }

    @Test func aSecondExifSegmentIsRead() {
        let plain = LocationBytes.exifSegment(LocationBytes.tiff(gps: []))
        let bytes = LocationBytes.inserting([plain, withGPS], into: base)
        #expect(!TodaysCheck.jpeg(bytes))
        #expect(check(bytes) == .found("GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 2"))
    }

    /// The build's warning and the decision to withhold the original come from one verdict: a
    /// place in a second Exif segment (which the old EXIF-only warning missed) is said too, and
    /// the undefined 0/0 coordinates that withhold nothing warn of nothing.
    @Test func theWarningAndTheOriginalsVerdictAreOneDecision() throws {
        let request = RenditionRequest(widths: [32], quality: 80, formats: [.jpeg])
        let second = LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [])), withGPS], into: base)
        #expect(!TodaysCheck.exifGPS(second), "the old warning's rule saw no GPS here")
        let rendered = try PhotoRenderer.make().render(second, request)
        #expect(rendered.location?.withholds == true)
        #expect(rendered.warnings.contains("has GPS coordinates; they were removed from the published files"), "\(rendered.warnings)")
        let undefined = LocationBytes.gpsEmpty + [LocationBytes.Entry(tag: 0x0002, type: 5, count: 3, value: [UInt8](repeating: 0, count: 24))]
        let noFix = LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [undefined]))], into: base)
        #expect(TodaysCheck.exifGPS(noFix), "the old warning's rule warned here, though nothing was withheld")
        let quiet = try PhotoRenderer.make().render(noFix, request)
        #expect(quiet.location == LocationCheck.none && !quiet.warnings.contains { $0.contains("GPS") }, "\(quiet.warnings)")
        #expect(LocationCheck.found("drone-dji:GpsLongitude in the XMP of APP1 segment 1").renditionWarning
                == "records where it was taken (drone-dji:GpsLongitude in the XMP of APP1 segment 1); that was removed from the published files")
        #expect(LocationCheck.unreadable("x").renditionWarning == nil)
    }

    /// A later GPSInfo tag overwrites the first in most readers; the first one's place is still in the file.
    @Test func everyGPSInfoTagIsFollowed() {
        let bytes = LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [LocationBytes.gpsPosition,
                                                                                               LocationBytes.gpsEmpty]))], into: base)
        #expect(!TodaysCheck.jpeg(bytes))
        #expect(check(bytes).isFound)
    }

    /// Decided: a GPS IFD with no latitude or longitude (a camera without a fix) records no place.
    @Test func aGPSBlockWithoutCoordinatesIsNoLocation() {
        let bytes = LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [LocationBytes.gpsEmpty]))], into: base)
        #expect(check(bytes) == .none)
    }

    /// Samsung phones without a fix write the coordinates as 0/0 rationals: undefined, no place.
    /// Zero degrees written as 0/1 is a place (the Gulf of Guinea), and counts.
    @Test func undefinedCoordinatesAreNoLocationButZeroDegreesAre() {
        let undefined = LocationBytes.gpsEmpty + [LocationBytes.Entry(tag: 0x0002, type: 5, count: 3, value: [UInt8](repeating: 0, count: 24))]
        #expect(check(LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [undefined]))], into: base)) == .none)
        let zero = LocationBytes.gpsEmpty + [LocationBytes.Entry(tag: 0x0002, type: 5, count: 3, value: LocationBytes.rationals([0, 0, 0]))]
        #expect(check(LocationBytes.inserting([LocationBytes.exifSegment(LocationBytes.tiff(gps: [zero]))], into: base)).isFound)
    }

    /// The chunks are put together first: here "GPSLatitude" is cut between two of them.
    @Test func extendedXMPIsPutTogetherAndRead() throws {
        let packet = Array(LocationBytes.xmpWithGPS.utf8)
        let name = try #require(packet.firstRange(of: Array("GPSLatitude".utf8)))
        // The standard packet names the extended one's GUID, as Photoshop writes it (and exiftool requires).
        let standard = LocationBytes.xmp(#"xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF""#)
        let bytes = LocationBytes.inserting([LocationBytes.xmpSegment(Array(standard.utf8))]
            + LocationBytes.extendedXMP(packet, chunk: name.lowerBound + 3), into: base)
        #expect(!TodaysCheck.jpeg(bytes))
        let result = check(bytes)
        #expect(result.isFound && result.words.contains("Extended XMP"), "\(result)")
    }

    @Test func extendedXMPWithAChunkMissingIsUnreadable() {
        let chunks = LocationBytes.extendedXMP(Array(LocationBytes.xmpWithGPS.utf8), chunk: 100)
        let result = check(LocationBytes.inserting(Array(chunks.dropLast()), into: base))
        #expect(result.isUnreadable && result.words.contains("incomplete"), "\(result)")
    }

    /// An MPF file: the second image, after the first one's end, has GPS of its own.
    @Test func anMPFSecondaryImageIsRead() {
        let second = LocationBytes.inserting([withGPS], into: base)
        let mpfSize = LocationBytes.mpfSegment(firstSize: 0, second: 100, secondSize: 0).count
        let firstSize = base.count + mpfSize
        let first = LocationBytes.inserting([LocationBytes.mpfSegment(firstSize: firstSize, second: firstSize, secondSize: second.count)],
                                            into: base)
        let bytes = first + second
        #expect(!TodaysCheck.jpeg(bytes))
        #expect(check(bytes) == .found("GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 1 of the second image in the file"))
        // An index that lists an image past the end of the file (cut short) cannot be checked.
        let listed = LocationBytes.inserting([LocationBytes.mpfSegment(firstSize: firstSize, second: firstSize + 10, secondSize: 100)],
                                             into: base)
        #expect(check(listed).isUnreadable)
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian])
    func wideXMPIsRead(_ encoding: String.Encoding) throws {
        let packet = try #require(LocationBytes.xmpWithGPS.data(using: encoding))
        let bytes = LocationBytes.inserting([LocationBytes.xmpSegment(Array(packet))], into: base)
        #expect(!TodaysCheck.jpeg(bytes))
        #expect(check(bytes).isFound)
    }

    @Test(arguments: [
        (#"<exif:GPSLongitude>4,53.0E</exif:GPSLongitude>"#, true),
        (#" ns2:GPSLatitude = "52,22N""#, true),
        (#" drone-dji:GpsLatitude="52.36""#, true),
        (#" drone-dji:GpsLongtitude="4.9""#, true),
        (#"<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li exif:GPSLatitude="1,2N"/></rdf:Bag></Iptc4xmpExt:LocationCreated>"#, true),
        (#" dc:description="taken at a high latitude, longitude unknown""#, false),
        (#"<dc:title>Latitude = 52</dc:title>"#, false),
    ])
    func xmpNamesAreFoundInAnyFormAndPrefix(_ property: String, _ located: Bool) {
        let packet = property.hasPrefix("<") ? LocationBytes.xmp("").replacingOccurrences(of: "/></rdf:RDF>", with: ">\(property)</rdf:Description></rdf:RDF>")
            : LocationBytes.xmp(property)
        let bytes = LocationBytes.inserting([LocationBytes.xmpSegment(Array(packet.utf8))], into: base)
        #expect(check(bytes).isFound == located, "\(packet)")
    }
}
