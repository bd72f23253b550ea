import GalgenCore
@testable import GalgenImage
import GalgenTestSupport
import Testing

/// Keywords (tags) and people read from a photo's IPTC and XMP.
struct KeywordReadingTests {
    typealias B = MetadataBytes

    static let namespaces = """
        xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:lr='http://ns.adobe.com/lightroom/1.0/' \
        xmlns:Iptc4xmpExt='http://iptc.org/std/Iptc4xmpExt/2008-02-29/' \
        xmlns:mwg-rs='http://www.metadataworkinggroup.com/schemas/regions/' xmlns:stArea='http://ns.adobe.com/xmp/sType/Area#'
        """

    static func xmp(_ inside: String) -> [UInt8] {
        B.jpeg([B.xmpSegment(B.packet("<rdf:Description rdf:about='' \(namespaces)>\(inside)</rdf:Description>"))])
    }

    static func bag(_ property: String, _ items: [String]) -> String {
        "<\(property)><rdf:Bag>" + items.map { "<rdf:li>\($0)</rdf:li>" }.joined() + "</rdf:Bag></\(property)>"
    }

    @Test func everyIPTCKeywordIsRead() {
        let jpeg = B.iptcJPEG(B.utf8Declaration + B.dataset(2, 25, "Harbour") + B.dataset(2, 5, "Title") + B.dataset(2, 25, "Côte d’Azur")
            + B.dataset(2, 25, "boats"))
        #expect(IPTCReader.read(jpeg: jpeg).keywords == ["Harbour", "Côte d’Azur", "boats"])
        #expect(IPTCReader.read(jpeg: jpeg).objectName == "Title")
        #expect(PhotoMetadataReader.read(jpeg: jpeg).words.tags == ["Harbour", "Côte d’Azur", "boats"])
    }

    @Test func subjectsAndTheLeafOfEachHierarchicalSubject() {
        let jpeg = Self.xmp(Self.bag("dc:subject", ["Paris", " sunset ", "PARIS"])
            + Self.bag("lr:hierarchicalSubject", ["Places|France|Paris", "Places|France", "Light|Golden hour"]))
        let fields = XMPReader.read(jpeg: jpeg)
        #expect(fields.subjects == ["Paris", " sunset ", "PARIS"])
        #expect(fields.hierarchicalSubjects == ["Places|France|Paris", "Places|France", "Light|Golden hour"])
        // Trimmed, once each without case (the first spelling), leaves only: no "Places".
        #expect(PhotoMetadataReader.read(jpeg: jpeg).words.tags == ["Paris", "sunset", "France", "Golden hour"])
    }

    @Test func xmpAndIPTCKeywordsTogether() {
        let xmp = B.xmpSegment(B.packet("<rdf:Description rdf:about='' \(Self.namespaces)>\(Self.bag("dc:subject", ["Beach", "Sea"]))</rdf:Description>"))
        let iptc = B.app13(B.resource(0x0404, B.dataset(2, 25, "sea") + B.dataset(2, 25, "Sand")))
        #expect(PhotoMetadataReader.read(jpeg: B.jpeg([xmp, iptc])).words.tags == ["Beach", "Sea", "Sand"])
    }

    /// digiKam and Lightroom write a face's name as a dc:subject keyword and as `People|Name` in
    /// lr:hierarchicalSubject: such a name is one of the people, never a tag of its own.
    @Test func aPersonsNameWrittenAsAKeywordIsAPersonNotATag() {
        let region = "<mwg-rs:Regions rdf:parseType='Resource'><mwg-rs:RegionList><rdf:Bag><rdf:li>"
            + "<rdf:Description mwg-rs:Name='Denise Wood' mwg-rs:Type='Face'/></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>"
        let jpeg = Self.xmp(Self.bag("dc:subject", ["Beach", "Denise Wood", "ann  lee"])
            + Self.bag("lr:hierarchicalSubject", ["People|Denise Wood", " people |Family|Bob Stone", "Places|France|Paris"])
            + Self.bag("Iptc4xmpExt:PersonInImage", ["Ann Lee"]) + region)
        let words = PhotoMetadataReader.read(jpeg: jpeg).words
        #expect(words.tags == ["Beach", "Paris"])
        #expect(words.people == ["Ann Lee", "Denise Wood", "Bob Stone"])
        // An IPTC keyword that names the person is theirs too.
        let iptc = B.app13(B.resource(0x0404, B.dataset(2, 25, "Ann Lee") + B.dataset(2, 25, "Sand")))
        let both = B.jpeg([B.xmpSegment(B.packet("<rdf:Description rdf:about='' \(Self.namespaces)>"
            + Self.bag("Iptc4xmpExt:PersonInImage", ["Ann Lee"]) + "</rdf:Description>")), iptc])
        #expect(PhotoMetadataReader.read(jpeg: both).words.tags == ["Sand"])
        // A record read before this rule may hold a name as a tag: it is read again.
        #expect(PhotoMetadata(reader: 2).isOutdated && !PhotoMetadata().isOutdated)
    }

    @Test func peopleFromPersonInImageAndFaceRegionsOnly() {
        let regions = """
            <mwg-rs:Regions rdf:parseType='Resource'><mwg-rs:RegionList><rdf:Bag>
            <rdf:li><rdf:Description mwg-rs:Name='Denise Wood' mwg-rs:Type='Face'><mwg-rs:Area stArea:x='0.5'/></rdf:Description></rdf:li>
            <rdf:li rdf:parseType='Resource'><mwg-rs:Name>Rex</mwg-rs:Name><mwg-rs:Type>Pet</mwg-rs:Type></rdf:li>
            <rdf:li rdf:parseType='Resource'><mwg-rs:Type>Face</mwg-rs:Type><mwg-rs:Name>Daniel Wood</mwg-rs:Name></rdf:li>
            <rdf:li><rdf:Description mwg-rs:Type='Face'/></rdf:li>
            </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
            """
        let jpeg = Self.xmp(Self.bag("Iptc4xmpExt:PersonInImage", ["Ann Lee"]) + regions + Self.bag("dc:subject", ["Family"]))
        let words = PhotoMetadataReader.read(jpeg: jpeg).words
        #expect(words.people == ["Ann Lee", "Denise Wood", "Daniel Wood"])
        #expect(words.tags == ["Family"])
    }

    @Test func aSubjectNestedInAStructureIsNotThePhotos() {
        let jpeg = Self.xmp("<dc:relation><rdf:Description>\(Self.bag("dc:subject", ["Nested"]))</rdf:Description></dc:relation>")
        #expect(XMPReader.read(jpeg: jpeg).subjects.isEmpty)
    }

    @Test func listsAreBounded() {
        let many = (0..<(XMPListWalk.maxItems + 50)).map { "k\($0)" }
        let fields = quickly { XMPReader.read(jpeg: Self.xmp(Self.bag("dc:subject", many))) }
        #expect(fields.subjects.count == XMPListWalk.maxItems)
        #expect(PhotoMetadataReader.read(jpeg: Self.xmp(Self.bag("dc:subject", many))).words.tags.count == TagList.maxTags)
    }

    /// A real photo (drewnoakes/metadata-extractor-images, Photoshop's XMP in a PNG): two
    /// subjects, the same as hierarchical subjects, and two named face regions. The subjects are
    /// the people's names: people, private unless `tags.people`, not tags.
    @Test func aRealPacketWithSubjectsAndFaceRegions() throws {
        let bytes = try Fixtures.bytes("formats/dn_scanned_photo_rgb8.png")
        let start = try #require(bytes.firstRange(of: Array("<x:xmpmeta".utf8))?.lowerBound)
        let end = try #require(bytes.firstRange(of: Array("</x:xmpmeta>".utf8))?.upperBound)
        let fields = XMPReader.read(packet: Array(bytes[start..<end]))
        #expect(fields.subjects == ["Daniel Wood", "Denise Wood"])
        #expect(fields.hierarchicalSubjects == ["Daniel Wood", "Denise Wood"])
        #expect(Set(fields.people) == ["Daniel Wood", "Denise Wood"])
        let blocks = LocationScanner.scan(bytes, format: .png).blocks
        let metadata = PhotoMetadataReader.read(blocks, exif: EXIFSummary(tiff: blocks.exif ?? []))
        #expect(metadata.words.tags == [])
        #expect(Set(metadata.words.people) == ["Daniel Wood", "Denise Wood"])
    }
}
