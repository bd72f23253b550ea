import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// Real files: the ones made for these tests with ExifTool (Tests/Fixtures/metadata/SOURCES.md
/// has each command, so the expectations below are what was written, not what was read), and
/// camera photos from the shared fixtures.
struct MetadataFixtureTests {
    func read(_ name: String) throws -> PhotoMetadata {
        let bytes = try MetadataFixtures.bytes(name)
        return quickly { PhotoMetadataReader.read(jpeg: bytes) }
    }

    func utc(_ metadata: PhotoMetadata) -> String? { metadata.captured?.description }

    @Test func xmpWordsWithLanguagesEntitiesAndAZonedDate() throws {
        let metadata = try read("xmp_words.jpg")
        #expect(metadata.words == EmbeddedWords(title: "Café – 東京", caption: "Morning light & <steam> — 朝の光",
                                                alt: "A cup of coffee on a café table in Tokyo"))
        #expect(utc(metadata) == "2021-07-13T21:30:15.250Z")
    }

    @Test func iptcDeclaredUTF8() throws {
        let metadata = try read("iptc_utf8.jpg")
        #expect(metadata.words == EmbeddedWords(title: "Straßenbahn in Zürich", caption: "Tram № 7 on Bahnhofstraße — 路面電車"))
        #expect(utc(metadata) == "2019-10-14T13:00:20.000Z")
    }

    @Test func iptcInWindows1252WithoutADeclaration() throws {
        let metadata = try read("iptc_latin1.jpg")
        #expect(metadata.words == EmbeddedWords(title: "Zürich Straße", caption: "Café au lait, 5 € – señor"))
        #expect(utc(metadata) == "2018-03-01T00:00:00.000")
    }

    @Test func exifDescriptionAndDateWithFractionAndOffset() throws {
        let metadata = try read("exif_words.jpg")
        #expect(metadata.words == EmbeddedWords(caption: "Hafen in der Abenddämmerung"))
        #expect(utc(metadata) == "2020-06-01T16:45:10.250Z")
    }

    @Test func exifBoilerplateIsReadButNotShown() throws {
        let bytes = try MetadataFixtures.bytes("exif_boilerplate.jpg")
        #expect(EXIFSummary(jpeg: bytes).imageDescription == "OLYMPUS DIGITAL CAMERA")
        let metadata = PhotoMetadataReader.read(jpeg: bytes)
        #expect(metadata.words == EmbeddedWords())
        #expect(utc(metadata) == "2013-05-18T10:11:12.000")
    }

    @Test func xmpThenIPTCThenEXIF() throws {
        let bytes = try MetadataFixtures.bytes("all_sources.jpg")
        #expect(XMPReader.read(jpeg: bytes).headline == "Headline from XMP")
        #expect(IPTCReader.read(jpeg: bytes).objectName == "Title from IPTC")
        #expect(EXIFSummary(jpeg: bytes).imageDescription == "Caption from EXIF")
        let metadata = PhotoMetadataReader.read(jpeg: bytes)
        #expect(metadata.words == EmbeddedWords(title: "Title from XMP", caption: "Caption from XMP"))
        #expect(utc(metadata) == "2022-01-02T03:04:05.000")
    }

    @Test func aRenderedImageCarriesItsMetadata() throws {
        let bytes = try MetadataFixtures.bytes("xmp_words.jpg")
        let rendered = try JPEGImageRenderer.render(bytes, request: RenditionRequest(widths: [64], quality: 70), decoder: JPEGDecoder())
        #expect(rendered.metadata == PhotoMetadataReader.read(jpeg: bytes))
        #expect(rendered.metadata.words.title == "Café – 東京")
        // Only pixels are published: the renditions carry none of it.
        for rendition in rendered.renditions {
            #expect(PhotoMetadataReader.read(jpeg: rendition.jpeg) == PhotoMetadata())
        }
    }

    @Test func testFilesAreSmall() throws {
        for name in MetadataFixtures.names {
            #expect(try MetadataFixtures.bytes(name).count < 60_000, "\(name)")
        }
    }
}

/// Camera photos from Tests/Fixtures (what the cameras wrote; read with ExifTool to check).
@Suite
struct MetadataCameraFixtureTests {
    func read(_ path: String) throws -> PhotoMetadata {
        let bytes = try Fixtures.bytes(path)
        return quickly { PhotoMetadataReader.read(jpeg: bytes) }
    }

    @Test func kodakBoilerplateInEXIFAndXMPIsNotShown() throws {
        // ImageDescription and XMP dc:description both say "KODAK Digital Still Camera".
        let bytes = try Fixtures.bytes("photos/dn_kodak_pixpro_s1.jpg")
        #expect(EXIFSummary(jpeg: bytes).imageDescription == "KODAK Digital Still Camera")
        #expect(XMPReader.read(jpeg: bytes).description == "KODAK Digital Still Camera     ")  // as written
        let metadata = PhotoMetadataReader.read(jpeg: bytes)
        #expect(metadata.words == EmbeddedWords())
        #expect(metadata.captured?.description == "2014-09-04T14:04:22.000")
    }

    @Test func aRealDescriptionIsKept() throws {
        // A truncated phone photo (its metadata is whole): ImageDescription "tittel", which this Sony
        // writes in the Exif IFD rather than IFD0, and SubSecTimeOriginal 616284.
        let metadata = try read("odd/dn_sony_e5823_truncated.jpg")
        #expect(metadata.words == EmbeddedWords(caption: "tittel"))
        #expect(metadata.captured?.description == "2016-05-30T14:20:55.616")
    }

    @Test func datesFromPhonesAndEditors() throws {
        // Pixel 6: SubSecTimeOriginal 046, OffsetTimeOriginal +08:00.
        #expect(try read("odd/pil_ultrahdr_gainmap.jpg").captured?.description == "2024-05-07T01:33:04.046Z")
        // Lightroom: EXIF with SubSecTimeOriginal 53, and a large XMP packet.
        #expect(try read("odd/pil_xmp_test_444_dri.jpg").captured?.description == "2018-10-27T13:27:23.530")
        // Photoshop, IPTC only, over two APP13 segments: 2:55 20191014, 2:60 150020+0000.
        #expect(try read("odd/pil_app13_multiple_progressive.jpg").captured?.description == "2019-10-14T15:00:20.000Z")
        // A blank ImageDescription (spaces) is no caption.
        #expect(try read("photos/dn_canon_a2500.jpg").words == EmbeddedWords())
    }

    @Test func everyFixtureJPEGReadsQuicklyAndCleanly() throws {
        for folder in ["photos", "odd", "orientation"] {
            for name in Fixtures.names(in: folder) where name.hasSuffix(".jpg") {
                let bytes = try Fixtures.bytes(folder + "/" + name)
                let clock = ContinuousClock()
                let start = clock.now
                let metadata = PhotoMetadataReader.read(jpeg: bytes)
                #expect(clock.now - start < .milliseconds(500), "\(name)")
                let exif = EXIFSummary(jpeg: bytes)
                for text in [metadata.words.title, metadata.words.caption, metadata.words.alt].compactMap({ $0 }) {
                    #expect(!text.isEmpty && text.count <= 2000 && !text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
                    #expect(!text.lowercased().contains("digital still camera"), "\(name): \(text)")
                    #expect(text != exif.facts.make && text != exif.facts.model, "\(name): \(text)")
                }
            }
        }
    }
}
