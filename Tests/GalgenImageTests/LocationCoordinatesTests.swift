import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// The camera's position comes from the same walk over the same blocks as the location verdict
/// (`LocationScanner.scan`), for the build only: the verdict never changes for it, and a place
/// named first elsewhere (XMP) does not stop the walk before the EXIF GPS block's position.
@Suite("GPS coordinates read with the location verdict")
struct LocationCoordinatesTests {
    let base: [UInt8]

    init() throws {
        base = try Fixtures.bytes("odd/ljt_testorig_baseline420.jpg")
    }

    typealias Entry = LocationBytes.Entry

    static func gps(latitude: [UInt32], _ north: String, longitude: [UInt32], _ east: String, type: UInt16 = 5) -> [Entry] {
        [
            Entry(tag: 0x0000, type: 1, count: 4, value: [2, 3, 0, 0]),
            Entry(tag: 0x0001, type: 2, count: 2, value: Array("\(north)\0".utf8)),
            Entry(tag: 0x0002, type: type, count: UInt32(latitude.count), value: LocationBytes.rationals(latitude)),
            Entry(tag: 0x0003, type: 2, count: 2, value: Array("\(east)\0".utf8)),
            Entry(tag: 0x0004, type: type, count: UInt32(longitude.count), value: LocationBytes.rationals(longitude)),
        ]
    }

    func scan(_ segments: [[UInt8]]) -> MetadataScan {
        LocationScanner.scan(LocationBytes.inserting(segments, into: base), format: .jpeg)
    }

    func exif(_ gps: [[Entry]]) -> [UInt8] { LocationBytes.exifSegment(LocationBytes.tiff(gps: gps)) }

    @Test func degreesMinutesAndReferencesMakeSignedDegrees() throws {
        let amsterdam = scan([exif([LocationBytes.gpsPosition])])
        #expect(amsterdam.check == .found("GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 1"))
        let position = try #require(amsterdam.coordinates)
        #expect(abs(position.latitude - (52 + 22.0 / 60)) < 1e-9 && abs(position.longitude - (4 + 53.0 / 60)) < 1e-9)

        let rio = try #require(scan([exif([Self.gps(latitude: [22, 54, 30], "S", longitude: [43, 10, 45], "W")])]).coordinates)
        #expect(abs(rio.latitude + (22 + 54.0 / 60 + 30.0 / 3600)) < 1e-9 && abs(rio.longitude + (43 + 10.0 / 60 + 45.0 / 3600)) < 1e-9)
    }

    @Test func noFixUndefinedDegreesOrOffTheGlobeGiveNoPosition() {
        let none = scan([exif([LocationBytes.gpsEmpty])])
        #expect(none.check == .none && none.coordinates == nil)
        // Degrees of 0/0 (a camera without a fix): no place and no position.
        var undefined = Self.gps(latitude: [0, 0, 0], "N", longitude: [0, 0, 0], "E")
        undefined[2].value = [UInt8](repeating: 0, count: 24)
        undefined[4].value = [UInt8](repeating: 0, count: 24)
        let zero = scan([exif([undefined])])
        #expect(zero.check == .none && zero.coordinates == nil)
        // A latitude of 95°: a place (the tag has a value) but no position.
        let off = scan([exif([Self.gps(latitude: [95, 0, 0], "N", longitude: [4, 0, 0], "E")])])
        #expect(off.check.isFound && off.coordinates == nil)
    }

    @Test func aPlaceNamedFirstInXMPStillGetsTheEXIFPosition() throws {
        let both = scan([LocationBytes.xmpSegment(Array(LocationBytes.xmpWithGPS.utf8)), exif([LocationBytes.gpsPosition])])
        #expect(both.check.isFound && both.check.words.contains("XMP"), "the verdict names the first block, as before")
        #expect(try #require(both.coordinates).latitude > 52)
    }

    @Test func theFirstGPSBlockWithAPositionWins() throws {
        let first = exif([Self.gps(latitude: [10, 0, 0], "N", longitude: [20, 0, 0], "E")])
        let second = exif([Self.gps(latitude: [30, 0, 0], "N", longitude: [40, 0, 0], "E")])
        let position = try #require(scan([first, second]).coordinates)
        #expect(position.latitude == 10 && position.longitude == 20)
    }

    @Test func aRecordKeepsThemAndOneFromBeforeReadsAsUnknown() throws {
        var image = RenderedImage(width: 1, height: 1, renditions: [])
        image.coordinates = GeoCoordinates(latitude: 52.5, longitude: -4.25)
        let decoded = try JSONDecoder().decode(RenderedImage.self, from: JSONEncoder().encode(image))
        #expect(decoded.coordinates == image.coordinates)
        let old = try JSONDecoder().decode(RenderedImage.self, from: Data(#"{"width":1,"height":1,"renditions":[],"warnings":[],"facts":{}}"#.utf8))
        #expect(old.coordinates == nil)
    }
}
