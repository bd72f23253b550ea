import Foundation
@testable import GalgenHEIF
import GalgenPixels
import GalgenTestSupport
import Testing

/// libheif on the HEIC and AVIF fixtures (Tests/Fixtures/formats, SOURCES.md):
/// sizes as shown (irot/imir/clap applied), the primary image only, damaged files refused
/// with libheif's reason.
@Suite
struct HEIFDecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name)))
    }

    @Test("Sizes as shown, after the container's transforms", arguments: [
        ("dn_iphone8_img1034.heic", 4032, 3024, false, 8),
        ("dn_iphone11pro_img2927.heic", 3024, 4032, false, 8),
        ("dn_iphone11pro_exif_at_eof.heic", 3024, 4032, false, 8),
        // EXIF says rotate, but there is no irot: HEIF readers show it as stored.
        ("dn_galaxy_s24fe_exif6_no_irot.heic", 4000, 1848, false, 8),
        // irot 270 (stored 4032×3024), and the mdat before the meta box.
        ("dn_galaxy_s10p_irot270_mdat_first.heic", 3024, 4032, false, 8),
        ("mk_beach_1440x960.heic", 1440, 960, false, 8),
        // A 2×2 grid whose tiles are not hidden: still the primary image, not a tile.
        ("dn_grid2x2_422_800x600.avif", 800, 600, false, 8),
        ("lav_paris_icc_exif_xmp.avif", 403, 302, false, 8),
        ("lav_cosmos1650_444_10bit_p3pq.avif", 1024, 428, false, 10),
        ("lu_hato_10bit_420.avif", 3078, 2048, false, 10),
        // irot 90 + imir, stored 1024×722: libheif 1.15 reports the stored size here (the
        // decoded image is upright, see below).
        ("lu_kimono_irot_imir.avif", 1024, 722, false, 8),
        ("lav_abc_alpha_irot.avif", 256, 512, true, 8),
    ])
    func header(_ name: String, _ width: Int, _ height: Int, _ alpha: Bool, _ depth: Int) throws {
        let header = try HEIFDecoder.header(try Self.bytes(name))
        #expect((header.width, header.height, header.hasAlpha, header.bitDepth) == (width, height, alpha, depth))
    }

    @Test("Decoded upright", arguments: [
        ("mk_beach_1440x960.heic", 1440, 960), ("dn_galaxy_s10p_irot270_mdat_first.heic", 3024, 4032),
        ("lu_kimono_irot_imir.avif", 722, 1024), ("lav_paris_icc_exif_xmp.avif", 403, 302),
    ])
    func decode(_ name: String, _ width: Int, _ height: Int) throws {
        let pixels = try HEIFDecoder.decode(try Self.bytes(name), maxPixels: 200_000_000).pixels
        #expect((pixels.width, pixels.height, pixels.layout) == (width, height, .rgb))
        // Not a blank buffer: a photo has more than one colour.
        #expect(Set(stride(from: 0, to: pixels.bytes.count, by: 997).map { pixels.bytes[$0] }).count > 4)
    }

    @Test("Colour: an ICC profile when there is one, else the nclx code points", arguments: [
        // SOURCES.md: "Display P3" 548 B on the iPhone HEICs; sRGB 596 B beside nclx 2/2/6 on the Pixel AVIF.
        ("dn_iphone11pro_img2927.heic", 548, nil), ("lav_paris_icc_exif_xmp.avif", 596, nil),
        ("dn_grid2x2_422_800x600.avif", nil, CICP(primaries: 1, transfer: 13, matrix: 1, fullRange: true)),
        ("lav_abc_alpha_irot.avif", nil, CICP(primaries: 1, transfer: 13, matrix: 2, fullRange: true)),
        // No colr box: libheif reads the AV1 sequence header's colour only for its own conversion.
        ("lu_kimono_irot_imir.avif", nil, nil),
    ] as [(String, Int?, CICP?)])
    func colour(_ name: String, _ iccSize: Int?, _ cicp: CICP?) throws {
        let decoded = try HEIFDecoder.decode(try Self.bytes(name), maxPixels: 200_000_000)
        #expect(decoded.iccProfile?.count == iccSize)
        if let profile = decoded.iccProfile { #expect(profile[36..<40].elementsEqual("acsp".utf8)) }
        #expect(decoded.cicp == cicp)
    }

    @Test func highBitDepthIsKeptAtItsDepth() throws {
        let decoded = try HEIFDecoder.decode(try Self.bytes("lu_hato_10bit_420.avif"), maxPixels: 200_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height, decoded.alpha == nil) == (3078, 2048, true))
        #expect(Set(stride(from: 0, to: decoded.pixels.bytes.count, by: 9973).map { decoded.pixels.bytes[$0] }).count > 20)
        let deep = try #require(decoded.deep)
        #expect(deep.rounded() == decoded.pixels)
        // Every sample is a 10-bit level scaled to 16 bits; vips shows the same levels shifted left by 6.
        #expect(deep.samples.allSatisfy { $0 == DeepPixelBuffer.scaled([UInt16((Int($0) * 1023 + 32767) / 65535)], bits: 10,
                                                                          width: 1, height: 1, layout: .gray).samples[0] })
        for (x, y, vips) in [(10, 10, [46784, 49152, 50816]), (1500, 1000, [23616, 19968, 16576]), (3000, 2000, [22208, 19072, 17600])] {
            let at = (y * deep.width + x) * 3
            for channel in 0..<3 { #expect(abs(Int(deep.samples[at + channel]) - vips[channel] * 65535 / 65472) <= 1) }
        }
    }

    @Test func anHDRPhotoIsRefusedWithItsReason() throws {
        #expect { try HEIFDecoder.decode(try Self.bytes("lav_cosmos1650_444_10bit_p3pq.avif"), maxPixels: 200_000_000) } throws: {
            "\($0)".contains("HDR image (PQ transfer)")
        }
    }

    @Test func alphaIsSplitOffUprightWithTheColour() throws {
        // Black "abc" on translucent white, irot 90 on both items: 256×512 as shown.
        let decoded = try HEIFDecoder.decode(try Self.bytes("lav_abc_alpha_irot.avif"), maxPixels: 1_000_000)
        let alpha = try #require(decoded.alpha)
        #expect(alpha.count == 256 * 512)
        #expect(alpha.contains { $0 < 255 } && Set(alpha).count > 1)
    }

    @Test func aFileLibavifRefusesButLibheifReadsDecodesWithAlpha() throws {
        // SOURCES.md: duplicate ipma boxes; avifdec fails, heif-convert decodes 2048×2048 RGBA.
        let decoded = try HEIFDecoder.decode(try Self.bytes("odd/lu_plum_alpha_dup_ipma.avif"), maxPixels: 200_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height) == (2048, 2048))
        #expect(decoded.alpha != nil)
    }

    @Test("Whether the container has rotation or mirror boxes", arguments: [
        ("dn_galaxy_s10p_irot270_mdat_first.heic", true), ("lu_kimono_irot_imir.avif", true), ("lav_abc_alpha_irot.avif", true),
        // SOURCES.md: "irot 0" (a box, turning nothing).
        ("dn_iphone8_img1034.heic", true),
        ("dn_galaxy_s24fe_exif6_no_irot.heic", false), ("mk_beach_1440x960.heic", false),
    ])
    func transforms(_ name: String, _ transformed: Bool) throws {
        #expect(HEIFDecoder.hasTransform(try Self.bytes(name)) == transformed)
    }

    @Test func theGridPhotoIsFlatOrange() throws {
        // SOURCES.md: "synthetic flat orange".
        let pixels = try HEIFDecoder.decode(try Self.bytes("dn_grid2x2_422_800x600.avif"), maxPixels: 1_000_000).pixels
        let middle = (300 * 800 + 400) * 3
        let (r, g, b) = (pixels.bytes[middle], pixels.bytes[middle + 1], pixels.bytes[middle + 2])
        #expect(r > 200 && g > 80 && g < 200 && b < 80, "\(r) \(g) \(b)")
    }

    @Test func maxPixelsIsCheckedFromTheHeaderBeforeDecoding() throws {
        #expect(throws: HEIFError.self) {
            try HEIFDecoder.decode(try Self.bytes("dn_iphone8_img1034.heic"), maxPixels: 12_000_000)
        }
    }

    @Test("Damaged files are refused with libheif's reason", arguments: [
        "mk_heif_pitm_size6.heif", "mk_heif_infe_size_2gib.heif", "mk_heif_iloc_offset_size0.heif", "mk_heif_truncated_8k.heif",
    ])
    func damaged(_ name: String) throws {
        let bytes = try Self.bytes("odd/" + name)
        do {
            _ = try HEIFDecoder.decode(bytes, maxPixels: 200_000_000)
            Issue.record("\(name) decoded")
        } catch {
            #expect(!error.message.isEmpty)
        }
    }

    /// The fuzzer's find: a grid whose tile is the grid itself. libheif 1.15 would recurse, a
    /// thread per step, until the whole process aborts; galgen refuses the file first.
    @Test func aGridMadeOfItselfIsRefusedBeforeLibheifReadsIt() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("Fixtures/heif/grid_made_of_itself.avif")))
        #expect { try HEIFDecoder.decode(bytes, maxPixels: 10_000_000) } throws: {
            "\($0)" == "the file is damaged: its image 5 is made of itself (a loop of grid references)"
        }
        #expect(throws: HEIFError.self) { try HEIFDecoder.header(bytes) }
        // The same loop behind a reference box that claims 2.9 MB in an 880-byte file.
        let longBox = Array(try Data(contentsOf: folder.appendingPathComponent("Fixtures/heif/grid_loop_behind_a_long_box.avif")))
        #expect { try HEIFDecoder.decode(longBox, maxPixels: 10_000_000) } throws: { "\($0)".contains("made of itself") }
        // The file it was made from has no loop, and decodes.
        #expect(HEIFBoxes.derivationLoop(in: try Self.bytes("dn_grid2x2_422_800x600.avif")) == nil)
    }

    @Test("Loops of dimg references are found, chains and shared tiles are not", arguments: [
        ([(5, [6]), (6, [5])], true), ([(5, [5])], true), ([(5, [6, 7]), (6, [8]), (7, [8])], false),
        ([(1, [2]), (2, [3]), (3, [1])], true), ([], false),
    ] as [([(Int, [Int])], Bool)])
    func loops(_ references: [(Int, [Int])], _ loops: Bool) {
        // ftyp, then meta (full box) holding an iref (version 0: 16-bit item IDs).
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = 8 + body.count
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let entries = references.flatMap { from, to in
            box("dimg", [0, UInt8(from)] + [0, UInt8(to.count)] + to.flatMap { [0, UInt8($0)] })
        }
        let file = box("ftyp", Array("avif".utf8) + [0, 0, 0, 0]) + box("meta", [0, 0, 0, 0] + box("iref", [0, 0, 0, 0] + entries))
        #expect((HEIFBoxes.derivationLoop(in: file) != nil) == loops)
    }

    @Test func notAHEIFFileIsRefused() {
        #expect(throws: HEIFError.self) { try HEIFDecoder.header(Array("not a photo".utf8)) }
        #expect(throws: HEIFError.self) { try HEIFDecoder.header([]) }
    }
}
