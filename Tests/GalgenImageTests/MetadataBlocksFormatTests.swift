import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// HEIF, WebP and PNG photos' words and camera facts come from the same walk that checks them for
/// a place (`LocationScanner.scan`), not from their decoders: the blocks it gathers are those the
/// libraries handed over before (libheif: the primary item's; libwebp's demuxer: the announced
/// chunks; libpng: `eXIf` and the `iTXt` XMP), and the walk reads on after the verdict is settled.
@Suite("One walk over a HEIF, WebP or PNG file's blocks")
struct MetadataBlocksFormatTests {
    /// Each format fixture's EXIF (TIFF) and XMP sizes, as libheif, libwebp and libpng handed them
    /// over before the walk gathered them (compared byte for byte on the 287 HEIF, WebP and PNG
    /// files of drewnoakes/metadata-extractor-images too: all the same). -1: none.
    @Test(arguments: [
        ("dn_autumn_rgba_iccp_exif.png", 150, 605), ("dn_scanned_photo_rgb8.png", -1, 6794), ("lav_weld_rgb16.png", -1, -1),
        ("dn_htc_desire_icc_exif.webp", 514, -1), ("dn_iphonex_exif6_issue473.webp", 2058, 2543), ("dn_photo1_vp8.webp", -1, -1),
        ("dn_galaxy_s24fe_exif6_no_irot.heic", 724, 1943), ("dn_galaxy_s10p_irot270_mdat_first.heic", 758, -1),
        ("dn_iphone11pro_exif_at_eof.heic", 2166, 866), ("dn_iphone11pro_img2927.heic", 2038, 2618), ("dn_iphone8_img1034.heic", 2028, -1),
        ("mk_beach_1440x960.heic", -1, -1), ("dn_grid2x2_422_800x600.avif", 216, -1), ("lav_paris_icc_exif_xmp.avif", 1126, 3898),
    ])
    func theBlocksOfEachFixture(_ name: String, _ exif: Int, _ xmp: Int) throws {
        let bytes = try Fixtures.bytes("formats/" + name)
        let blocks = LocationScanner.scan(bytes, format: try #require(ImageFormat(signature: bytes))).blocks
        #expect((blocks.exif?.count ?? -1, blocks.xmp?.count ?? -1) == (exif, xmp))
        if let tiff = blocks.exif { #expect(MetadataBlocks.isTIFF(tiff)) }
        if let packet = blocks.xmp { #expect(packet.firstRange(of: Array("x:xmpmeta".utf8)) != nil) }
        #expect(blocks.notes.isEmpty)
    }

    // MARK: HEIF

    @Test func onlyThePrimaryItemsMetadataIsTheReaders() throws {
        // The grid's Exif item, made to describe a tile: still read for a place, not for the page.
        let bytes = try LocationHEIFTests.gpsOnATile()
        let scan = LocationScanner.scan(bytes, format: .heif)
        #expect(scan.check.isFound && scan.coordinates != nil)
        #expect(scan.blocks == MetadataBlocks())
    }

    // MARK: WebP

    static func webp(_ name: String) throws -> [UInt8] { try Fixtures.bytes("formats/" + name) }

    @Test func aJPEGStyleExifPrefixIsDroppedAndAnUnannouncedXMPChunkRead() throws {
        let blocks = LocationScanner.scan(try Self.webp("dn_iphonex_exif6_issue473.webp"), format: .webp).blocks
        // Its EXIF chunk is "Exif\0\0" and a 2058-byte TIFF structure; its XMP chunk is named "XMP\0".
        #expect(EXIFSummary(tiff: try #require(blocks.exif)).orientation == 6)
        #expect(blocks.xmp?.starts(with: Array("<?xpacket".utf8)) == true)
    }

    @Test func anEXIFChunkThatIsNotTIFFIsPassedOverWithANote() throws {
        var bytes = try Self.webp("dn_htc_desire_icc_exif.webp")
        // The EXIF chunk, after the image, at 45840 (SOURCES.md: 514 bytes).
        #expect(Array(bytes[45840..<45844]) == Array("EXIF".utf8))
        bytes[45848] = UInt8(ascii: "A")
        let blocks = LocationScanner.scan(bytes, format: .webp).blocks
        #expect(blocks.exif == nil)
        #expect(blocks.notes == ["its EXIF chunk is not a TIFF structure (it starts 41 4D 00 2A) and was ignored"])
    }

    @Test func aChunkTheHeaderDoesNotAnnounceIsNotTheReaders() throws {
        // VP8X's flags (byte 20) without EXIF's: the chunk is still read for a place.
        var bytes = try Self.webp("dn_htc_desire_icc_exif.webp")
        bytes[20] &= ~WebPLocation.exifFlag
        #expect(LocationScanner.scan(bytes, format: .webp).blocks.exif == nil)
        let placed = LocationBytes.appending([LocationBytes.riffChunk("EXIF", LocationBytes.tiff(gps: [LocationBytes.gpsPosition]))],
                                             to: bytes)
        #expect(LocationScanner.scan(placed, format: .webp).check.isFound)
    }

    @Test func anAnnouncedXMPChunkComesBeforeAnUnannouncedOne() throws {
        var bytes = try Self.webp("dn_htc_desire_icc_exif.webp")
        bytes[20] |= WebPLocation.xmpFlag
        let packet = { (title: String) in Array(LocationBytes.xmp("dc:title=\"\(title)\"", prefix: "dc").utf8) }
        let file = LocationBytes.appending([LocationBytes.riffChunk("XMP\0", packet("Unannounced")),
                                            LocationBytes.riffChunk("XMP ", packet("Announced"))], to: bytes)
        let xmp = try #require(LocationScanner.scan(file, format: .webp).blocks.xmp)
        #expect(xmp.firstRange(of: Array("Announced".utf8)) != nil && xmp.firstRange(of: Array("Unannounced".utf8)) == nil)
    }

    @Test func aPlaceFirstDoesNotEndTheWalkBeforeTheWords() throws {
        // A GPS EXIF settles the verdict and the position; the XMP after it is still the readers'.
        var bytes = try Self.webp("dn_photo1_vp8.webp")
        #expect(LocationScanner.scan(bytes, format: .webp).blocks == MetadataBlocks())
        let vp8 = Array(bytes[12...])
        // An extended file: VP8X (EXIF and XMP announced, 1024×772), its image, then the metadata.
        let vp8x = LocationBytes.riffChunk("VP8X", [WebPLocation.exifFlag | WebPLocation.xmpFlag, 0, 0, 0] + [0xFF, 0x03, 0x00, 0x03, 0x03, 0x00])
        bytes = Array(bytes[..<12]) + vp8x + vp8
        let file = LocationBytes.appending([LocationBytes.riffChunk("EXIF", LocationBytes.tiff(gps: [LocationBytes.gpsPosition])),
                                            LocationBytes.riffChunk("XMP ", Array(LocationBytes.xmpWithoutGPS.utf8))], to: bytes)
        let scan = LocationScanner.scan(file, format: .webp)
        #expect(scan.check.isFound && scan.coordinates != nil)
        #expect(scan.blocks.exif != nil && scan.blocks.xmp.map(Array.init) == Array(LocationBytes.xmpWithoutGPS.utf8))
    }

    // MARK: PNG

    static let png = { try! Fixtures.bytes("formats/lav_kodim03_gray8_gama16.png") }()

    @Test func aCompressedITXtXMPIsInflatedAndOnlyTheFirstIsTheReaders() throws {
        let first = Array(LocationBytes.xmpWithoutGPS.utf8), second = Array(LocationBytes.xmpWithGPS.utf8)
        // Each chunk goes in right after IHDR: the second first.
        let file = LocationBytes.inserting("iTXt", LocationBytes.iTXt("XML:com.adobe.xmp", first, compressed: true),
                                           into: LocationBytes.inserting("iTXt", LocationBytes.iTXt("XML:com.adobe.xmp", second),
                                                                         into: Self.png))
        let scan = LocationScanner.scan(file, format: .png)
        #expect(scan.blocks.xmp.map(Array.init) == first)
        #expect(scan.check.isFound, "the second packet is still read for a place")
    }

    @Test func xmpInATEXtChunkOrUnderAnotherKeywordIsNotTheReaders() {
        let packet = Array(LocationBytes.xmpWithoutGPS.utf8)
        let text = LocationBytes.inserting("tEXt", Array("XML:com.adobe.xmp\0".utf8) + packet, into: Self.png)
        let other = LocationBytes.inserting("iTXt", LocationBytes.iTXt("Comment", packet), into: Self.png)
        #expect(LocationScanner.scan(text, format: .png).blocks.xmp == nil)
        #expect(LocationScanner.scan(other, format: .png).blocks.xmp == nil)
    }

    @Test func anEXIfAfterAPlaceIsStillRead() throws {
        // A place in a text chunk first, then the eXIf: the walk reads on for the camera's facts.
        let exif = LocationBytes.tiff(gps: [LocationBytes.gpsPosition])
        let file = LocationBytes.inserting("tEXt", Array("GPSLatitude\052.3".utf8), into: LocationBytes.inserting("eXIf", exif, into: Self.png))
        // (each goes in right after IHDR: the tEXt first)
        let scan = LocationScanner.scan(file, format: .png)
        #expect(scan.check == .found("its first tEXt chunk (“GPSLatitude”)"))
        #expect(scan.blocks.exif.map(Array.init) == exif && scan.coordinates != nil)
    }
}
