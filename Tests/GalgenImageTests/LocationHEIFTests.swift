import GalgenCore
import GalgenHEIF
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// Every item of a HEIF file is read, primary or not; libheif hands over the primary image's
/// metadata only.
@Suite
struct LocationHEIFTests {
    func check(_ bytes: [UInt8]) -> LocationCheck { LocationScanner.check(bytes, format: .heif) }

    /// An AVIF grid of four tiles (items 1–4, primary item 5) whose Exif item (6) describes the
    /// grid. The Exif is given GPS, in place, and made to describe tile 1 instead: an item that
    /// is not the primary one.
    static func gpsOnATile() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("formats/dn_grid2x2_422_800x600.avif")
        let top = try BMFFBox.boxes(in: bytes[...]).get()
        let meta = try #require(top.first { $0.type == "meta" }?.full?.body)
        let children = try BMFFBox.boxes(in: meta).get()
        let iinf = try #require(children.first { $0.type == "iinf" }), iloc = try #require(children.first { $0.type == "iloc" })
        let exif = try #require(try HEIFItems.items(in: iinf).first { $0.type == "Exif" })
        let locations = try HEIFItems.locations(in: iloc)
        let place = try #require(locations[exif.id])
        try #require(place.method == 0 && place.extents.count == 1)
        let (offset, length) = (place.extents[0].offset, place.extents[0].length)
        let payload = LocationBytes.be32(6) + Array("Exif\0\0".utf8) + LocationBytes.tiff(gps: [LocationBytes.gpsPosition])
        try #require(payload.count <= length)
        bytes.replaceSubrange(offset..<(offset + length), with: payload + [UInt8](repeating: 0, count: length - payload.count))
        // iref's cdsc box: from item 6, one reference, to item 5 → to item 1.
        let cdsc = try #require(bytes.firstRange(of: Array("cdsc".utf8) + [0, 6, 0, 1, 0, 5]))
        bytes[cdsc.upperBound - 1] = 1
        return bytes
    }

    @Test func gpsOnAnItemThatIsNotThePrimaryOneIsFound() throws {
        let bytes = try Self.gpsOnATile()
        #expect(LocationScanner.scan(bytes, format: .heif).blocks.exif == nil, "only the primary item's EXIF is the readers'")
        let rendered = try PhotoRenderer.make().render(bytes, RenditionRequest(widths: [64], quality: 80))
        #expect(rendered.location == .found("GPS coordinates (GPSLatitude) in the EXIF of its item 6 ('Exif')"))
    }

    @Test func theUnchangedFileHasNone() throws {
        #expect(check(try Fixtures.bytes("formats/dn_grid2x2_422_800x600.avif")) == .none)
    }

    @Test func anImageSequenceOrAnUnknownBoxIsUnreadable() throws {
        let still = try Fixtures.bytes("formats/mk_beach_1440x960.heic")
        let moov = LocationBytes.be32(16) + Array("moov".utf8) + LocationBytes.be32(8) + Array("udta".utf8)
        #expect(check(still + moov).words.contains("'moov'"))
        #expect(check(still + LocationBytes.be32(12) + Array("sefd".utf8) + [1, 2, 3, 4]).isUnreadable)
    }

    @Test func aFileCutShortIsUnreadable() throws {
        let still = try Fixtures.bytes("formats/mk_beach_1440x960.heic")
        #expect(check(Array(still.dropLast(10))).isUnreadable)
    }

    @Test func anExifItemPastTheEndIsUnreadable() throws {
        let bytes = try Self.gpsOnATile()
        let exif = try #require(bytes.firstRange(of: Array("Exif\0\0MM".utf8)))
        #expect(check(Array(bytes[..<(exif.lowerBound + 4)])).isUnreadable)
    }
}
