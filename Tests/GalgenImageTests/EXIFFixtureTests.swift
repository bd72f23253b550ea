import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// EXIF facts of the real fixture photos. Expected values were read independently of this reader
/// (a separate Python TIFF walk over the same files; the 35 mm focal length, lens, exposure
/// compensation and flash by ExifTool 12), not printed from it.
@Suite
struct EXIFFixtureTests {
    static let expected: [(String, PhotoFacts)] = [
        ("dn_canon_eos5d.jpg", PhotoFacts(
            takenAt: "2005:09:25 00:31:00", make: "Canon", model: "Canon EOS 5D",
            exposureTime: .init(1, 160), fNumber: 5, iso: 160, focalLength: 105).with(focal35mm: nil, bias: 0, flash: false)),
        ("dn_nikon_d3100.jpg", PhotoFacts(
            takenAt: "2010:12:02 13:18:23", make: "NIKON CORPORATION", model: "NIKON D3100",
            exposureTime: .init(10, 2000), fNumber: 8, iso: 400, focalLength: 55).with(focal35mm: 82, bias: 2.0 / 3, flash: false)),
        ("dn_canon_a2500.jpg", PhotoFacts(
            takenAt: "2016:04:02 14:25:01", make: "Canon", model: "Canon PowerShot A2500",
            exposureTime: .init(1, 20), fNumber: 2.8, iso: 100, focalLength: 5).with(focal35mm: nil, bias: 0, flash: false)),
        ("dn_kodak_z1012.jpg", PhotoFacts(
            takenAt: "2008:05:23 08:09:48", make: "EASTMAN KODAK COMPANY", model: "KODAK EASYSHARE Z1012 IS Digital Camera",
            exposureTime: .init(1, 200), fNumber: 2.8, iso: 80, focalLength: 5.85).with(focal35mm: 33, bias: 0, flash: false)),
        ("dn_kodak_pixpro_s1.jpg", PhotoFacts(
            takenAt: "2014:09:04 14:04:22", make: "JK Imaging, Ltd.", model: "KODAK PIXPRO S-1",
            exposureTime: .init(1, 63), fNumber: 6, iso: 212, focalLength: 36).with(focal35mm: 72, bias: 0, flash: false)),
        ("dn_oppo_r7plus.jpg", PhotoFacts(
            takenAt: "2018:07:16 17:52:22", make: "OPPO", model: "R7plusf",
            exposureTime: .init(1, 1279), fNumber: 2.2, iso: 100, focalLength: 3.46).with(focal35mm: nil, bias: nil, flash: false)),
        ("dn_samsung_note3.jpg", PhotoFacts(
            takenAt: "2014:07:12 16:17:10", make: "SAMSUNG", model: "SAMSUNG-SM-N900A",
            exposureTime: .init(1, 458), fNumber: 2.2, iso: 50, focalLength: 4.13).with(focal35mm: 31, bias: 0, flash: false)),
        ("dn_samsung_s7edge.jpg", PhotoFacts(
            takenAt: "2017:02:09 19:51:38", make: "samsung", model: "SM-G935L",
            exposureTime: .init(1, 10), fNumber: 1.7, iso: 640, focalLength: 4.2).with(focal35mm: 26, bias: 0, flash: false)),
        ("dn_samsung_s9p_issue525.jpg", PhotoFacts(
            takenAt: "2020:10:27 13:23:33", make: "samsung", model: "SM-G965W",
            exposureTime: .init(1, 60), fNumber: 2.4, iso: 100, focalLength: 4.3).with(focal35mm: 26, bias: 0, flash: false)),
    ]

    @Test func everyPhotoFixtureHasAnExpectation() {
        #expect(Fixtures.names(in: "photos") == Self.expected.map(\.0).sorted())
    }

    @Test(arguments: expected)
    func factsOfRealPhotos(name: String, facts: PhotoFacts) throws {
        let payload = try #require(MetadataBlocks(jpeg: try Fixtures.bytes("photos/" + name)).exif)
        #expect(EXIFSummary(tiff: payload).facts == facts)
    }

    @Test func aLensNamedOnlyInXMPComesFromThere() throws {
        // The Galaxy S9+'s EXIF has no LensModel; Lightroom wrote exifEX:LensModel and aux:Lens.
        let bytes = try Fixtures.bytes("photos/dn_samsung_s9p_issue525.jpg")
        let blocks = MetadataBlocks(jpeg: bytes)
        let exif = EXIFSummary(tiff: try #require(blocks.exif))
        #expect(exif.facts.lensModel == nil)
        #expect(PhotoMetadataReader.described(blocks, exif: exif).facts.lensModel == "Samsung Galaxy S9+ Rear Camera")
        let rendered = try PhotoRenderer.make().render(bytes, RenditionRequest(widths: [64], quality: 80))
        #expect(rendered.facts.lensModel == "Samsung Galaxy S9+ Rear Camera" && rendered.facts.focalLength35mm == 26)
    }

    @Test func presentedFactsOfRealPhotos() throws {
        let canon = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_canon_eos5d.jpg"))
        #expect(canon.orientation == 1)
        #expect(canon.facts.takenAtText == "2005-09-25 00:31")
        #expect(canon.facts.summary == "Canon EOS 5D · 105 mm · f/5 · 1/160 s · ISO 160")

        let nikon = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_nikon_d3100.jpg"))
        #expect(nikon.facts.summary == "NIKON D3100 · 55 mm · f/8 · 1/200 s · ISO 400")
        #expect(nikon.facts.takenAtText == "2010-12-02 13:18")

        let samsung = EXIFSummary(jpeg: try Fixtures.bytes("photos/dn_samsung_s7edge.jpg"))
        #expect(samsung.facts.summary == "samsung SM-G935L · 4.2 mm · f/1.7 · 1/10 s · ISO 640")
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

extension PhotoFacts {
    /// The facts with the Exif 2.3 fields the details panel shows.
    func with(focal35mm: Int?, bias: Double?, flash: Bool?, lens: String? = nil) -> PhotoFacts {
        var facts = self
        (facts.focalLength35mm, facts.exposureBias, facts.flashFired, facts.lensModel) = (focal35mm, bias, flash, lens)
        return facts
    }
}
