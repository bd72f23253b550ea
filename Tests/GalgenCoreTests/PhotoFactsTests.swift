import GalgenCore
import Testing

@Suite("PhotoFacts")
struct PhotoFactsTests {
    @Test("cameraText: the model, with the make in front only when the model lacks it", arguments: [
        ("Canon", "Canon EOS 5D", "Canon EOS 5D"),
        ("NIKON CORPORATION", "NIKON D3100", "NIKON D3100"),
        ("PENTAX Corporation", "PENTAX K-5", "PENTAX K-5"),
        ("LEICA CAMERA AG", "LEICA M10", "LEICA M10"),
        ("SAMSUNG", "SAMSUNG-SM-N900A", "SAMSUNG-SM-N900A"),
        ("EASTMAN KODAK COMPANY", "KODAK EASYSHARE Z1012 IS Digital Camera", "KODAK EASYSHARE Z1012 IS Digital Camera"),
        ("Canon", "canon powershot", "canon powershot"),
        ("samsung", "SM-G935L", "samsung SM-G935L"),
        ("Apple", "iPhone 6 Plus", "Apple iPhone 6 Plus"),
        ("OLYMPUS IMAGING CORP.", "E-M10", "OLYMPUS E-M10"),
        ("Minolta Co., Ltd.", "DiMAGE EX", "Minolta DiMAGE EX"),
        ("RICOH IMAGING COMPANY, LTD.", "PENTAX K-3", "RICOH PENTAX K-3"),
        ("JK Imaging, Ltd.", "KODAK PIXPRO S-1", "JK KODAK PIXPRO S-1"),
        // Whitespace and NULs trimmed, runs of spaces collapsed, anything after a NUL dropped.
        ("  Canon\0\0 ", "Canon EOS 5D   \0junk", "Canon EOS 5D"),
        ("Canon", "Canon PowerShot  A2500 ", "Canon PowerShot A2500"),
        ("FUJI\tFILM", "X-T3\n", "FUJI FILM X-T3"),
    ] as [(String, String, String)])
    func camera(make: String, model: String, expected: String) {
        #expect(PhotoFacts(make: make, model: model).cameraText == expected)
    }

    @Test func cameraTextWithOnlyOnePartOrNone() {
        #expect(PhotoFacts(model: "X100V").cameraText == "X100V")
        #expect(PhotoFacts(make: "FUJIFILM").cameraText == "FUJIFILM")
        #expect(PhotoFacts(make: "FUJIFILM", model: " \0 ").cameraText == "FUJIFILM")
        #expect(PhotoFacts(make: "", model: "\0").cameraText == nil)
        #expect(PhotoFacts().cameraText == nil)
    }

    @Test("exposureText: 1/N below a second, decimals when a fraction says less, seconds above", arguments: [
        (1, 250, "1/250 s"), (10, 2000, "1/200 s"), (1, 4, "1/4 s"), (1, 1279, "1/1279 s"), (1, 8000, "1/8000 s"),
        (1, 2, "1/2 s"), (1, 3, "1/3 s"), (10, 25, "1/3 s"), (8, 10, "0.8 s"), (1, 1, "1 s"), (13, 10, "1.3 s"), (2, 1, "2 s"), (30, 1, "30 s"), (4_294_967_295, 1, "4294967295 s"),
    ] as [(UInt32, UInt32, String)])
    func exposure(numerator: UInt32, denominator: UInt32, expected: String) {
        #expect(PhotoFacts(exposureTime: .init(numerator, denominator)).exposureText == expected)
    }

    @Test func meaninglessExposuresHaveNoText() {
        #expect(PhotoFacts(exposureTime: .init(1, 0)).exposureText == nil)
        #expect(PhotoFacts(exposureTime: .init(0, 1)).exposureText == nil)
        #expect(PhotoFacts(exposureTime: .init(0, 0)).exposureText == nil)
        #expect(PhotoFacts().exposureText == nil)
        #expect(PhotoFacts.Rational(1, 0).value == nil)
        #expect(PhotoFacts.Rational(1, 4).value == 0.25)
    }

    @Test func apertureISOAndFocalLength() {
        #expect(PhotoFacts(fNumber: 2.8).apertureText == "f/2.8")
        #expect(PhotoFacts(fNumber: 5).apertureText == "f/5")
        #expect(PhotoFacts(fNumber: 1.7).apertureText == "f/1.7")
        #expect(PhotoFacts(fNumber: 22).apertureText == "f/22")
        #expect(PhotoFacts(iso: 100).isoText == "ISO 100")
        #expect(PhotoFacts(iso: 12800).isoText == "ISO 12800")
        #expect(PhotoFacts(focalLength: 35).focalLengthText == "35 mm")
        #expect(PhotoFacts(focalLength: 4.2).focalLengthText == "4.2 mm")
        #expect(PhotoFacts(focalLength: 4.13).focalLengthText == "4.1 mm")
        for bad in [0, -1, .nan, .infinity, 0.01, 1e12] as [Double] {
            #expect(PhotoFacts(fNumber: bad).apertureText == nil)
            #expect(PhotoFacts(focalLength: bad).focalLengthText == nil)
        }
        #expect(PhotoFacts(iso: 0).isoText == nil)
        #expect(PhotoFacts(iso: -5).isoText == nil)
    }

    @Test("takenAtText", arguments: [
        ("2019:05:04 12:30:59", "2019-05-04 12:30"),
        ("2019:05:04 12:30", "2019-05-04 12:30"),
        ("2019-05-04T12:30:00", "2019-05-04 12:30"),
        ("  2019:05:04 12:30:59\0\0", "2019-05-04 12:30"),
        ("2019:05:04 00:00:00", "2019-05-04 00:00"),
        // An unreadable time keeps the date.
        ("2019:05:04", "2019-05-04"),
        ("2019:05:04 25:00:00", "2019-05-04"),
        ("2019:05:04 12:x0:00", "2019-05-04"),
    ])
    func takenAt(raw: String, expected: String) {
        #expect(PhotoFacts(takenAt: raw).takenAtText == expected)
    }

    @Test("takenAtText is nil for blank, zero and malformed dates", arguments: [
        "", "\0", "0000:00:00 00:00:00", "    :  :     :  :  ", "2019:13:01 10:00:00", "2019:05:00 10:00:00",
        "19:05:04 10:00:00", "2019/05/04 10:00", "garbage", "２０１９:05:04 10:00:00",
    ])
    func badDates(raw: String) {
        #expect(PhotoFacts(takenAt: raw).takenAtText == nil)
    }

    @Test func summaryJoinsTheKnownParts() {
        let full = PhotoFacts(
            takenAt: "2019:05:04 12:30:59", make: "Canon", model: "Canon EOS 5D", exposureTime: .init(1, 250),
            fNumber: 2.8, iso: 100, focalLength: 35
        )
        #expect(full.summary == "Canon EOS 5D · 35 mm · f/2.8 · 1/250 s · ISO 100")
        #expect(PhotoFacts(exposureTime: .init(1, 60), iso: 200).summary == "1/60 s · ISO 200")
        #expect(PhotoFacts(make: "samsung", fNumber: 1.7).summary == "samsung · f/1.7")
        #expect(PhotoFacts(takenAt: "2019:05:04 12:30:59").summary == nil)
        #expect(PhotoFacts(exposureTime: .init(1, 0), iso: 0).summary == nil)
        #expect(PhotoFacts().summary == nil)
        #expect(PhotoFacts().isEmpty)
        #expect(!full.isEmpty)
    }
}
