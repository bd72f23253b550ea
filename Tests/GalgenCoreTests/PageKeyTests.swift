import GalgenSiteTemplate
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The page cache key changes with anything that changes the HTML, and only then.
struct PageKeyTests {
    let gallery = Fixture.singleAlbum([Fixture.image("a", caption: "One"), Fixture.image("b")])

    func key(_ page: PageViewModel, template: SiteTemplate = BuiltInTemplate.template) -> String {
        PageKey.make(templateDigest: PageKey.templateDigest(template), page: page)
    }

    /// `page` with its photo page's body changed.
    func photoPage(_ page: PageViewModel, _ change: (inout PhotoPageBody) -> Void) throws -> PageViewModel {
        var body = try #require(page.photoPage)
        change(&body)
        var page = page
        page.body = .photo(body)
        return page
    }

    @Test func sameInputsSameKeyAnyChangeAnotherKey() throws {
        let page = try #require(Fixture.present(gallery).first { $0.kind == .photo })
        #expect(key(page) == key(page))
        let caption = try photoPage(page) { $0.photo.caption = "Two" }
        let noCaption = try photoPage(page) { $0.photo.caption = nil }
        let emptyCaption = try photoPage(page) { $0.photo.caption = "" }
        var stylesheet = page
        stylesheet.stylesheet = "assets/gallery.00000000.css"
        let order = try photoPage(page) { $0.segments.reverse() }
        let moved = try photoPage(page) { $0.photo.title += $0.photo.slug; $0.photo.slug = "" }
        let keys = [key(page), key(caption), key(noCaption), key(emptyCaption), key(stylesheet), key(order), key(moved)]
        #expect(Set(keys).count == keys.count)

        var template = BuiltInTemplate.files
        template["page.mustache"]! += Array("<!-- edited -->".utf8)
        #expect(key(page, template: SiteTemplate(files: template)) != key(page))
    }

    func hex(_ value: some Fingerprintable) -> String {
        var fingerprint = Fingerprint()
        value.fingerprint(into: &fingerprint)
        return fingerprint.hex
    }

    func hex(_ add: (inout Fingerprint) -> Void) -> String {
        var fingerprint = Fingerprint()
        add(&fingerprint)
        return fingerprint.hex
    }

    /// Keys made by earlier builds must still match, or a no-op rebuild after an upgrade
    /// renders every page again: fields in declaration order, nil as -1, a present optional
    /// as 1 and its value, a list as its count and its elements.
    @Test func viewModelsAreHashedFieldByFieldAsEarlierBuildsDid() {
        let cover = CoverViewModel(src: "a.jpg", width: 4, height: 3, alt: "A")
        let album = AlbumLinkViewModel(title: "T", href: "t/", summary: nil, count: "2 photos", cover: cover)
        #expect(hex(cover) == hex { $0.add("a.jpg"); $0.add(4); $0.add(3); $0.add("A") })
        #expect(hex(album) == hex {
            $0.add("T"); $0.add("t/"); $0.add(-1); $0.add("2 photos")
            $0.add(1); $0.add("a.jpg"); $0.add(4); $0.add(3); $0.add("A")
        })
        #expect(hex([album, album]) == hex { $0.add(2); album.fingerprint(into: &$0); album.fingerprint(into: &$0) })
        #expect(hex(true) == hex(1))
        #expect(hex(String?.none) != hex(""))
    }

    final class MemoryPages: Sendable {
        let kept = Mutex<[String: OutputFile]>([:])
        let renderedCount = Mutex(0)
        var cache: PageCache {
            PageCache(lookup: { key, path in self.kept.withLock { $0[key] }.map { OutputFile(path: path, file: "/kept/" + path, digest: $0.digest, byteCount: $0.byteCount) } },
                      keep: { key, file in self.kept.withLock { $0[key] = file }; self.renderedCount.withLock { $0 += 1 } })
        }
    }

    @Test func anUnchangedPageIsTakenFromTheCacheAndAChangedOneRendered() async throws {
        let pages = MemoryPages()
        let harness = PipelineHarness()
        let yaml = "title: T\nimages:\n  - { src: a.jpg, caption: One }\n"
        let files = ["/site/a.jpg": "photo a"]
        let first = try await harness.run(yaml, files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 2, "the overview and the photo's page")
        let again = try await harness.run(yaml, files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 2, "a page was rendered again")
        #expect(first.record?.totals.outputFiles == again.record?.totals.outputFiles)
        // The overview shows no captions: only the photo's page changes.
        _ = try await harness.run(yaml.replacingOccurrences(of: "One", with: "Two"), files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 3)
    }

    /// In a 300-photo album, a caption change re-renders one page; a title change the pages
    /// whose segment window shows the photo (11) and its overview page: a bound, whatever the size.
    @Test func aChangeToOnePhotoReRendersABoundedNumberOfPages() async throws {
        let pages = MemoryPages()
        let harness = PipelineHarness()
        let names = (0..<300).map { "p\($0).jpg" }
        let files = Dictionary(uniqueKeysWithValues: names.map { ("/site/" + $0, "photo " + $0) })
        let yaml = { (caption: String, title: String) in
            "title: T\nthumbnails: { formats: [jpeg] }\nimages:\n" + names.enumerated().map { index, name in
                index == 150 ? "  - { src: \(name), title: \(title), caption: \(caption) }\n" : "  - \(name)\n"
            }.joined()
        }
        _ = try await harness.run(yaml("One", "Middle"), files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 303, "3 overview pages and 300 photo pages")
        _ = try await harness.run(yaml("Two", "Middle"), files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 304)
        _ = try await harness.run(yaml("Two", "Centre"), files: files, pages: pages.cache).get()
        #expect(pages.renderedCount.withLock { $0 } == 304 + 11 + 1)
    }
}
