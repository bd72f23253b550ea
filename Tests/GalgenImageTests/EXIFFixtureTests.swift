import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// EXIF facts of the real fixture photos. Expected values were read independently of this reader
/// (a separate Python TIFF walk over the same files), not printed from it.
@Suite
struct EXIFFixtureTests {
    static let expected: [(String, PhotoFacts)] = [
        ("dn_canon_eos5d.jpg", PhotoFacts(
            takenAt: "2005:09:25 00:31:00", make: "Canon", model: "Canon EOS 5D",
            exposureTime: .init(1, 160), fNumber: 5, iso: 160, focalLength: 105)),
        ("dn_nikon_d3100.jpg", PhotoFacts(
            takenAt: "2010:12:02 13:18:23", make: "NIKON CORPORATION", model: "NIKON D3100",
            exposureTime: .init(10, 2000), fNumber: 8, iso: 400, focalLength: 55)),
        ("dn_canon_a2500.jpg", PhotoFacts(
            takenAt: "2016:04:02 14:25:01", make: "Canon", model: "Canon PowerShot A2500",
            exposureTime: .init(1, 20), fNumber: 2.8, iso: 100, focalLength: 5)),
        ("dn_kodak_z1012.jpg", PhotoFacts(
            takenAt: "2008:05:23 08:09:48", make: "EASTMAN KODAK COMPANY", model: "KODAK EASYSHARE Z1012 IS Digital Camera",
            exposureTime: .init(1, 200), fNumber: 2.8, iso: 80, focalLength: 5.85)),
        ("dn_kodak_pixpro_s1.jpg", PhotoFacts(
            takenAt: "2014:09:04 14:04:22", make: "JK Imaging, Ltd.", model: "KODAK PIXPRO S-1",
            exposureTime: .init(1, 63), fNumber: 6, iso: 212, focalLength: 36)),
        ("dn_oppo_r7plus.jpg", PhotoFacts(
            takenAt: "2018:07:16 17:52:22", make: "OPPO", model: "R7plusf",
            exposureTime: .init(1, 1279), fNumber: 2.2, iso: 100, focalLength: 3.46)),
        ("dn_samsung_note3.jpg", PhotoFacts(
            takenAt: "2014:07:12 16:17:10", make: "SAMSUNG", model: "SAMSUNG-SM-N900A",
            exposureTime: .init(1, 458), fNumber: 2.2, iso: 50, focalLength: 4.13)),
        ("dn_samsung_s7edge.jpg", PhotoFacts(
            takenAt: "2017:02:09 19:51:38", make: "samsung", model: "SM-G935L",
            exposureTime: .init(1, 10), fNumber: 1.7, iso: 640, focalLength: 4.2)),
        ("dn_samsung_s9p_issue525.jpg", PhotoFacts(
            takenAt: "2020:10:27 13:23:33", make: "samsung", model: "SM-G965W",
            exposureTime: .init(1, 60), fNumber: 2.4, iso: 100, focalLength: 4.3)),
    ]

    @Test func everyPhotoFixtureHasAnExpectation() {
        #expect(Fixtures.names(in: "photos") == Self.expected.map(\.0).sorted())
    }

    @Test(arguments: expected)
    func factsOfRealPhotos(name: String, facts: PhotoFacts) throws {
        let payload = try #require(MetadataBlocks(jpeg: try Fixtures.bytes("photos/" + name)).exif)
        #expect(EXIFSummary(tiff: payload).facts == facts)
    }

    @Test func presentedFactsOfRealPhotos() throws {
        let canon = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_canon_eos5d.jpg"))
        #expect(canon.orientation == 1)
        #expect(canon.facts.takenAtText == "2005-09-25 00:31")
        #expect(canon.facts.summary == "Canon EOS 5D · 105 mm · ƒ/5 · 1/160 s · ISO 160")

        let nikon = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_nikon_d3100.jpg"))
        #expect(nikon.facts.summary == "NIKON D3100 · 55 mm · ƒ/8 · 1/200 s · ISO 400")
        #expect(nikon.facts.takenAtText == "2010-12-02 13:18")

        let samsung = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_samsung_s7edge.jpg"))
        #expect(samsung.facts.summary == "samsung SM-G935L · 4.2 mm · ƒ/1.7 · 1/10 s · ISO 640")
    }

    @Test func orientationIsReadAndGPSFoundAsBefore() throws {
        for orientation in 1...8 {
            let summary = EXIFSummary(jpeg: try Fixtures.bytes("orientation/Landscape_\(orientation).jpg"))
            #expect(summary.orientation == orientation)
        }
        let phone = LocationScanner.check(try Fixtures.bytes("odd/dn_iphone6plus_420_dri_icc.jpg"))
        #expect(phone.renditionWarning == "has GPS coordinates; they were removed from the published files", "\(phone)")
        #expect(LocationScanner.check(try Fixtures.bytes("photos/dn_canon_eos5d.jpg")).renditionWarning == nil)
    }

    /// Every fixture, including the damaged ones, parses without crashing, fast.
    @Test func everyFixtureParsesQuickly() throws {
        for folder in ["photos", "odd", "orientation"] {
            for name in Fixtures.names(in: folder) {
                let bytes = try Fixtures.bytes(folder + "/" + name)
                let elapsed = ContinuousClock().measure { _ = EXIFSummary(jpeg: bytes) }
                #expect(elapsed < .seconds(1), "\(folder)/\(name)")
            }
        }
    }
}
