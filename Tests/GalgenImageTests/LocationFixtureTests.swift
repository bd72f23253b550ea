import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// The check on every fixture photo: a place where exiftool finds GPS coordinates, none in real
/// camera files without them, and unreadable only for what galgen cannot read completely.
@Suite
struct LocationFixtureTests {
    /// Fixtures with GPS coordinates, as exiftool reads them (lav_paris: 0°0′0″, written on purpose).
    static let located = [
        "photos/dn_oppo_r7plus.jpg", "photos/dn_samsung_note3.jpg", "photos/dn_samsung_s7edge.jpg",
        "odd/dn_iphone6plus_420_dri_icc.jpg", "odd/pil_ultrahdr_gainmap.jpg", "formats/dn_htc_desire_icc_exif.webp",
        "formats/dn_iphonex_exif6_issue473.webp", "formats/dn_iphone11pro_exif_at_eof.heic", "formats/dn_iphone8_img1034.heic",
        "formats/lav_paris_icc_exif_xmp.avif",
    ]

    /// Fixtures galgen cannot read completely, and the words that say why.
    static let unreadable = [
        "photos/dn_kodak_z1012.jpg": "APP2 segment 1 (“FPXR",  // FlashPix streams
        "odd/dn_minolta_dimage_ex_odd_sampling.jpg": "APP2 segment 1 (“FPXR",
        "odd/dn_sony_e5823_truncated.jpg": "APP4 segment 1 (“Qualcomm Camera Debug",
        "odd/jd_extraneous_bytes_after_sos_scan.jpg": "5511 bytes after the end of its image",
        "odd/pil_jpeg_ff00_header.jpg": "misplaced JPEG marker",
        "odd/pil_junk_jpeg_header.jpg": "not a JPEG marker at byte 81",
        "odd/pil_sugarshack_bad_mpo_header.jpg": "the MPF index in APP2 segment 1 is not a TIFF structure",
        // Samsung's 'sefd' box holds the phone's own records; its Exif's GPS is 0/0 (no fix).
        "formats/dn_galaxy_s10p_irot270_mdat_first.heic": "top-level 'sefd' box",
        "odd/jd_empty_0byte.jpg": "none of the formats galgen reads",
        "formats/odd/mk_heif_infe_size_2gib.heif": "runs past its end",
        "formats/odd/mk_heif_pitm_size6.heif": "runs past its end",
        "formats/odd/mk_heif_truncated_8k.heif": "runs past its end",
        "formats/odd/mk_first_chunk_zhdr.png": "zHDR chunk",
        "formats/odd/mk_damaged_idat_kend.png": "kEND chunk",
    ]

    static var all: [String] {
        ["photos", "orientation", "odd", "formats", "formats/odd"].flatMap { folder in
            Fixtures.names(in: folder).filter { $0.contains(".") && !$0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
    }

    @Test(arguments: all)
    func eachFixtureHasTheVerdictExiftoolAgreesWith(_ path: String) throws {
        let result = LocationScanner.check(try Fixtures.bytes(path))
        if Self.located.contains(path) {
            #expect(result.isFound, "\(result)")
        } else if let why = Self.unreadable[path] {
            #expect(result.isUnreadable && result.words.contains(why), "\(result)")
        } else {
            #expect(result == .none)
        }
    }
}
