import Foundation
import GalgenTestSupport
import Testing

/// Tags built by `galgen build` from real JPEGs (Tests/Fixtures/metadata) given keywords in XMP
/// and IPTC, a sidecar's and gallery.yml's tags, one album unlisted.
@Suite(.serialized)
struct TagBuildTests {
    static let metadata = Galgen.packageRoot + "/Tests/Fixtures/metadata/"

    /// A fixture JPEG with an XMP packet and IPTC datasets put in after its SOI.
    static func tagged(_ fixture: String, xmp: String?, iptcKeywords: [String] = []) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: metadata + fixture)))
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        var inserted: [UInt8] = []
        if let xmp {
            let packet = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
                + "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:lr='http://ns.adobe.com/lightroom/1.0/' "
                + "xmlns:mwg-rs='http://www.metadataworkinggroup.com/schemas/regions/'>\(xmp)</rdf:Description></rdf:RDF></x:xmpmeta>"
            inserted += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(packet.utf8))
        }
        if !iptcKeywords.isEmpty {
            let datasets = iptcKeywords.flatMap { keyword -> [UInt8] in
                let value = Array(keyword.utf8)
                return [0x1C, 2, 25, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
            }
            let block = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + [0, 0, UInt8(datasets.count >> 8), UInt8(datasets.count & 0xFF)]
                + datasets + (datasets.count % 2 == 1 ? [0] : [])
            inserted += segment(0xED, Array("Photoshop 3.0\0".utf8) + block)
        }
        return Data(bytes.prefix(2) + inserted + bytes.dropFirst(2))
    }

    static let gallery = """
        base_url: https://example.com/
        thumbnails: { widths: [120], formats: [jpeg] }
        albums:
          - title: Coast
            slug: coast
            images:
              - coast/
              - src: extra/e.jpg
                tags: [Harbour, "  sea "]
          - title: Family
            slug: family
            unlisted: true
            images: [family/]

        """

    func project(_ settings: String = "") throws -> TestProject {
        let project = try TestProject(Self.gallery + settings)
        for folder in ["coast", "extra", "family"] {
            try FileManager.default.createDirectory(atPath: project.path(folder), withIntermediateDirectories: true)
        }
        let subjects = "<dc:subject><rdf:Bag><rdf:li>Sea</rdf:li><rdf:li>Sunset</rdf:li></rdf:Bag></dc:subject>"
            + "<lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|France|Nice</rdf:li></rdf:Bag></lr:hierarchicalSubject>"
            + "<mwg-rs:Regions rdf:parseType='Resource'><mwg-rs:RegionList><rdf:Bag><rdf:li>"
            + "<rdf:Description mwg-rs:Name='Ann Lee' mwg-rs:Type='Face'/></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>"
        try Self.tagged("tz_paris.jpg", xmp: subjects).write(to: URL(fileURLWithPath: project.path("coast/a.jpg")))
        try Self.tagged("tz_tokyo.jpg", xmp: nil, iptcKeywords: ["Boats", "SEA"]).write(to: URL(fileURLWithPath: project.path("coast/b.jpg")))
        try project.write("coast/b.jpg.yml", "tags: [Fishing]\n")
        try FileManager.default.copyItem(atPath: Self.metadata + "tz_unzoned.jpg", toPath: project.path("extra/e.jpg"))
        try Self.tagged("exif_words.jpg", xmp: "<dc:subject><rdf:Bag><rdf:li>Sea</rdf:li><rdf:li>Secret</rdf:li></rdf:Bag></dc:subject>")
            .write(to: URL(fileURLWithPath: project.path("family/f.jpg")))
        return project
    }

    @Test func keywordsSidecarsAndGalleryYmlBecomeTagPages() async throws {
        let project = try project()
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let index = try #require(project.siteFile("tags/index.html"))
        // Every tag of the listed album, by name, with its count; none of the unlisted album's
        // own ("Secret"), and no person.
        let names = ["Boats", "Fishing", "Harbour", "Nice", "Sea", "Sunset"]
        #expect(index.contains("6 tags"))
        for name in names { #expect(index.contains(">\(name)</a>"), "\(name)") }
        #expect(!index.contains("Secret") && !index.contains("Ann Lee"))
        #expect(index.contains(#"<a href="../tags/sea/index.html" rel="tag">Sea</a> <span class="tag-count">3 photos</span>"#))
        let sea = try #require(project.siteFile("tags/sea/index.html"))
        #expect(sea.contains(#"href="../../coast/a/index.html""#) && sea.contains(#"href="../../coast/b/index.html""#)
            && sea.contains(#"href="../../coast/e/index.html""#))
        #expect(!sea.contains("family"))
        // The photo page lists its tags as links; the person stays private.
        let a = try #require(project.siteFile("coast/a/index.html"))
        #expect(a.contains(#"<a class="tag" href="../../tags/sea/index.html" rel="tag">Sea</a>"#))
        #expect(a.contains(">Nice</a>") && !a.contains("Ann Lee") && !a.contains(">Places<"))
        #expect(project.siteFile("tags/ann-lee/index.html") == nil)
        let sitemap = try #require(project.siteFile("sitemap.xml"))
        #expect(sitemap.contains("https://example.com/tags/") && sitemap.contains("https://example.com/tags/sea/"))
        // A no-op rebuild renders no page again.
        let again = try await project.build()
        #expect(again.status == 0 && project.siteFile("tags/sea/index.html") == sea)
    }

    /// digiKam and Lightroom write a face's name as a keyword too: in dc:subject and as
    /// `People|Name` in lr:hierarchicalSubject. Those names stay private unless `tags.people`.
    @Test func aFacesNameWrittenAsAKeywordIsNotATag() async throws {
        let project = try project()
        let face = "<dc:subject><rdf:Bag><rdf:li>Harbour</rdf:li><rdf:li>Bo Lind</rdf:li></rdf:Bag></dc:subject>"
            + "<lr:hierarchicalSubject><rdf:Bag><rdf:li>People|Bo Lind</rdf:li><rdf:li>People|Friends|Cy Moss</rdf:li>"
            + "<rdf:li>Places|Sweden|Visby</rdf:li></rdf:Bag></lr:hierarchicalSubject>"
            + "<mwg-rs:Regions rdf:parseType='Resource'><mwg-rs:RegionList><rdf:Bag><rdf:li>"
            + "<rdf:Description mwg-rs:Name='Bo Lind' mwg-rs:Type='Face'/></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>"
        try Self.tagged("tz_unzoned.jpg", xmp: face).write(to: URL(fileURLWithPath: project.path("coast/c.jpg")))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(project.siteFile("coast/c/index.html"))
        #expect(page.contains(">Harbour</a>") && page.contains(">Visby</a>"), "\(page)")
        #expect(!page.contains("Bo Lind") && !page.contains("Cy Moss"))
        #expect(project.siteFile("tags/bo-lind/index.html") == nil && project.siteFile("tags/cy-moss/index.html") == nil)
        #expect(project.siteFile("tags/index.html")?.contains("Lind") == false)
        try project.writeGallery(Self.gallery + "tags: {people: true}\n")
        #expect(try await project.build().status == 0)
        #expect(project.siteFile("tags/bo-lind/index.html")?.contains("coast/c/index.html") == true)
        #expect(project.siteFile("tags/cy-moss/index.html")?.contains("coast/c/index.html") == true)
    }

    @Test func tagsPeopleTrueAndTagsFalse() async throws {
        let project = try project("tags: {people: true}\n")
        #expect(try await project.build().status == 0)
        #expect(project.siteFile("tags/ann-lee/index.html")?.contains("coast/a/index.html") == true)
        try project.writeGallery(Self.gallery + "tags: false\n")
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.siteFiles("tags").isEmpty)
        #expect(project.siteFile("coast/a/index.html")?.contains(#"class="tags""#) == false)
    }
}
