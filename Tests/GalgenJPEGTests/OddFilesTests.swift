import GalgenTestSupport
import GalgenJPEG
import GalgenPixels
import Testing

/// Every odd fixture either decodes (to the stated size and layout) or fails with its own message;
/// none of them may crash or exit the process. The large camera files are lossless crops of the
/// originals (Tests/Fixtures/SOURCES.md): the same sampling, restart interval and markers.
struct OddFilesTests {
    enum Outcome: Sendable {
        case decodes(Int, Int, PixelBuffer.Layout, warning: String? = nil)
        case fails(String)
    }

    static let expected: [(String, Outcome)] = [
        ("dn_beach_dnl_height0.jpg", .fails("DNL not supported")),
        ("dn_canon_g2_440_portrait.jpg", .decodes(416, 560, .rgb)),
        ("dn_iphone6plus_420_dri_icc.jpg", .decodes(608, 816, .rgb)),
        ("dn_minolta_dimage_ex_odd_sampling.jpg", .decodes(1344, 1008, .rgb)),
        ("dn_panasonic_lc70_progressive.jpg", .decodes(1280, 960, .rgb)),
        ("dn_sigma_dp1_422.jpg", .decodes(656, 432, .rgb)),
        ("dn_sony_e5823_truncated.jpg", .decodes(960, 528, .rgb, warning: "Premature end of JPEG file")),
        ("dn_ycck_multi_icc_segments.jpg", .decodes(140, 140, .cmyk)),
        ("jd_empty_0byte.jpg", .fails("Empty input file")),
        ("jd_extraneous_bytes_after_sos_scan.jpg", .decodes(1744, 2464, .rgb, warning: "extraneous bytes")),
        ("jd_lossless_sof3_gray.jpg", .fails("Unsupported JPEG process")),
        ("jd_mozilla_cmyk_transform0.jpg", .decodes(256, 256, .cmyk)),
        ("jd_multiple_ff_before_eoi.jpg", .decodes(640, 480, .rgb)),
        ("jd_non_interleaved_mcu.jpg", .decodes(64, 16, .rgb)),
        ("jd_progressive3_444.jpg", .decodes(650, 470, .rgb)),
        ("jd_restarts.jpg", .decodes(33, 33, .rgb)),
        ("ljt_monkey12_12bit.jpg", .fails("Unsupported JPEG data precision 12")),
        ("ljt_testimgari_arithmetic.jpg", .decodes(227, 149, .rgb)),
        ("ljt_testorig_baseline420.jpg", .decodes(227, 149, .rgb)),
        ("pil_app13_multiple_progressive.jpg", .decodes(256, 160, .rgb)),
        ("pil_hopper_16bit_qtables_sof1.jpg", .decodes(128, 128, .rgb)),
        ("pil_hopper_gray.jpg", .decodes(128, 128, .gray)),
        ("pil_icc_after_sof_gray.jpg", .decodes(10, 10, .gray, warning: "bad ICC marker")),
        ("pil_icc_profile_big_progressive.jpg", .decodes(425, 250, .rgb)),
        ("pil_jpeg_ff00_header.jpg", .decodes(300, 225, .rgb, warning: "extraneous bytes")),
        ("pil_junk_jpeg_header.jpg", .decodes(1024, 768, .rgb, warning: "extraneous bytes")),
        ("pil_sample_cmyk_adobe_ycck.jpg", .decodes(100, 100, .cmyk)),
        ("pil_sugarshack_bad_mpo_header.jpg", .decodes(640, 480, .rgb)),
        ("pil_truncated_progressive.jpg", .decodes(100, 100, .rgb, warning: "Premature end of JPEG file")),
        ("pil_ultrahdr_gainmap.jpg", .decodes(1512, 2688, .rgb, warning: "Premature end of JPEG file")),
        ("pil_xmp_test_444_dri.jpg", .decodes(496, 256, .rgb)),
    ]

    @Test func everyOddFixtureHasAnExpectation() {
        #expect(Fixtures.names(in: "odd") == Self.expected.map(\.0).sorted())
    }

    @Test(arguments: expected)
    func oddFileOutcome(name: String, outcome: Outcome) throws {
        let bytes = try Fixtures.bytes("odd/" + name)
        switch outcome {
        case let .decodes(width, height, layout, warning):
            let image = try JPEGDecoder().decode(bytes)
            #expect(image.pixels.width == width && image.pixels.height == height)
            #expect(image.pixels.layout == layout)
            if let warning {
                #expect(image.warning?.contains(warning) == true, "warning was \(image.warning ?? "none")")
            } else {
                #expect(image.warning == nil)
            }
        case let .fails(message):
            #expect { try JPEGDecoder().decode(bytes) } throws: { error in
                (error as? JPEGError)?.message.contains(message) == true
            }
        }
    }
}
