@testable import GalgenImage
import Testing

struct XMPReaderTests {
    func read(_ xml: String) -> XMPFields {
        quickly { XMPReader.read(packet: Array(xml.utf8)) }
    }

    @Test func languageAlternativesPreferXDefaultElseTheFirst() {
        let fields = read(MetadataBytes.packet("""
        <rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'>
          <dc:title><rdf:Alt><rdf:li xml:lang='de'>Hafen</rdf:li><rdf:li xml:lang='x-default'>Harbour</rdf:li></rdf:Alt></dc:title>
          <dc:description><rdf:Alt><rdf:li xml:lang='fr'>Port</rdf:li><rdf:li xml:lang='de'>Hafen</rdf:li></rdf:Alt></dc:description>
        </rdf:Description>
        """))
        #expect(fields.title == "Harbour")
        #expect(fields.description == "Port")
    }

    @Test func attributeFormAndSimpleValues() {
        let fields = read(MetadataBytes.packet("""
        <rdf:Description rdf:about='' xmlns:photoshop='http://ns.adobe.com/photoshop/1.0/'
            xmlns:exif='http://ns.adobe.com/exif/1.0/' photoshop:Headline='Low tide &amp; gulls'
            exif:DateTimeOriginal="2019-05-04T12:30:59+02:00" photoshop:DateCreated='2019-05-04'/>
        """))
        #expect(fields == XMPFields(headline: "Low tide & gulls", dateTimeOriginal: "2019-05-04T12:30:59+02:00",
                                   dateCreated: "2019-05-04"))
    }

    @Test func propertiesAreFoundByNamespaceNotPrefix() {
        let fields = read(MetadataBytes.packet("""
        <rdf:Description xmlns:d='http://purl.org/dc/elements/1.1/' xmlns:dc='http://example.com/not-dublin-core/'>
          <dc:title>Not the title</dc:title>
          <d:title><rdf:Alt><rdf:li xml:lang='x-default'>The title</rdf:li></rdf:Alt></d:title>
        </rdf:Description>
        """))
        #expect(fields.title == "The title")
    }

    @Test func undeclaredConventionalPrefixesStillCount() {
        // No xmlns at all (invalid XML namespaces, but written by some tools).
        let fields = read("<rdf:RDF><rdf:Description><dc:title>Loose</dc:title><Iptc4xmpCore:AltTextAccessibility>"
            + "<rdf:Alt><rdf:li>Alt</rdf:li></rdf:Alt></Iptc4xmpCore:AltTextAccessibility></rdf:Description></rdf:RDF>")
        #expect(fields.title == "Loose")
        #expect(fields.altText == "Alt")
    }

    @Test func onlyTopLevelPropertiesCount() {
        // A dc:title inside a structure is that structure's, not the photo's.
        let fields = read(MetadataBytes.packet("""
        <rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:ext='http://iptc.org/std/Iptc4xmpExt/2008-02-29/'>
          <ext:ArtworkOrObject><rdf:Bag><rdf:li rdf:parseType='Resource'><dc:title>Painting</dc:title></rdf:li></rdf:Bag></ext:ArtworkOrObject>
          <ext:Other><rdf:Description dc:description='Nested'/></ext:Other>
        </rdf:Description>
        <dc:title>Outside any description</dc:title>
        """))
        #expect(fields == XMPFields())
    }

    @Test func blankItemsAreSkippedAndTextIsJoined() {
        let fields = read(MetadataBytes.packet("""
        <rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'>
          <dc:description><rdf:Alt><rdf:li xml:lang='x-default'>   </rdf:li><rdf:li xml:lang='en'>One <!-- c --><![CDATA[<two>]]> three</rdf:li></rdf:Alt></dc:description>
        </rdf:Description>
        """))
        #expect(fields.description == "One <two> three")
    }

    @Test(arguments: [
        ("&amp;&lt;&gt;&quot;&apos;", "&<>\"'"),
        ("&#233;&#xE9;&#XE9;&#x1F600;", "ééé😀"),
        ("&#x110000;|&#0;|&#xD800;|&#;|&#x;|&#12a;", "\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}"),
        ("&unknown; & &amp &#99999999999999999999;", "&unknown; & &amp &#99999999999999999999;"),
    ])
    func entities(written: String, read expected: String) {
        #expect(read(MetadataBytes.packet("<rdf:Description><dc:title>\(written)</dc:title></rdf:Description>")).title == expected)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let xml = Array(MetadataBytes.packet("<rdf:Description><dc:title>Caf\u{1}</dc:title></rdf:Description>").utf8)
            .map { $0 == 0x01 ? 0xE9 : $0 }  // a Latin-1 é where UTF-8 belongs
        #expect(XMPReader.read(packet: xml).title == "Caf\u{FFFD}")
    }

    @Test func declaredEntitiesAreNeverExpanded() {
        // The "billion laughs": each entity ten of the one before.
        var doctype = "<!DOCTYPE x [<!ENTITY l0 'ha'>"
        for level in 1...9 { doctype += "<!ENTITY l\(level) '" + String(repeating: "&l\(level - 1);", count: 10) + "'>" }
        doctype += "]>"
        let fields = read(doctype + MetadataBytes.packet("<rdf:Description><dc:title>&l9;</dc:title></rdf:Description>"))
        #expect(fields.title == "&l9;")
    }

    @Test func deepNestingEndsTheWalk() {
        let packet = MetadataBytes.packet("<rdf:Description><dc:title>Kept</dc:title></rdf:Description>")
        #expect(read(String(repeating: "<b>", count: 50) + packet).title == "Kept")  // 54 deep
        #expect(read(String(repeating: "<b>", count: 100) + packet).title == nil)  // the walk ends at 64
        #expect(read(packet + String(repeating: "<a>", count: 200_000)).title == "Kept")
    }

    @Test(arguments: [
        "<rdf:Description><dc:title>Cut", "<rdf:Description><dc:title a='unterminated>Cut</dc:title>",
        "<rdf:Description><!-- never closed <dc:title>x</dc:title>", "<rdf:Description><![CDATA[ never closed",
        "<rdf:Description><? never closed", "<!DOCTYPE [ never closed", "<", "<<<<>>>>", "</></></>", "&#x", "<rdf:Description",
        "<a b c d=e f='g' / h/>", "<rdf:Description></rdf:Alt></x></y><dc:title>After</dc:title>",
    ])
    func unterminatedOrBrokenInputEndsQuietly(tail: String) {
        _ = read(MetadataBytes.packet(tail))
        _ = read(tail)
    }

    @Test func mismatchedEndTagsCloseOneElementEach() {
        let fields = read("<rdf:RDF><rdf:Description><dc:title>T</wrong></rdf:Description><rdf:Description><dc:description>D</x></y></rdf:RDF>")
        #expect(fields.title == "T")
        #expect(fields.description == "D")
    }

    @Test func manyTagsAndAttributesStayBounded() {
        let many = MetadataBytes.packet(String(repeating: "<x/>", count: 60_000) + "<rdf:Description><dc:title>Late</dc:title></rdf:Description>")
        #expect(read(many).title == nil)  // beyond the 50,000 tokens read
        let attributes = (0..<2000).map { " a\($0)='v'" }.joined()
        let body = "<rdf:Description\(attributes) photoshop:Headline='Last'/>" + String(repeating: "<x/>", count: 60_000)
        #expect(read(MetadataBytes.packet(body)).headline == nil)  // beyond the 256 attributes kept
        let huge = Array(MetadataBytes.packet("<rdf:Description><dc:title>" + String(repeating: "é", count: 600_000)
            + "</dc:title></rdf:Description>").utf8)
        #expect(quickly { XMPReader.read(packet: huge) }.title == nil)  // the packet is cut at 1 MiB, inside the title
    }

    @Test func onlyTheFirstStandardPacketIsRead() {
        let jpeg = MetadataBytes.jpeg([
            MetadataBytes.segment(0xE1, Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array("<dc:title>Ext</dc:title>".utf8)),
            MetadataBytes.xmpSegment(MetadataBytes.packet("<rdf:Description><dc:title>First</dc:title></rdf:Description>")),
            MetadataBytes.xmpSegment(MetadataBytes.packet("<rdf:Description><dc:title>Second</dc:title></rdf:Description>")),
        ])
        #expect(XMPReader.read(jpeg: jpeg).title == "First")
    }
}
