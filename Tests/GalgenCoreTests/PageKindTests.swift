import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Each kind of page has its body, its template, and its part of the page key.
struct PageKindTests {
    /// A gallery of albums with a link address: a page of every kind, every body field set somewhere
    /// (an overview of several pages when `paged`).
    func pages(paged: Bool = false) -> [PageViewModel] {
        let count = paged ? OverviewLayout.photosPerPage + 1 : 3
        var gallery = Fixture.albums([
            // Every photo of Day is tagged Sea; paged, each has two tags of its own too (over 200
            // tags: the tags index has pages).
            Album(title: "Day", slug: "day", description: "D", images: (0..<count).map { index in
                var image = Fixture.image("d\(index)", caption: "C")
                image.tags = ["Sea"] + (paged ? ["x\(index)", "y\(index)"] : [])
                return image
            }),
            Album(title: "Night", slug: "night", images: [Fixture.image("n")]),
        ] + (paged ? [Album(title: "Far", slug: "far", images: (0..<200).map { Fixture.image("f\($0)") })] : []))
        gallery.baseURL = "https://example.com/"
        gallery.viewer.slideshowSeconds = 4
        // Day's photos in Kyoto (paged: a place of several pages); paged, Far's 200 at 200 other
        // towns (a places index of several pages).
        var rendered = Fixture.withPlaces(&gallery, slugs: Set((0..<count).map { "d\($0)" }))
        if paged {
            for (index, point) in Fixture.distinctTowns(200).enumerated() {
                rendered[Fixture.image("f\(index)").source]?.coordinates = point
            }
        }
        var pages = Fixture.present(gallery, rendered: rendered)
        // An album's zip (`downloads: zip`) is linked only once the build made it.
        if let index = pages.firstIndex(where: { $0.kind == .overview }), case var .overview(body) = pages[index].body {
            body.downloadAll = DownloadLinkViewModel(href: "day.3f2a9c1e.zip", fileName: "day.zip", label: "Download all")
            pages[index].body = .overview(body)
        }
        return pages
    }

    static let bodyFields: [PageKind: [String]] = [
        .photo: PhotoPageBody.fields.all.map(\.name),
        .overview: OverviewPageBody.fields.all.map(\.name),
        .albums: AlbumsPageBody.fields.all.map(\.name),
        .tag: TagPageBody.fields.all.map(\.name),
        .tags: TagsPageBody.fields.all.map(\.name),
        .place: PlacePageBody.fields.all.map(\.name),
        .places: PlacesPageBody.fields.all.map(\.name),
    ]

    /// What a section `{{#name}}y{{/name}}{{^name}}n{{/name}}` shows for this value: a y per item of a list.
    static func shows(_ value: Any?) -> String {
        switch value {
        case nil: "n"
        case let flag as Bool: flag ? "y" : "n"
        case let list as [Any]: list.isEmpty ? "n" : String(repeating: "y", count: list.count)
        default: "y"
        }
    }

    @Test func eachKindsBodyFieldsAreLookedUpByTheTemplates() throws {
        let names = PageKind.allCases.flatMap { Self.bodyFields[$0] ?? [] }
        // One template for every kind, testing every kind's fields, and the kind's name.
        let text = "{{template}}:" + names.map { "\($0)={{#\($0)}}y{{/\($0)}}{{^\($0)}}n{{/\($0)}};" }.joined()
        let template = SiteTemplate(templates: Dictionary(uniqueKeysWithValues: PageKind.allCases.map { ($0.template, text) }), assets: [:])
        let pages = pages(paged: true)
        let files = try SiteRenderer.render(pages, template: template)
        var shown: [PageKind: Set<String>] = [:]
        for page in pages {
            let html = try #require(files.first { $0.path == page.path }?.text)
            let own = Set(Self.bodyFields[page.kind] ?? [])
            let expected = page.kind.template + ":" + names.map { name in
                "\(name)=" + (own.contains(name) ? Self.shows(page.child(named: name)) : "n") + ";"
            }.joined()
            #expect(html == expected, "\(page.path)")
            let fields = html.drop { $0 != ":" }.dropFirst().split(separator: ";").map { $0.split(separator: "=") }
            shown[page.kind, default: []].formUnion(fields.filter { $0.last?.hasPrefix("y") == true }.map { String($0[0]) })
        }
        // Every body field of every kind showed on some page of its kind.
        for kind in PageKind.allCases { #expect(shown[kind] == Set(Self.bodyFields[kind] ?? []), "\(kind)") }
    }

    func key(_ page: PageViewModel) -> String { PageKey.make(templateDigest: "t", page: page) }

    func changed(_ page: PageViewModel, _ body: PageBody) -> PageViewModel {
        var page = page
        page.body = body
        return page
    }

    /// Each field of a page's body is in its key; nothing else but the kind and the frame is.
    @Test func aPagesKeyChangesWithItsBodyAndNoOtherKindsFields() throws {
        let pages = pages()
        let photo = try #require(pages.first { $0.photoPage?.previousPhoto != nil })
        let overview = try #require(pages.first { $0.overview?.nextAlbum != nil })
        let albums = try #require(pages.first { $0.kind == .albums })
        let p = try #require(photo.photoPage), o = try #require(overview.overview), a = try #require(albums.albumList)
        let link = AlbumNavLink(title: "X", href: "x/")
        var photoChanges = [PhotoPageBody](repeating: p, count: 9)
        try #require(p.place != nil, "the photo has a place")
        photoChanges[0].photo.title = "X"
        photoChanges[1].segments.removeLast()
        photoChanges[2].previousPhoto = nil
        photoChanges[3].nextPhoto = link
        photoChanges[4].overviewLink = "x/"
        photoChanges[5].overviewLabel = "X"
        photoChanges[6].slideshowSeconds = nil
        photoChanges[7].tagLinks.removeLast()
        photoChanges[8].hasTags = false
        photoChanges.append(p)
        photoChanges[9].place = nil
        var overviewChanges = [OverviewPageBody](repeating: o, count: 6)
        overviewChanges[0].rows.removeLast()
        overviewChanges[1].pagination = PaginationViewModel(previous: nil, next: "x/", numbers: [])
        overviewChanges[2].photoCount = "X"
        overviewChanges[3].previousAlbum = link
        overviewChanges[4].nextAlbum = nil
        overviewChanges[5].downloadAll = DownloadLinkViewModel(href: "x.zip", fileName: "x.zip", label: "X")
        var albumsChanges = [AlbumsPageBody](repeating: a, count: 2)
        albumsChanges[0].albums.removeLast()
        albumsChanges[1].hasAlbums = false
        #expect(photoChanges.count == PhotoPageBody.fields.all.count && overviewChanges.count == OverviewPageBody.fields.all.count
            && albumsChanges.count == AlbumsPageBody.fields.all.count, "a change for every field")
        let keys = [key(photo)] + photoChanges.map { key(changed(photo, .photo($0))) }
        let overviewKeys = [key(overview)] + overviewChanges.map { key(changed(overview, .overview($0))) }
        let albumsKeys = [key(albums)] + albumsChanges.map { key(changed(albums, .albums($0))) }
        #expect(Set(keys).count == keys.count && Set(overviewKeys).count == overviewKeys.count && Set(albumsKeys).count == albumsKeys.count)

        for page in [photo, overview, albums] {
            var fingerprint = Fingerprint()
            fingerprint.add("t")
            fingerprint.add(page.kind.template)
            page.frame.fingerprint(into: &fingerprint)
            page.body.content.fingerprint(into: &fingerprint)
            #expect(key(page) == fingerprint.hex, "\(page.kind): only its kind, frame and body")
        }
    }

    @Test func eachKindRendersWithItsOwnTemplateAndTodaysAreRequired() throws {
        let compiled = try CompiledTemplate(BuiltInTemplate.template)
        for kind in PageKind.allCases { #expect(compiled.templateName(for: kind) == kind.template) }
        #expect(PageKind.requiredTemplates == ["page", "overview", "albums"])
        #expect(Set(PageKind.allCases.map(\.template)).count == PageKind.allCases.count)
    }

    /// A kind added later names its own template first, then an older kind's.
    @Test func aKindWithoutATemplateOfItsOwnUsesItsFallbacks() {
        let choices = ["video", "page"]
        #expect(PageKind.chooseTemplate(choices) { $0 == "page" } == "page")
        #expect(PageKind.chooseTemplate(choices) { _ in true } == "video")
        for kind in PageKind.allCases {
            #expect(kind.templateChoices.first == kind.template)
            #expect(kind.templateChoices.dropFirst() == (kind.fallback?.templateChoices ?? [])[...])
        }
    }

    /// A template folder with its own templates for today's kinds, laid over the built-in files
    /// as a build lays it, renders each page with the folder's template of its kind.
    @Test func aTemplateFolderMadeForTodaysKindsStillRenders() throws {
        var files = BuiltInTemplate.files
        files["page.mustache"] = Array("PHOTO {{title}} {{#photo}}{{slug}}{{/photo}} {{overviewLabel}}".utf8)
        files["overview.mustache"] = Array("OVERVIEW {{title}} {{photoCount}}{{#nextAlbum}} next {{title}}{{/nextAlbum}}".utf8)
        files["albums.mustache"] = Array("ALBUMS {{#albums}}[{{title}} {{count}}]{{/albums}}".utf8)
        let rendered = try SiteRenderer.render(pages(), template: SiteTemplate(files: files))
        let html = { (path: String) in rendered.first { $0.path == path }?.text }
        #expect(html("index.html") == "ALBUMS [Day 3 photos][Night 1 photo]")
        #expect(html("day/index.html") == "OVERVIEW Day 3 photos next Night")
        #expect(html("day/d1/index.html") == "PHOTO Day d1 All 3 photos")
    }
}
