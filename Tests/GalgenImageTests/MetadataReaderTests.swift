import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenImage
import GalgenTestSupport
import Testing

struct MetadataReaderTests {
    typealias B = MetadataBytes

    static let exif = EXIFSummary(tiff: [])

    func combine(xmp: XMPFields = XMPFields(), iptc: IPTCFields = IPTCFields(), exif: EXIFSummary = exif) -> PhotoMetadata {
        PhotoMetadataReader.combine(xmp: xmp, iptc: iptc, exif: exif)
    }

    func exif(description: String? = nil, takenAt: String? = nil, make: String? = nil, model: String? = nil,
              subSeconds: String? = nil, offset: String? = nil) -> EXIFSummary {
        var summary = EXIFSummary(tiff: [])
        summary.imageDescription = description
        summary.facts = PhotoFacts(takenAt: takenAt, make: make, model: model)
        summary.subSecTimeOriginal = subSeconds
        summary.offsetTimeOriginal = offset
        return summary
    }

    // MARK: - The lens

    @Test func theLensComesFromTheEXIFElseExifEXElseAux() {
        let both = B.packet(#"<rdf:Description xmlns:exifEX='http://cipa.jp/exif/1.0/' xmlns:aux='http://ns.adobe.com/exif/1.0/aux/' "#
            + #"exifEX:LensModel='EF50mm f/1.8 STM' aux:Lens='50.0 mm f/1.8'/>"#)
        let auxOnly = B.packet(#"<rdf:Description xmlns:aux='http://ns.adobe.com/exif/1.0/aux/'><aux:Lens> 50.0 mm f/1.8 </aux:Lens></rdf:Description>"#)
        let blocks = { (packet: String) in MetadataBlocks(xmp: Array(packet.utf8)[...]) }
        #expect(PhotoMetadataReader.described(blocks(both), exif: Self.exif).facts.lensModel == "EF50mm f/1.8 STM")
        #expect(PhotoMetadataReader.described(blocks(auxOnly), exif: Self.exif).facts.lensModel == "50.0 mm f/1.8")
        var fromEXIF = Self.exif
        fromEXIF.facts.lensModel = "RF24-105mm F4 L IS USM"
        #expect(PhotoMetadataReader.described(blocks(both), exif: fromEXIF).facts.lensModel == "RF24-105mm F4 L IS USM")
        #expect(PhotoMetadataReader.described(MetadataBlocks(), exif: Self.exif).facts.lensModel == nil)
    }

    // MARK: - Choosing

    @Test func eachWordComesFromTheFirstSourceThatHasIt() {
        let xmp = XMPFields(title: "XMP title", description: "XMP caption", headline: "XMP headline", altText: "XMP alt")
        let iptc = IPTCFields(objectName: "IPTC title", caption: "IPTC caption")
        let camera = exif(description: "EXIF caption")
        #expect(combine(xmp: xmp, iptc: iptc, exif: camera).words == EmbeddedWords(title: "XMP title", caption: "XMP caption", alt: "XMP alt"))
        let noXMPTitle = XMPFields(headline: "XMP headline")
        #expect(combine(xmp: noXMPTitle, iptc: iptc, exif: camera).words == EmbeddedWords(title: "XMP headline", caption: "IPTC caption"))
        #expect(combine(iptc: iptc, exif: camera).words == EmbeddedWords(title: "IPTC title", caption: "IPTC caption"))
        #expect(combine(exif: camera).words == EmbeddedWords(caption: "EXIF caption"))
        #expect(combine().words == EmbeddedWords())
    }

    @Test func blankOrBoilerplateSourcesAreSkippedForTheNext() {
        let xmp = XMPFields(title: " \n ", description: "OLYMPUS DIGITAL CAMERA", headline: "Untitled", altText: "\u{0}\u{7}")
        let iptc = IPTCFields(objectName: "IMG_0042", caption: "  Real caption\r\nsecond line\u{0}  ")
        #expect(combine(xmp: xmp, iptc: iptc, exif: exif(description: "Also real")).words
            == EmbeddedWords(caption: "Real caption\nsecond line"))
        #expect(combine(exif: exif(description: "E-M5", make: "OLYMPUS IMAGING CORP.", model: "E-M5")).words == EmbeddedWords())
    }

    @Test func captureTimePrecedence() {
        let xmp = XMPFields(dateTimeOriginal: "2011-11-11T11:11:11+01:00", dateCreated: "2012-12-12")
        let iptc = IPTCFields(dateCreated: "20000101", timeCreated: "000000+0000")
        let camera = exif(takenAt: "2022:01:02 03:04:05")
        #expect(combine(xmp: xmp, iptc: iptc, exif: camera).captured?.description == "2022-01-02T03:04:05.000")
        #expect(combine(xmp: xmp, iptc: iptc).captured?.description == "2011-11-11T10:11:11.000Z")
        #expect(combine(xmp: XMPFields(dateCreated: "2012-12-12"), iptc: iptc).captured?.description == "2012-12-12T00:00:00.000")
        #expect(combine(iptc: iptc).captured?.description == "2000-01-01T00:00:00.000Z")
        // An all-zero or malformed EXIF date falls through to the next source.
        #expect(combine(xmp: xmp, exif: exif(takenAt: "0000:00:00 00:00:00")).captured?.description == "2011-11-11T10:11:11.000Z")
        #expect(combine(exif: exif(takenAt: "    :  :     :  :  ")).captured == nil)
    }

    @Test func exifSubSecondsAndOffset() {
        let camera = exif(takenAt: "2020:06:01 18:45:10", subSeconds: "25", offset: "+02:00")
        #expect(combine(exif: camera).captured?.description == "2020-06-01T16:45:10.250Z")
        let noOffset = exif(takenAt: "2020:06:01 18:45:10", subSeconds: "0887", offset: "   :  ")
        #expect(combine(exif: noOffset).captured == CaptureTime(year: 2020, month: 6, day: 1, hour: 18, minute: 45, second: 10, millisecond: 88))
    }

    // MARK: - Dates

    @Test(arguments: [
        ("2019:05:04 12:30:59", "2019-05-04T12:30:59.000"),
        ("2019-05-04 12:30:59", "2019-05-04T12:30:59.000"),
        ("2019:05:04T12:30", "2019-05-04T12:30:00.000"),
        ("2019:05:04", "2019-05-04T00:00:00.000"),
        ("2019:05:04 12:30:59\0\0", "2019-05-04T12:30:59.000"),
        ("2019:05:04 12:30:59.5", "2019-05-04T12:30:59.500"),
        ("2019:05:04 12:30:59+02:00", "2019-05-04T10:30:59.000Z"),
    ])
    func exifDates(text: String, expected: String) {
        #expect(CaptureTimeText.exif(text)?.description == expected)
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2019:13:04 12:30:59", "2019:02:30 12:00:00",
                      "2019:05:04 24:00:00", "2019:05:04 12:30:59 junk", "19:05:04 12:30:59", "2019:05:04 12:3x:59", "２０１９:05:04"])
    func badEXIFDates(text: String) {
        #expect(CaptureTimeText.exif(text) == nil)
    }

    @Test(arguments: [
        ("2021-07-14T06:30:15.25+09:00", "2021-07-13T21:30:15.250Z"),
        ("2021-07-14T06:30:15.123456Z", "2021-07-14T06:30:15.123Z"),
        ("2021-07-14T06:30-0530", "2021-07-14T12:00:00.000Z"),
        ("2021-07-14T06:30:15", "2021-07-14T06:30:15.000"),
        ("2021-07-14", "2021-07-14T00:00:00.000"),
        ("2021-07", "2021-07-01T00:00:00.000"),
        ("2021", "2021-01-01T00:00:00.000"),
        ("2018:10:27 13:27:23.53", "2018-10-27T13:27:23.530"),
    ])
    func isoDates(text: String, expected: String) {
        #expect(CaptureTimeText.iso8601(text)?.description == expected)
    }

    @Test(arguments: ["2021-07-14T06:30:15+25:00", "2021-07-14T06:30:15+02:61", "2021-07-14T", "2021-7-14", "0000-00-00", "2021-07-14T06:30:15."])
    func badISODates(text: String) {
        #expect(CaptureTimeText.iso8601(text) == nil)
    }

    @Test func iptcDates() {
        #expect(CaptureTimeText.iptc(date: "20191014", time: "150020+0200")?.description == "2019-10-14T13:00:20.000Z")
        #expect(CaptureTimeText.iptc(date: "20191014", time: "150020")?.description == "2019-10-14T15:00:20.000")
        #expect(CaptureTimeText.iptc(date: "20191014", time: "1500")?.description == "2019-10-14T00:00:00.000")
        #expect(CaptureTimeText.iptc(date: "20191014", time: "150020+0261")?.description == "2019-10-14T00:00:00.000")
        #expect(CaptureTimeText.iptc(date: "20190000", time: nil)?.description == "2019-01-01T00:00:00.000")
        #expect(CaptureTimeText.iptc(date: "00000000", time: "150020") == nil)
        #expect(CaptureTimeText.iptc(date: "2019-10-14", time: nil) == nil)
    }

    // MARK: - Words

    @Test(arguments: [
        "OLYMPUS DIGITAL CAMERA", "KODAK Digital Still Camera", "SONY DSC", "DIGITAL CAMERA", "SAMSUNG", "DCIM",
        "default", "Untitled", "Exif_JPEG_PICTURE", "EXIF_JPEG_422", "MINOLTA DIGITAL CAMERA", "LEICA", "Photo", "...",
        "  --  ", "\u{FFFD}\u{FFFD}", "Samsung Galaxy S7 edge", "KONICA MINOLTA DIGITAL CAMERA", "IMG_1234", "DSC01234.JPG",
        "PXL_20230101_123456789", "P1010001", "OLYMPUS IMAGING CORP.", "Digital Camera", "camera",
    ])
    func boilerplate(text: String) {
        #expect(CameraBoilerplate.isBoilerplate(text))
    }

    @Test(arguments: [
        "Low tide at dawn", "My first digital camera", "Sony Center, Berlin", "Leica M3 on a table", "1984", "🌅",
        "Photo of the harbour", "IMG_1234 the harbour", "Canon Beach", "tittel",
    ])
    func notBoilerplate(text: String) {
        #expect(!CameraBoilerplate.isBoilerplate(text))
    }

    @Test func theFilesOwnMakeAndModelAreBoilerplate() {
        #expect(CameraBoilerplate.isBoilerplate("E-M5", make: "OLYMPUS IMAGING CORP.", model: "E-M5"))
        #expect(CameraBoilerplate.isBoilerplate("  JK imaging, ltd.  kodak pixpro s-1", make: "JK Imaging, Ltd.", model: "KODAK PIXPRO S-1"))
        #expect(CameraBoilerplate.isBoilerplate("R7plusf", make: "OPPO", model: "R7plusf"))
        #expect(!CameraBoilerplate.isBoilerplate("R7plusf", make: "OPPO", model: nil))
    }

    @Test func cleaning() {
        #expect(MetadataText.clean("\u{FEFF}  a\tb\r\nc\rd\u{0}\u{1B}[31m\u{85}e  ") == "a b\nc\nd[31m\ne")
        #expect(MetadataText.clean("\u{0}\u{0} \n") == nil)
        #expect(MetadataText.clean(String(repeating: "abcd", count: 5000))?.count == MetadataText.maxCharacters)
        #expect(MetadataText.clean(String(repeating: "a ", count: 5000))?.count == MetadataText.maxCharacters - 1)  // space trimmed
        let marks = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect((MetadataText.clean(marks)?.unicodeScalars.count ?? 0) <= MetadataText.maxScalars)
    }

    // MARK: - Hostile files

    @Test func hostileJPEGsReadQuietly() {
        let xmp = B.xmpSegment(B.packet("<rdf:Description><dc:title>T</dc:title></rdf:Description>"))
        let iptc = B.app13(B.resource(0x0404, B.dataset(2, 120, "C")))
        let whole = B.jpeg([xmp, iptc])
        #expect(quickly { PhotoMetadataReader.read(jpeg: whole) }.words == EmbeddedWords(title: "T", caption: "C"))
        // Every prefix of the file: a segment cut anywhere is dropped, never read past.
        for length in 0..<whole.count {
            let metadata = PhotoMetadataReader.read(jpeg: Array(whole[..<length]))
            #expect(metadata.words.caption == nil || length >= whole.count - 2)
        }
        // Not a JPEG at all, fill bytes, a segment of length 0 or 1.
        for bytes: [UInt8] in [[], [0xFF], [0xFF, 0xD8], [0xFF, 0xD8] + Array(repeating: 0xFF, count: 10_000),
                               [0xFF, 0xD8, 0xFF, 0xE1, 0, 0], [0xFF, 0xD8, 0xFF, 0xE1, 0, 1, 0xFF]] {
            #expect(quickly { PhotoMetadataReader.read(jpeg: bytes) } == PhotoMetadata())
        }
        // 6,000 empty segments before the XMP: the one walk (the location check's) is linear and
        // reads the packet after them, as the check reads it for a place.
        let padded = [0xFF, 0xD8] + Array(repeating: [UInt8]([0xFF, 0xE5, 0, 2]), count: 6_000).joined() + xmp
        #expect(quickly { PhotoMetadataReader.read(jpeg: Array(padded)) }.words.title == "T")
    }

    @Test func randomBytesAfterEachSignatureNeverCrash() {
        var random = SplitMix64(seed: 2024)
        let alphabet = Array("<>/='\"&#;: rdf:li dc:title x".utf8)
        for length in stride(from: 0, to: 3000, by: 7) {
            let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let words = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 }
            _ = PhotoMetadataReader.read(jpeg: B.jpeg([B.xmpSegment(String(decoding: words, as: UTF8.self))]))
            _ = PhotoMetadataReader.read(jpeg: B.jpeg([B.segment(0xE1, XMPReader.signature + noise), B.app13(noise),
                                                       B.segment(0xE1, Array("Exif\0\0".utf8) + noise)]))
        }
    }

    // MARK: - Records

    @Test func aRenderedImageRecordKeepsItsMetadata() throws {
        var image = RenderedImage(width: 10, height: 20, renditions: [], facts: PhotoFacts(make: "Canon"))
        image.metadata = PhotoMetadata(captured: CaptureTime(year: 2020, month: 1, day: 2), words: EmbeddedWords(title: "T"))
        #expect(try JSONDecoder().decode(RenderedImage.self, from: try JSONEncoder().encode(image)) == image)
        // Records kept before there was metadata are not reused: the renderer's version is in every key.
        #expect(RenditionKey.rendererVersion == "4")
    }
}
