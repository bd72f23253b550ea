import Foundation
@testable import GalgenHEIF
import GalgenTestSupport
import Testing

/// The cap on a file's items: libheif 1.15 reads them in time that grows with their square (25 s
/// for a 20,000-tile grid in an 860 KB file), so galgen counts them itself and refuses the file first.
struct HEIFItemCapTests {
    /// A HEIC whose primary item is a `side`×`side` grid of 32×32 HEVC tiles, with everything libheif
    /// 1.15 needs to read every item (an `infe`, `iloc` and `ipma` entry for each tile) but no pixels.
    static func grid(side: Int) -> [UInt8] {
        let tiles = Array(2..<(2 + side * side))
        let infe = [infeBox(1, "grid")] + tiles.map { infeBox($0, "hvc1") }
        let iinf = full("iinf", 1, be(infe.count, 4) + infe.joined())
        let iref = full("iref", 0, box("dimg", be(1, 2) + be(tiles.count, 2) + tiles.flatMap { be($0, 2) }))
        // iloc version 1, 4-byte offsets and lengths: the grid's 8 bytes in idat, empty tiles.
        let locations = [be(1, 2) + be(1, 2) + be(0, 2) + be(1, 2) + be(0, 4) + be(8, 4)]
            + tiles.map { be($0, 2) + be(0, 2) + be(0, 2) + be(1, 2) + be(0, 4) + be(0, 4) }
        let iloc = full("iloc", 1, [0x44, 0] + be(locations.count, 2) + locations.joined())
        let hvcC = box("hvcC", [1, 1, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 90, 0xF0, 0, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F, 0])
        let ipco = box("ipco", full("ispe", 0, be(32, 4) + be(32, 4)) + hvcC)
        let associations = [be(1, 2) + [1, 0x81]] + tiles.map { be($0, 2) + [2, 0x81, 0x82] }
        let ipma = full("ipma", 0, be(associations.count, 4) + associations.joined())
        let idat = box("idat", [0, 0, UInt8(side - 1), UInt8(side - 1)] + be(32 * side, 2) + be(32 * side, 2))
        let meta = full("meta", 0, full("hdlr", 0, [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            + full("pitm", 0, be(1, 2)) + iloc + iinf + iref + box("iprp", ipco + ipma) + idat)
        return box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8)) + meta
    }

    @Test func aGridOfTwentyThousandTilesIsRefusedQuicklyWithItsReason() throws {
        let file = Self.grid(side: 141)  // 19,881 tiles
        let clock = ContinuousClock()
        let started = clock.now
        #expect { try HEIFDecoder.decode(file, maxPixels: 200_000_000) } throws: {
            "\($0)".hasPrefix("it holds 19882 items (images, grid tiles and metadata), over galgen's limit of 4096")
                && "\($0)".contains("export the photo again")
        }
        #expect { try HEIFDecoder.header(file) } throws: { "\($0)".contains("over galgen's limit of 4096") }
        // libheif alone took 25 s on this file (2 cores); the count takes milliseconds.
        #expect(clock.now - started < .seconds(5))
    }

    @Test("Items are counted as libheif would read them", arguments: [(1, 2), (8, 65), (64, 4_097)])
    func counted(_ side: Int, _ items: Int) {
        let file = Self.grid(side: side)
        #expect(HEIFBoxes.itemCount(in: file) == items)
        #expect((HEIFBoxes.tooManyItems(in: file) != nil) == (items > HEIFBoxes.maximumItems))
    }

    @Test func aGridUnderTheCapIsLeftToLibheif() {
        // 64 tiles with no pixels: libheif's own reason, not the cap.
        #expect { try HEIFDecoder.decode(Self.grid(side: 8), maxPixels: 200_000_000) } throws: { !"\($0)".contains("items") }
    }

    @Test func damagedBoxesCountWhatTheyHold() {
        #expect(HEIFBoxes.itemCount(in: []) == 0)
        #expect(HEIFBoxes.itemCount(in: Self.box("meta", [0, 0, 0, 0] + Self.box("iinf", [])) ) == 0)
        // An iinf whose entry count claims more than it holds: the boxes there are counted.
        let iinf = Self.full("iinf", 0, Self.be(60_000, 2) + Self.infeBox(1, "hvc1"))
        #expect(HEIFBoxes.itemCount(in: Self.full("meta", 0, iinf)) == 1)
    }

    @Test("Real photos are far under the cap, and still read", arguments: [
        "formats/dn_iphone8_img1034.heic", "formats/dn_iphone11pro_img2927.heic", "formats/dn_iphone11pro_exif_at_eof.heic",
        "formats/dn_galaxy_s24fe_exif6_no_irot.heic", "formats/dn_galaxy_s10p_irot270_mdat_first.heic",
        "formats/mk_beach_1440x960.heic", "formats/dn_grid2x2_422_800x600.avif", "formats/lav_paris_icc_exif_xmp.avif",
        "formats/lu_hato_10bit_420.avif", "formats/lu_kimono_irot_imir.avif", "formats/lav_abc_alpha_irot.avif",
    ])
    func realPhotos(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/" + name)))
        #expect((1...200).contains(HEIFBoxes.itemCount(in: bytes)))
        _ = try HEIFDecoder.header(bytes)
    }

    @Test("The repository's HEIF files", arguments: [
        "rose_premultiplied.avif", "sequence_with_still.avif", "sequence_with_still_and_audio.avif",
        "sequence_with_still_no_mif1_brand.avif",
    ])
    func repositoryFiles(_ name: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("Fixtures/heif/" + name)))
        #expect((1...200).contains(HEIFBoxes.itemCount(in: bytes)))
        _ = try HEIFDecoder.decode(bytes, maxPixels: 200_000_000)
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be(8 + body.count, 4) + Array(type.utf8) + body }
    static func full(_ type: String, _ version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
    static func infeBox(_ id: Int, _ type: String) -> [UInt8] { full("infe", 2, be(id, 2) + be(0, 2) + Array(type.utf8) + [0]) }
    static func be(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
}
