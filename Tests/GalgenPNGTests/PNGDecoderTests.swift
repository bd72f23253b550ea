import Foundation
import GalgenPixels
import GalgenPNG
import GalgenTestSupport
import Testing

/// libpng on the PNG fixtures (Tests/Fixtures/formats and formats/odd, SOURCES.md):
/// sizes, layouts, alpha, metadata, colour at chosen points against a reference decode, the
/// gamma policy, and damaged files refused with libpng's reason.
///
/// Reference values: `pngtopnm FILE.png` and `pngtopnm -alpha FILE.png` (netpbm 11.01 over the
/// same libpng 1.6.39, no gamma applied), read at (x, y). The decode must match them exactly: both
/// are lossless reads by the same library, and the only arithmetic on top, 16→8 bits and gamma,
/// is written out below with libpng's own formulas, whose results lie well clear of a rounding tie.
@Suite
struct PNGDecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes("formats/" + name) }

    static let goodFiles = ["dn_scanned_photo_rgb8.png", "dn_autumn_rgba_iccp_exif.png", "lav_weld_rgb16.png",
                            "dn_palette_trns_256.png", "lav_kodim03_gray8_gama16.png", "pil_pil123rgba_adam7.png"]
    /// Each made from a licensed PNG with one fault (Tests/Fixtures/make-fixtures.py).
    static let damagedFiles = ["mk_ihdr_crc.png", "mk_first_chunk_zhdr.png", "mk_damaged_idat_kend.png",
                               "mk_bad_filter_type.png", "mk_ihdr_color_type11.png"]

    @Test func everyPNGFixtureHasAnOutcomeHere() {
        let present = Set(Fixtures.names(in: "formats").filter { $0.hasSuffix(".png") })
            .union(Fixtures.names(in: "formats/odd").filter { $0.hasSuffix(".png") }.map { "odd/" + $0 })
        let covered = Set(Self.goodFiles).union(Self.damagedFiles.map { "odd/" + $0 }).union(["odd/mk_gama_zero_gray.png"])
        #expect(present == covered)
    }

    @Test("Size, layout and alpha as stored", arguments: [
        ("dn_scanned_photo_rgb8.png", 712, 1040, PixelBuffer.Layout.rgb, false, false),
        // An alpha channel whose every value is 255: the header says alpha, the decode drops the plane.
        ("dn_autumn_rgba_iccp_exif.png", 640, 513, .rgb, true, false),
        ("lav_weld_rgb16.png", 560, 448, .rgb, false, false),
        ("dn_palette_trns_256.png", 256, 256, .rgb, true, true),
        ("lav_kodim03_gray8_gama16.png", 768, 512, .gray, false, false),
        ("pil_pil123rgba_adam7.png", 162, 150, .rgb, true, true),
    ])
    func decode(_ name: String, _ width: Int, _ height: Int, _ layout: PixelBuffer.Layout, _ headerAlpha: Bool, _ alpha: Bool) throws {
        let bytes = try Self.bytes(name)
        #expect(try PNGDecoder.header(bytes) == ImageHeader(width: width, height: height, hasAlpha: headerAlpha,
                                                            bitDepth: name.contains("rgb16") ? 16 : 8))
        let image = try PNGDecoder.decode(bytes, maxPixels: 200_000_000)
        #expect((image.pixels.width, image.pixels.height, image.pixels.layout) == (width, height, layout))
        #expect((image.alpha != nil) == alpha)
        #expect(image.alpha.map { $0.count == width * height } ?? true)
        #expect(image.notes == [])
    }

    @Test("Colour at points, against pngtopnm", arguments: [
        ("dn_scanned_photo_rgb8.png", 0, 0, [178, 178, 175], nil), ("dn_scanned_photo_rgb8.png", 706, 1038, [148, 116, 105], nil),
        ("dn_scanned_photo_rgb8.png", 711, 1039, [97, 71, 52], nil),
        // iCCP: samples as stored, no gamma.
        ("dn_autumn_rgba_iccp_exif.png", 0, 0, [214, 206, 198], nil), ("dn_autumn_rgba_iccp_exif.png", 320, 256, [54, 34, 20], nil),
        ("dn_autumn_rgba_iccp_exif.png", 639, 512, [39, 49, 17], nil),
        // 16 bits: (v * 255 + 32895) >> 16 (png_set_scale_16) of pngtopnm's 16-bit samples. At
        // (451, 407) they are (63076, 63087, 63054): 245 rounded, where strip_16's v >> 8 gives 246.
        ("lav_weld_rgb16.png", 0, 0, [71, 74, 75], nil), ("lav_weld_rgb16.png", 512, 342, [43, 22, 14], nil),
        ("lav_weld_rgb16.png", 451, 407, [245, 245, 245], nil), ("lav_weld_rgb16.png", 504, 434, [245, 255, 253], nil),
        // sRGB chunk (and a matching gAMA): palette colours as they are; tRNS gives the alpha.
        ("dn_palette_trns_256.png", 0, 0, [255, 255, 255], 0), ("dn_palette_trns_256.png", 87, 0, [0, 9, 115], 77),
        ("dn_palette_trns_256.png", 29, 23, [185, 249, 9], 184), ("dn_palette_trns_256.png", 58, 23, [0, 152, 225], 99),
        // gAMA 0.625, no profile: 255 * (v/255)^0.72727, the exponent libpng computes as
        // 1 / (0.625 * 2.2), rounded half up (png_gamma_8bit_correct); raw 97, 152, 68, 1.
        ("lav_kodim03_gray8_gama16.png", 0, 0, [126], nil), ("lav_kodim03_gray8_gama16.png", 192, 170, [175], nil),
        ("lav_kodim03_gray8_gama16.png", 384, 256, [98], nil), ("lav_kodim03_gray8_gama16.png", 767, 511, [5], nil),
        // gAMA 1.0 (linear): colour 255 * (v/255)^0.45455 of raw (49, 33, 48), (63, 38, 33),
        // (137, 7, 2), (3, 0, 0); alpha untouched (straight, linear).
        ("pil_pil123rgba_adam7.png", 78, 14, [120, 101, 119], 255), ("pil_pil123rgba_adam7.png", 111, 14, [135, 107, 101], 110),
        ("pil_pil123rgba_adam7.png", 56, 27, [192, 50, 28], 255), ("pil_pil123rgba_adam7.png", 40, 50, [34, 0, 0], 113),
        // iCCP kept (the broken gAMA ignored): samples as stored (kodim03's raw 97, 152, 68, 1).
        ("odd/mk_gama_zero_gray.png", 0, 0, [97], nil), ("odd/mk_gama_zero_gray.png", 192, 170, [152], nil),
        ("odd/mk_gama_zero_gray.png", 384, 256, [68], nil), ("odd/mk_gama_zero_gray.png", 767, 511, [1], nil),
    ] as [(String, Int, Int, [UInt8], UInt8?)])
    func colour(_ name: String, _ x: Int, _ y: Int, _ expected: [UInt8], _ alpha: UInt8?) throws {
        let image = try PNGDecoder.decode(try Self.bytes(name), maxPixels: 200_000_000)
        let pixel = y * image.pixels.width + x, channels = image.pixels.channels
        #expect(Array(image.pixels.bytes[pixel * channels..<(pixel + 1) * channels]) == expected)
        #expect((image.alpha?[pixel] ?? 255) == (alpha ?? 255))
    }

    @Test func theSixteenBitFileKeepsItsSamples() throws {
        let decoded = try PNGDecoder.decode(try Self.bytes("lav_weld_rgb16.png"), maxPixels: 1_000_000)
        let deep = try #require(decoded.deep)
        #expect(deep.rounded() == decoded.pixels)
        // vips getpoint on the file.
        for (x, y, vips) in [(10, 10, [2189, 3493, 2603]), (500, 300, [51160, 24488, 6519]), (540, 440, [7072, 3252, 3089])] {
            let at = (y * deep.width + x) * 3
            #expect(deep.samples[at..<at + 3].map(Int.init) == vips)
        }
    }

    /// (EXIF and XMP are read from the chunks by GalgenImage's walk: `MetadataBlocksFormatTests`.)
    @Test func theICCProfileComesWithThePixels() throws {
        let image = try PNGDecoder.decode(try Self.bytes("dn_autumn_rgba_iccp_exif.png"), maxPixels: 1_000_000)
        let profile = try #require(image.iccProfile)
        #expect(profile.count == 4088)
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
    }

    @Test func paletteTransparencyBecomesAnAlphaPlane() throws {
        let image = try PNGDecoder.decode(try Self.bytes("dn_palette_trns_256.png"), maxPixels: 1_000_000)
        let alpha = try #require(image.alpha)
        // SOURCES.md: tRNS alpha 0...254, no pixel fully opaque.
        #expect(alpha.max() == 254 && alpha.min() == 0)
        #expect(!alpha.contains(255))
    }

    @Test func gammaIsAppliedToEverySampleOfTheGAMAFile() throws {
        let bytes = try Self.bytes("lav_kodim03_gray8_gama16.png")
        let corrected = try PNGDecoder.decode(bytes, maxPixels: 1_000_000).pixels.bytes
        // The same file without its gAMA chunk decodes to the raw samples (taken as sRGB).
        let raw = try PNGDecoder.decode(TinyPNG.removing("gAMA", from: bytes), maxPixels: 1_000_000).pixels.bytes
        let table = (0...255).map { UInt8((255 * pow(Double($0) / 255, 0.72727)).rounded(.toNearestOrAwayFromZero)) }
        #expect(corrected == raw.map { table[Int($0)] })
        // SOURCES.md: honouring the gAMA makes it visibly lighter (means 129.0 against 102.1).
        let mean = { (samples: [UInt8]) in Double(samples.reduce(0) { $0 + Int($1) }) / Double(samples.count) }
        #expect(mean(raw) > 102 && mean(raw) < 102.3)
        #expect(mean(corrected) - mean(raw) > 25)
    }

    @Test func anSRGBChunkWinsOverTheGAMA() throws {
        let bytes = try Self.bytes("lav_kodim03_gray8_gama16.png")
        let withSRGB = TinyPNG.inserting("sRGB", [0], after: "IHDR", into: bytes)
        let raw = try PNGDecoder.decode(TinyPNG.removing("gAMA", from: bytes), maxPixels: 1_000_000)
        #expect(try PNGDecoder.decode(withSRGB, maxPixels: 1_000_000).pixels == raw.pixels)
    }

    @Test func anSRGBChunkBesideTheProfileDoesNotLoseIt() throws {
        // The PNG spec says not both. Before the iCCP, libpng alone would drop the profile
        // ("iCCP: too many profiles").
        let bytes = TinyPNG.inserting("sRGB", [0], after: "IHDR", into: try Self.bytes("dn_autumn_rgba_iccp_exif.png"))
        let image = try PNGDecoder.decode(bytes, maxPixels: 1_000_000)
        #expect(image.iccProfile?.count == 4088)
        #expect(image.notes == [])
    }

    @Test func theInterlacedFileDecodesWithStraightAlpha() throws {
        let image = try PNGDecoder.decode(try Self.bytes("pil_pil123rgba_adam7.png"), maxPixels: 1_000_000)
        let alpha = try #require(image.alpha)
        // SOURCES.md: 25% of pixels opaque.
        let opaque = Double(alpha.filter { $0 == 255 }.count) / Double(alpha.count)
        #expect(opaque > 0.24 && opaque < 0.26)
    }

    @Test func aZeroGAMAIsIgnoredAndTheProfileKept() throws {
        let bytes = try Self.bytes("odd/mk_gama_zero_gray.png")
        #expect(try PNGDecoder.header(bytes) == ImageHeader(width: 768, height: 512, hasAlpha: false))
        let image = try PNGDecoder.decode(bytes, maxPixels: 1_000_000)
        #expect((image.pixels.width, image.pixels.height, image.pixels.layout) == (768, 512, .gray))
        // libpng alone would drop this gray profile along with the bad gAMA and the cHRM after it.
        #expect(image.iccProfile?.count == 364)
        #expect(image.notes == [])
    }

    @Test("Damaged files are refused with libpng's reason", arguments: [
        ("mk_ihdr_crc.png", "IHDR: CRC error"),
        // zHDR is not IHDR; the first chunk libpng reads (PLTE) comes before any IHDR and says so.
        ("mk_first_chunk_zhdr.png", "missing IHDR"),
        // Bytes of the compressed data changed (CRCs fixed after): inflate gives a row filter of 8.
        ("mk_damaged_idat_kend.png", "bad adaptive filter value"),
        ("mk_bad_filter_type.png", "bad adaptive filter value"),
        ("mk_ihdr_color_type11.png", "Invalid IHDR data (Invalid color type in IHDR)"),
    ])
    func damaged(_ name: String, _ reason: String) throws {
        do {
            _ = try PNGDecoder.decode(try Self.bytes("odd/" + name), maxPixels: 200_000_000)
            Issue.record("\(name) decoded")
        } catch let error as PNGError {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func damageInTheImageDataPassesTheHeader() throws {
        #expect(try PNGDecoder.header(try Self.bytes("odd/mk_bad_filter_type.png")) == ImageHeader(width: 768, height: 512, hasAlpha: false))
        #expect(try PNGDecoder.header(try Self.bytes("odd/mk_damaged_idat_kend.png")) == ImageHeader(width: 162, height: 150, hasAlpha: true))
    }

    @Test func maxPixelsIsCheckedFromTheHeaderBeforeDecoding() throws {
        // 768×512 = 393,216 pixels of broken image data: refused for its size, never decoded.
        let bytes = try Self.bytes("odd/mk_bad_filter_type.png")
        #expect(throws: PNGError(message: "it has 393216 pixels (768×512), over thumbnails.max_pixels (393215)")) {
            try PNGDecoder.decode(bytes, maxPixels: 393215)
        }
        #expect(throws: PNGError(message: "bad adaptive filter value")) { try PNGDecoder.decode(bytes, maxPixels: 393216) }
    }

    @Test("A file cut in half is refused", arguments: goodFiles)
    func truncated(_ name: String) throws {
        let bytes = try Self.bytes(name)
        #expect(throws: PNGError(message: "unexpected end of file")) {
            try PNGDecoder.decode(Array(bytes.prefix(bytes.count / 2)), maxPixels: 200_000_000)
        }
    }

    @Test func randomMutationsNeverCrash() throws {
        let sources = try ["dn_palette_trns_256.png", "pil_pil123rgba_adam7.png", "odd/mk_damaged_idat_kend.png"].map(Self.bytes)
        var random = SplitMix64(seed: 0x9E0_2026)
        var decoded = 0
        for round in 0..<200 {
            var bytes = sources[round % sources.count]
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                // Half the changes land in the first 300 bytes, where the headers are.
                let limit = Bool.random(using: &random) ? min(300, bytes.count) : bytes.count
                bytes[Int.random(in: 8..<limit, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 5 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
            // With fixed CRCs the damage reaches the chunk readers and inflate, not only the CRC check.
            if round % 2 == 0 { bytes = TinyPNG.fixingCRCs(bytes) }
            guard let image = try? PNGDecoder.decode(bytes, maxPixels: 4_000_000) else { continue }
            decoded += 1
            let header = try PNGDecoder.header(bytes)
            #expect((image.pixels.width, image.pixels.height) == (header.width, header.height))
            #expect(image.pixels.bytes.count == header.width * header.height * image.pixels.channels)
            #expect(image.alpha.map { $0.count == header.width * header.height && header.hasAlpha } ?? true)
        }
        // Some mutations (in pixel data, or in chunks read past) still decode.
        #expect(decoded > 0)
    }
}
