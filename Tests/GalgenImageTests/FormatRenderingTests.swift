import Foundation
import GalgenCore
import GalgenHEIF
import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import GalgenWebP
import Testing

/// Every HEIC/HEIF, AVIF, WebP and PNG fixture (Tests/Fixtures/formats, SOURCES.md) through
/// the live render stage: its size after orientation, and its colours against vips's decode
/// (Tests/Fixtures/format-references.py: vipsthumbnail to sRGB, flattened onto (245, 245, 247)).
@Suite
struct FormatRenderingTests {
    static let request = RenditionRequest(widths: [320], quality: 90, colour: .srgb)

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/formats/" + name)))
    }

    static func render(_ name: String, request: RenditionRequest = request) throws -> RenderedImage {
        try PhotoRenderer.make().render(try bytes(name), request)
    }

    /// Mean R, G, B of three boxes (1/8 of each side) centred at 25, 50 and 75 % along the diagonal,
    /// as format-references.py measures them.
    static func boxes(_ image: PixelBuffer) -> [Int] {
        [0.25, 0.5, 0.75].flatMap { fraction -> [Int] in
            let bw = max(1, image.width / 8), bh = max(1, image.height / 8)
            let x0 = Int(Double(image.width) * fraction) - bw / 2, y0 = Int(Double(image.height) * fraction) - bh / 2
            var sums = [0, 0, 0]
            for y in y0..<(y0 + bh) {
                for x in x0..<(x0 + bw) {
                    let at = (y * image.width + x) * image.channels
                    for c in 0..<3 { sums[c] += Int(image.bytes[at + (image.channels == 3 ? c : 0)]) }
                }
            }
            return sums.map { Int((Double($0) / Double(bw * bh)).rounded()) }
        }
    }

    @Test("Size as shown, and colours as vips shows them", arguments: [
        // (file, upright size, vips's box means at 320 px)
        ("dn_alpha_lossless_rose.webp", 400, 301, [227, 149, 109, 153, 78, 3, 224, 196, 179]),
        ("dn_alpha_lossy_rose.webp", 400, 301, [228, 149, 109, 153, 78, 3, 223, 197, 180]),
        ("dn_animation_lossy_101f.webp", 320, 240, [181, 213, 223, 12, 175, 14, 255, 255, 255]),
        ("dn_autumn_rgba_iccp_exif.png", 640, 513, [180, 160, 141, 88, 57, 26, 86, 56, 18]),
        ("mk_beach_1440x960.heic", 1440, 960, [188, 211, 239, 99, 114, 125, 135, 152, 173]),
        ("dn_galaxy_s10p_irot270_mdat_first.heic", 3024, 4032, [203, 203, 203, 178, 174, 173, 162, 162, 160]),
        ("dn_grid2x2_422_800x600.avif", 800, 600, [254, 106, 0, 254, 106, 0, 254, 106, 0]),
        ("dn_htc_desire_icc_exif.webp", 776, 909, [139, 137, 142, 114, 108, 112, 123, 113, 114]),
        ("dn_iphone11pro_exif_at_eof.heic", 3024, 4032, [136, 183, 238, 147, 152, 195, 133, 168, 214]),
        ("dn_iphone11pro_img2927.heic", 3024, 4032, [136, 183, 238, 147, 152, 195, 133, 168, 214]),
        ("dn_iphone8_img1034.heic", 4032, 3024, [149, 149, 70, 28, 29, 28, 35, 35, 35]),
        // EXIF orientation 6 applies to WebP: stored 320×240.
        ("dn_iphonex_exif6_issue473.webp", 240, 320, [123, 121, 115, 226, 223, 213, 206, 204, 201]),
        ("mk_lossless_vp8l_600x450.webp", 600, 450, [143, 141, 128, 74, 141, 182, 112, 178, 219]),
        ("dn_palette_trns_256.png", 256, 256, [195, 167, 136, 228, 235, 240, 225, 237, 235]),
        ("dn_photo1_vp8.webp", 1024, 772, [143, 169, 183, 80, 132, 163, 121, 191, 229]),
        ("dn_scanned_photo_rgb8.png", 712, 1040, [53, 62, 64, 53, 60, 66, 201, 166, 161]),
        ("lav_abc_alpha_irot.avif", 256, 512, [250, 250, 251, 169, 169, 170, 250, 250, 251]),
        ("lav_paris_icc_exif_xmp.avif", 403, 302, [113, 147, 184, 182, 159, 149, 102, 104, 90]),
        ("lav_weld_rgb16.png", 560, 448, [16, 28, 20, 12, 23, 8, 151, 79, 47]),
        ("lu_hato_10bit_420.avif", 3078, 2048, [186, 185, 142, 122, 99, 82, 100, 82, 70]),
        ("odd/lu_plum_alpha_dup_ipma.avif", 2048, 2048, [252, 223, 224, 255, 237, 176, 255, 214, 214]),
        ("odd/mk_gama_zero_gray.png", 768, 512, [187, 187, 187, 72, 72, 72, 79, 79, 79]),
    ] as [(String, Int, Int, [Int])])
    func rendered(_ name: String, _ width: Int, _ height: Int, _ reference: [Int]) throws {
        let rendered = try Self.render(name)
        #expect((rendered.width, rendered.height) == (width, height))
        let rendition = try #require(rendered.renditions.last)
        #expect(rendition.width == min(320, width))
        #expect(abs(rendition.height - Int((Double(rendition.width) * Double(height) / Double(width)).rounded())) <= 1)
        let pixels = try JPEGDecoder().decode(rendition.jpeg).pixels
        let measured = Self.boxes(pixels)
        // Box means over whole areas: JPEG at quality 90 and two resamplers differ by a few levels.
        let worst = zip(measured, reference).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 8, "\(name): \(measured) against vips's \(reference)")
    }

    @Test("A PNG's gAMA is honoured, as browsers do: lighter than its samples where they are not white", arguments: [
        // vips ignores gAMA: its means are the raw samples (format-references.py).
        ("lav_kodim03_gray8_gama16.png", [187, 187, 187, 72, 72, 72, 79, 79, 79], [0, 1, 2, 3, 4, 5, 6, 7, 8]),
        // gAMA 1.0 (linear) with alpha: the third box is transparent, the page background either way.
        ("pil_pil123rgba_adam7.png", [205, 185, 159, 44, 32, 17, 245, 245, 247], [3, 4, 5]),
    ] as [(String, [Int], [Int])])
    func gamma(_ name: String, _ raw: [Int], _ lighter: [Int]) throws {
        let pixels = try JPEGDecoder().decode(try Self.render(name).renditions[0].jpeg).pixels
        let measured = Self.boxes(pixels)
        #expect(lighter.allSatisfy { measured[$0] > raw[$0] + 10 }, "\(measured)")
    }

    @Test func aSamsungHEICWithEXIFRotationButNoIrotIsShownAsStoredAndSaysSo() throws {
        let rendered = try Self.render("dn_galaxy_s24fe_exif6_no_irot.heic")
        #expect((rendered.width, rendered.height) == (4000, 1848))
        #expect(rendered.warnings.contains { $0.contains("its EXIF says orientation 6, but its HEIF boxes do not rotate it") })
    }

    @Test func anIrotAndImirAVIFIsUpright() throws {
        // vips 8.14 fails on it ("bad image dimensions"); heif-convert's upright decode is 722×1024.
        let rendered = try Self.render("lu_kimono_irot_imir.avif")
        #expect((rendered.width, rendered.height) == (722, 1024))
    }

    @Test func anAnimatedWebPUsesItsFirstFrameAndSaysSo() throws {
        #expect(try Self.render("dn_animation_lossy_101f.webp").warnings.contains { $0.contains("101 frames") })
    }

    @Test func anHDRAVIFIsRefusedWithItsReason() throws {
        #expect { try Self.render("lav_cosmos1650_444_10bit_p3pq.avif") } throws: {
            "\($0)".contains("unreadable AVIF: it is an HDR image (PQ transfer)")
        }
    }

    @Test func aDisplayP3HEICKeepsItsProfileUnderKeep() throws {
        let keep = RenditionRequest(widths: [320], quality: 90, colour: .keep)
        let rendered = try Self.render("dn_iphone8_img1034.heic", request: keep)
        #expect(try JPEGDecoder().decode(rendered.renditions[0].jpeg).iccProfile?.count == 548)
    }

    @Test func metadataComesFromTheFilesItems() throws {
        let rendered = try Self.render("lav_paris_icc_exif_xmp.avif")
        #expect(rendered.facts.make == "Google")
        #expect(rendered.metadata.captured != nil)
    }

    @Test("Every damaged file fails on its own, with its library's reason", arguments: [
        ("odd/mk_heif_pitm_size6.heif", "unreadable HEIF"), ("odd/mk_heif_infe_size_2gib.heif", "unreadable HEIF"),
        ("odd/mk_heif_iloc_offset_size0.heif", "unreadable HEIF"), ("odd/mk_heif_truncated_8k.heif", "unreadable HEIF"),
        ("odd/mk_bad_filter_type.png", "unreadable PNG"), ("odd/mk_damaged_idat_kend.png", "unreadable PNG"),
        ("odd/mk_ihdr_color_type11.png", "unreadable PNG"), ("odd/mk_ihdr_crc.png", "unreadable PNG"),
        // Its IHDR is renamed: it no longer starts like a PNG's first chunk, but its signature is a PNG's.
        ("odd/mk_first_chunk_zhdr.png", "unreadable PNG"),
    ])
    func damaged(_ name: String, _ reason: String) throws {
        #expect { try Self.render(name) } throws: { "\($0)".contains(reason) }
    }

    @Test func transparencyIsKeptInWebPAndAVIFAndFlattenedForJPEG() throws {
        let request = RenditionRequest(widths: [200], quality: 85, formats: [.avif, .webp, .jpeg])
        let rendered = try Self.render("dn_alpha_lossless_rose.webp", request: request)
        #expect(rendered.alternates.map(\.format) == [.avif, .webp])
        // The corner is transparent: the page background in the JPEG, alpha 0 in the others.
        let jpeg = try JPEGDecoder().decode(rendered.renditions[0].jpeg).pixels
        #expect(Array(jpeg.bytes[0..<3]).allSatisfy { $0 >= 240 }, "\(jpeg.bytes[0..<3])")
        let webp = try WebPDecoder.decode(try #require(rendered.alternates[1].renditions[0].bytes), maxPixels: 1_000_000)
        let avif = try HEIFDecoder.decode(try #require(rendered.alternates[0].renditions[0].bytes), maxPixels: 1_000_000)
        for decoded in [webp, avif] {
            let alpha = try #require(decoded.alpha)
            #expect((decoded.pixels.width, decoded.pixels.height) == (200, 151))
            #expect(alpha[0] < 8 && alpha.contains(255))
        }
        // Inside the rose, colours match the JPEG's (edges aside, nothing bled in from transparency).
        let centre = (75 * 200 + 100) * 3
        #expect(abs(Int(webp.pixels.bytes[centre]) - Int(jpeg.bytes[centre])) < 12)
    }

    @Test func maxPixelsIsCheckedBeforeDecoding() throws {
        let small = RenditionRequest(widths: [320], quality: 90, maxPixels: 200_000)
        for name in ["dn_iphone8_img1034.heic", "mk_lossless_vp8l_600x450.webp", "dn_scanned_photo_rgb8.png"] {
            #expect { try Self.render(name, request: small) } throws: { "\($0)".contains("over thumbnails.max_pixels") }
        }
    }
}

/// A 16-bit source through the live render stage: resampled at its depth, rounded once.
struct DeepRenderingTests {
    /// Levels 100.45 (three of four pixels) and 100.7 tiled: quartered at depth the rendition is level
    /// 101; rounded to 8 bits before resampling it would be 100 (see DeepResamplerTests).
    @Test func aSixteenBitPNGIsResampledBeforeItIsRounded() throws {
        let low = UInt16((100.45 * 257).rounded()), high = UInt16((100.7 * 257).rounded())
        let rows = (0..<64).map { y in
            (0..<64).flatMap { x -> [UInt8] in
                let value = x % 2 == 1 && y % 2 == 1 ? high : low
                return [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        }
        let png = TinyPNG.make(width: 64, height: 64, bitDepth: 16, colourType: 0, rows: rows)
        let rendered = try PhotoRenderer.make().render(png, RenditionRequest(widths: [16], quality: 95, formats: [.jpeg]))
        let pixels = try JPEGDecoder().decode(rendered.renditions[0].jpeg).pixels
        #expect((pixels.width, pixels.height) == (16, 16))
        #expect(pixels.bytes.allSatisfy { $0 == 101 })
    }
}
