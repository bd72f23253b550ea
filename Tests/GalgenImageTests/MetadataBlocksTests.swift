import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// A JPEG's words, camera facts and place come from one walk over its segments
/// (`LocationScanner.scan` → `MetadataScan`): the blocks the readers take are those of the first
/// image before its data, gathered even after the verdict is settled, and nothing else. (HEIF,
/// WebP and PNG: `MetadataBlocksFormatTests`.)
@Suite("One walk over a JPEG's blocks")
struct MetadataBlocksTests {
    typealias B = MetadataBytes

    static let titled = B.xmpSegment(B.packet("<rdf:Description><dc:title>Harbour</dc:title></rdf:Description>"))
    static let captioned = B.app13(B.resource(0x0404, B.dataset(2, 120, "Boats at dawn")))
    static let placed = LocationBytes.exifSegment(LocationBytes.tiff(gps: [LocationBytes.gpsPosition]))

    @Test func aPlaceFirstDoesNotEndTheWalkBeforeTheWords() throws {
        // The EXIF's GPS settles the verdict and the position at once; the XMP and IPTC after it
        // are still read for the page, from the same walk.
        let file = B.jpeg([Self.placed, Self.titled, Self.captioned])
        let scan = LocationScanner.scan(file, format: .jpeg)
        #expect(scan.check.isFound && scan.coordinates != nil)
        let metadata = PhotoMetadataReader.read(scan.blocks, exif: EXIFSummary(tiff: try #require(scan.blocks.exif)))
        #expect(metadata.words == EmbeddedWords(title: "Harbour", caption: "Boats at dawn"))
        #expect(metadata == PhotoMetadataReader.read(jpeg: file))
    }

    @Test func theFirstOfEachKindIsRead() {
        let second = B.xmpSegment(B.packet("<rdf:Description><dc:title>Second</dc:title></rdf:Description>"))
        let file = B.jpeg([Self.titled, second, LocationBytes.exifSegment(LocationBytes.tiff(gps: [])), Self.placed])
        let blocks = MetadataBlocks(jpeg: file)
        #expect(XMPReader.read(blocks.xmp ?? []).title == "Harbour")
        // The first EXIF, which has no GPS: the camera's facts come from it, the place from the second.
        #expect(EXIFSummary(tiff: blocks.exif ?? []).orientation == 1)
        #expect(LocationScanner.scan(file, format: .jpeg).check.isFound)
    }

    @Test func photoshopSegmentsAreJoinedAndCapped() {
        let resources = B.resource(0x0404, B.dataset(2, 120, "Joined"))
        let half = resources.count / 2
        let file = B.jpeg([B.app13(Array(resources[..<half])), B.app13(Array(resources[half...]))])
        #expect(IPTCReader.read(jpeg: file).caption == "Joined")
        let big = B.jpeg(Array(repeating: B.app13([UInt8](repeating: 0, count: 60_000)), count: 20))
        #expect(MetadataBlocks(jpeg: big).photoshop.count == IPTCReader.maxResourceBytes)
    }

    @Test func blocksAfterTheImageDataOrInLaterImagesAreNotTheReaders() throws {
        // A real photo, then an XMP packet in its second image (as an MPF image might carry):
        // the place check reads it, the words do not.
        let photo = try Fixtures.bytes("odd/ljt_testorig_baseline420.jpg")
        let later = B.jpeg([LocationBytes.xmpSegment(Array(LocationBytes.xmpWithGPS.utf8))])
        let scan = LocationScanner.scan(photo + later, format: .jpeg)
        #expect(scan.check.isFound, "\(scan.check)")
        #expect(scan.blocks.xmp == nil && MetadataBlocks(jpeg: later).xmp != nil)
    }
}
