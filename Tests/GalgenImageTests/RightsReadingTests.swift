import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// A photo's creator, copyright notice and rights statement, as its own file says: XMP first,
/// then IPTC IIM, then EXIF; the statement only as an http(s) address.
@Suite("Rights read from the photo")
struct RightsReadingTests {
    typealias B = MetadataBytes

    func rights(_ file: [UInt8]) -> EmbeddedRights {
        PhotoMetadataReader.read(file, format: .jpeg)?.metadata.rights ?? EmbeddedRights()
    }

    @Test func aRealPNGsXMP() throws {
        // drewnoakes/metadata-extractor-images: Photoshop's XMP with dc:creator and dc:rights.
        let bytes = try Fixtures.bytes("formats/dn_scanned_photo_rgb8.png")
        let read = try #require(PhotoMetadataReader.read(bytes, format: .png))
        #expect(read.metadata.rights == EmbeddedRights(creator: "Digitized By Jonathan Pfeifer", copyright: "© Jonathan Pfeifer 2023"))
    }

    @Test func xmpThenIPTCThenNothingElse() {
        let iptc = B.app13(B.resource(0x0404, B.dataset(2, 80, "Ann Lee") + B.dataset(2, 116, "(c) 2024 Ann Lee")))
        #expect(rights(B.jpeg([iptc])) == EmbeddedRights(creator: "Ann Lee", copyright: "(c) 2024 Ann Lee"))
        let xmp = B.xmpSegment(B.packet("""
            <rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:xmpRights='http://ns.adobe.com/xap/1.0/rights/'
              xmpRights:WebStatement='https://creativecommons.org/licenses/by/4.0/'>
            <dc:creator><rdf:Seq><rdf:li>Ben Ng</rdf:li><rdf:li>Cy Oh</rdf:li></rdf:Seq></dc:creator>
            <dc:rights><rdf:Alt><rdf:li xml:lang='x-default'>© 2024 Ben Ng</rdf:li></rdf:Alt></dc:rights>
            </rdf:Description>
            """))
        #expect(rights(B.jpeg([iptc, xmp])) == EmbeddedRights(creator: "Ben Ng, Cy Oh", copyright: "© 2024 Ben Ng",
                                                             webStatement: "https://creativecommons.org/licenses/by/4.0/"))
        let notAnAddress = B.xmpSegment(B.packet("""
            <rdf:Description xmlns:xmpRights='http://ns.adobe.com/xap/1.0/rights/' xmpRights:WebStatement='javascript:alert(1)'/>
            """))
        #expect(rights(B.jpeg([notAnAddress])).webStatement == nil)
    }

    @Test func exifArtistAndCopyrightLast() {
        var summary = EXIFSummary(tiff: [])
        (summary.artist, summary.copyright) = ("Dee Fox", "Dee Fox 2019")
        let read = PhotoMetadataReader.combine(xmp: XMPFields(), iptc: IPTCFields(), exif: summary)
        #expect(read.rights == EmbeddedRights(creator: "Dee Fox", copyright: "Dee Fox 2019"))
    }
}
