import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Tags (issue 29, part 2): what becomes a tag, its slug, its pages, and the photo pages' links.
struct TagPagesTests {
    static func image(_ slug: String, tags: [String] = []) -> GalleryImage {
        var image = Fixture.image(slug)
        image.tags = tags
        return image
    }

    /// Rendered images whose metadata carries these words (`tags`, `people`) per slug.
    static func rendered(_ gallery: Gallery, words: [String: EmbeddedWords] = [:]) -> [ImageSource: RenderedImage] {
        var rendered = Fixture.renderAll(gallery)
        for image in gallery.allImages {
            if let words = words[image.slug] { rendered[image.source]?.metadata.words = words }
        }
        return rendered
    }

    static func present(_ gallery: Gallery, words: [String: EmbeddedWords] = [:]) -> [PageViewModel] {
        Fixture.present(gallery, rendered: rendered(gallery, words: words))
    }

    // MARK: What becomes a tag

    @Test func tagListsMergeOnceEachWithoutCaseFirstSpellingTrimmedNFC() {
        #expect(TagList.merged([" Paris ", "sea"], ["PARIS", "Sea", "Cafe\u{301}"], ["café", "", "  "]) == ["Paris", "sea", "Café"])
        #expect(TagList.cleaned("golden\n  hour\t") == "golden hour")
        #expect(TagList.leaf("Places|France|Paris") == "Paris")
        #expect(TagList.leaf("Paris") == "Paris")
        #expect(TagList.isPerson("People|Ann Lee") && TagList.isPerson(" PEOPLE |Family|Bo") && !TagList.isPerson("People"))
        #expect(!TagList.isPerson("Places|People|x") && !TagList.isPerson("Peoples|x"))
        #expect(TagList.removing(["Ann  Lee"], from: ["ann lee", "Sea", " "]) == ["Sea"])
    }

    @Test func aPhotosTagsAreGalleryYmlsThenItsSidecarsThenItsFilesPeopleOnlyWhenAllowed() {
        var image = Self.image("a", tags: ["Beach"])
        image.sidecar = SidecarWords(tags: ["Summer", "beach"])
        let metadata = PhotoMetadata(words: EmbeddedWords(tags: ["Sea", "SUMMER"], people: ["Ann Lee"]))
        #expect(PhotoWords.tags(image, metadata: metadata, settings: TagSettings()) == ["Beach", "Summer", "Sea"])
        #expect(PhotoWords.tags(image, metadata: metadata, settings: TagSettings(people: true)) == ["Beach", "Summer", "Sea", "Ann Lee"])
        #expect(PhotoWords.tags(image, metadata: metadata, settings: TagSettings(enabled: false, people: true)).isEmpty)
    }

    @Test func sidecarsTakeTagsAsAListOrOne() throws {
        #expect(try Sidecar.parse(Array("title: Dunes\ntags: [Sand, ' Wind ', sand]\n".utf8), name: "a.jpg.yml").get()
            == SidecarWords(title: "Dunes", tags: ["Sand", "Wind"]))
        #expect(try Sidecar.parse(Array("tags: Sand\n".utf8), name: "a.jpg.yml").get().tags == ["Sand"])
        guard case let .failure(problem) = Sidecar.parse(Array("tags: {a: b}\n".utf8), name: "a.jpg.yml") else {
            Issue.record("a mapping is no tag list")
            return
        }
        #expect(problem.message.contains("tags"))
    }

    /// A record kept before tags were read decodes, with no tags and its metadata outdated.
    @Test func aRecordFromBeforeTagsDecodesAndIsOutdated() throws {
        let old = #"{"captured":null,"words":{"title":"Dunes","caption":null,"alt":null}}"#
        let metadata = try JSONDecoder().decode(PhotoMetadata.self, from: Data(old.utf8))
        #expect(metadata.words == EmbeddedWords(title: "Dunes") && metadata.isOutdated)
        let fresh = PhotoMetadata(words: EmbeddedWords(tags: ["Sea"], people: ["Ann"]))
        let again = try JSONDecoder().decode(PhotoMetadata.self, from: JSONEncoder().encode(fresh))
        #expect(again == fresh && !again.isOutdated)
    }

    // MARK: Slugs

    @Test func tagSlugsAreTransliteratedUniqueAndSkipReservedNames() {
        #expect(Slug.unique(["cafe", "cafe", "page", "tags", "", "images", "cafe"], fallback: "tag")
            == ["cafe", "cafe-2", "page-2", "tags-2", "tag", "images-2", "cafe-3"])
        let long = String(repeating: "a", count: Slug.maximumLength)
        let twice = Slug.unique([long, long], fallback: "tag")
        #expect(twice[1].count <= Slug.maximumLength && twice[1].hasSuffix("-2") && twice[0] != twice[1])
    }

    @Test func tagsAreSortedByNameAndSluggedInThatOrder() {
        let gallery = Fixture.singleAlbum([Self.image("a", tags: ["Zürich", "Éclair", "eclair", "page"]), Self.image("b", tags: ["Café", "cafe"])])
        let pages = Self.present(gallery)
        let index = pages.first { $0.path == "tags/index.html" }
        guard case let .tags(body)? = index?.body else {
            Issue.record("no tags index")
            return
        }
        // "Café"/"cafe" and "Éclair"/"eclair" differ by more than case: four tags, two slug pairs,
        // side by side (case and accents aside first, then as written).
        #expect(body.tags.map(\.title) == ["Café", "cafe", "eclair", "Éclair", "page", "Zürich"])
        #expect(body.tags.map(\.href) == ["cafe/", "cafe-2/", "eclair/", "eclair-2/", "page-2/", "zurich/"].map { "../tags/" + $0 + "index.html" })
        #expect(body.tags.map(\.count) == ["1 photo", "1 photo", "1 photo", "1 photo", "1 photo", "1 photo"])
        #expect(body.tagCount == "6 tags")
    }

    // MARK: Pages

    @Test func tagPagesLinkEachPhotoToItsOwnPageInItsAlbum() throws {
        var gallery = Fixture.albums([
            Album(title: "Coast", slug: "coast", images: [Self.image("a", tags: ["Sea"]), Self.image("b")]),
            Album(title: "Town", slug: "town", images: [Self.image("a", tags: ["sea", "Night"])]),
        ])
        gallery.baseURL = "https://example.com/"
        let pages = Self.present(gallery, words: ["b": EmbeddedWords(tags: ["SEA"], people: ["Ann Lee"])])
        let sea = try #require(pages.first { $0.path == "tags/sea/index.html" })
        guard case let .tag(body) = sea.body else { throw TagTestError.wrongKind }
        let tiles = body.rows.flatMap(\.tiles)
        #expect(tiles.map(\.href) == ["../../coast/a/index.html", "../../coast/b/index.html", "../../town/a/index.html"])
        #expect(Set(tiles.map(\.id)).count == 3)
        #expect(sea.title == "Sea" && body.photoCount == "3 photos" && body.tagsLink == "../../tags/index.html")
        #expect(sea.documentTitle == "Sea — Tags — Trips" && sea.canonicalURL == "https://example.com/tags/sea/")
        // People stay private by default: no page for Ann Lee, and no link on b's page.
        #expect(!pages.contains { $0.path.contains("ann-lee") })
        let photo = try #require(pages.first { $0.path == "coast/b/index.html" }?.photoPage)
        #expect(photo.tagLinks == [TagLinkViewModel(title: "SEA", href: "../../tags/sea/index.html")] && photo.hasTags)
        #expect(pages.first { $0.path == "coast/a/index.html" }?.photoPage?.tagLinks.map(\.title) == ["Sea"])
        let untagged = Fixture.present(Fixture.albums([Album(title: "Coast", slug: "coast", images: [Self.image("a")])]))
        #expect(!untagged.contains { $0.path.hasPrefix("tags/") })
    }

    @Test func peopleArePublishedWithTagsPeople() {
        var gallery = Fixture.singleAlbum([Self.image("a")])
        gallery.tags = TagSettings(people: true)
        let pages = Self.present(gallery, words: ["a": EmbeddedWords(people: ["Ann Lee"])])
        #expect(pages.contains { $0.path == "tags/ann-lee/index.html" })
        #expect(pages.first { $0.path == "a/index.html" }?.photoPage?.tagLinks.map(\.title) == ["Ann Lee"])
    }

    @Test func tagsFalseMakesNoTagPagesAndNoLinks() {
        var gallery = Fixture.singleAlbum([Self.image("a", tags: ["Sea"])])
        gallery.tags = TagSettings(enabled: false)
        let pages = Self.present(gallery, words: ["a": EmbeddedWords(tags: ["Sand"])])
        #expect(!pages.contains { $0.kind == .tag || $0.kind == .tags })
        #expect(pages.compactMap(\.photoPage).allSatisfy { $0.tagLinks.isEmpty && !$0.hasTags })
    }

    @Test func photosOfUnlistedAlbumsAreOnNoTagPage() throws {
        var hidden = Album(title: "Family", slug: "family", images: [Self.image("f", tags: ["Sea", "Secret"])])
        hidden.unlisted = true
        let gallery = Fixture.albums([Album(title: "Coast", slug: "coast", images: [Self.image("a", tags: ["Sea"])]), hidden])
        let pages = Self.present(gallery)
        let tagPaths = pages.filter { $0.kind == .tag || $0.kind == .tags }.map(\.path)
        #expect(tagPaths == ["tags/index.html", "tags/sea/index.html"])
        let sea = try #require(pages.first { $0.path == "tags/sea/index.html" })
        guard case let .tag(body) = sea.body else { throw TagTestError.wrongKind }
        #expect(body.rows.flatMap(\.tiles).map(\.href) == ["../../coast/a/index.html"])
    }

    @Test func aTagOfManyPhotosHasPagesOfTheOverviewsSize() throws {
        let count = OverviewLayout.photosPerPage * 2 + 1
        let gallery = Fixture.singleAlbum((0..<count).map { Self.image("p\($0)", tags: ["Sea"]) })
        let pages = Self.present(gallery).filter { $0.kind == .tag }
        #expect(pages.map(\.path) == ["tags/sea/index.html", "tags/sea/page/2/index.html", "tags/sea/page/3/index.html"])
        guard case let .tag(second) = pages[1].body else { throw TagTestError.wrongKind }
        #expect(second.rows.flatMap(\.tiles).count == OverviewLayout.photosPerPage)
        #expect(second.photoCount == "Photos 101–200 of 201")
        #expect(second.pagination?.previous == "../../../../tags/sea/index.html"
            && second.pagination?.next == "../../../../tags/sea/page/3/index.html")
        #expect(pages[1].documentTitle == "Sea — Tags — Summer — page 2 of 3")
    }

    /// A tag page is an overview page's size: the same tiles, each link two folders deeper. (The overview's
    /// budget, 30 KB gzipped and 1,500 elements, is measured at 10,000 photos in test_overview.py
    /// and at a tag of 10,000 photos in test_tags.py.)
    @Test func aFullTagPageWeighsWhatAFullOverviewPageDoes() throws {
        let gallery = Fixture.singleAlbum((0..<OverviewLayout.photosPerPage).map { Self.image("photo-\($0)", tags: ["A rather long tag name"]) })
        let pages = Self.present(gallery)
        let files = try SiteRenderer.render(pages, template: BuiltInTemplate.template)
        let overview = try #require(files.first { $0.path == "index.html" })
        let tag = try #require(files.first { $0.path == "tags/a-rather-long-tag-name/index.html" })
        #expect(tag.byteCount <= overview.byteCount * 11 / 10, "tag page \(tag.byteCount) B, overview \(overview.byteCount) B")
        let elements = (tag.text ?? "").occurrences(of: "<") - (tag.text ?? "").occurrences(of: "</")
        #expect(elements < 1500)
    }

    @Test func theTagsIndexHasPagesOf200() {
        // 5 photos of 41 tags each (a photo keeps at most `TagList.maxTags`).
        let gallery = Fixture.singleAlbum((0..<5).map { photo in Self.image("p\(photo)", tags: (0..<41).map { "t\(photo * 41 + $0)" }) })
        let pages = Self.present(gallery).filter { $0.kind == .tags }
        #expect(pages.map(\.path) == ["tags/index.html", "tags/page/2/index.html"])
        guard case let .tags(second) = pages[1].body else { return }
        #expect(second.tags.count == 5 && second.tagCount == "205 tags")
        #expect(second.tags.first?.href.hasPrefix("../../../tags/t") == true)
    }

    /// A template folder made before tag pages renders them with its overview and album list templates.
    @Test func aTemplateFolderWithoutTagTemplatesRendersTagPagesWithItsOwn() throws {
        var files = BuiltInTemplate.files
        files["tag.mustache"] = nil
        files["tags.mustache"] = nil
        let old = SiteTemplate(files: files)
        let compiled = try CompiledTemplate(old)
        #expect(compiled.templateName(for: .tag) == "overview" && compiled.templateName(for: .tags) == "albums")
        let pages = Self.present(Fixture.singleAlbum([Self.image("a", tags: ["Sea"])]))
        let rendered = try SiteRenderer.render(pages, template: old)
        let tag = try #require(rendered.first { $0.path == "tags/sea/index.html" }?.text)
        #expect(tag.contains(#"<a class="tile" id="grid.a" href="../../a/index.html""#) && tag.contains("<h1>Sea</h1>"))
        let index = try #require(rendered.first { $0.path == "tags/index.html" }?.text)
        #expect(index.contains(#"<a href="../tags/sea/index.html">"#) && index.contains("1 photo"))
    }

    @Test func noAlbumMayTakeTheTagsFolder() {
        #expect(OutputLayout.reservedNames.contains("tags"))
    }
}

enum TagTestError: Error { case wrongKind }
