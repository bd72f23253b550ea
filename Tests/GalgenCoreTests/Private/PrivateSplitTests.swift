import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The site split before presenting: the public gallery without the private album, and the
/// private album as a site of its own whose files are all under its folder; the leak check finds
/// what only the private album holds, and nothing the public albums show anyway.
struct PrivateSplitTests {
    static func image(_ slug: String, caption: String? = nil, tags: [String] = []) -> GalleryImage {
        var image = Fixture.image(slug, caption: caption)
        image.tags = tags
        return image
    }

    static let folder = "p-abcdefghijklmnopqrstuv"

    static var gallery: Gallery {
        var secret = Album(title: "Family secrets", slug: folder, description: "Only for us",
                           images: [image("grandma", caption: "At the dunes", tags: ["family"]), image("harbour", caption: "The harbour again")])
        secret.privateAccess = PrivateAccess(passwords: [.environment("P")])
        return Fixture.albums([Album(title: "Spring", slug: "spring", images: [image("harbour", tags: ["sea"])]), secret])
    }

    static let seal = PrivateSeal(title: "Family secrets", folder: folder, contentKey: Array(repeating: 1, count: 32), records: [])

    @Test func theSharedPhotoLivesWithThePublicAlbumAndIsCopiedIntoThePrivateFolder() throws {
        let whole = Self.gallery
        let plan = Planner.plan(whole)
        let shown = PrivateSplit.publicGallery(whole)
        #expect(shown.albums.map(\.title) == ["Spring"])
        let publicPlan = PrivateSplit.plan(plan, showing: shown)
        #expect(publicPlan.sources.map(\.outputStem) == ["images/spring/harbour"])
        let (single, sitePlan) = PrivateSplit.site(whole.albums[1], of: whole, plan: plan)
        #expect(single.albums.map(\.title) == ["Family secrets"] && single.hasAlbums && !single.tags.enabled && !single.feeds.enabled)
        #expect(Set(sitePlan.sources.map(\.outputStem)) == [Self.folder + "/images/spring/harbour", Self.folder + "/images/\(Self.folder)/grandma"])
        #expect(sitePlan.layout.renditionStem(of: whole.albums[1].images[0].source)?.hasPrefix(Self.folder + "/") == true)
        #expect(sitePlan.layout.page(of: whole.albums[1]) == Self.folder + "/index.html")
    }

    @Test func theLeakCheckFindsThePrivateAlbumsWordsAndPicturesOnly() throws {
        let whole = Self.gallery
        let rendered = Fixture.renderAll(whole)
        let check = PrivateLeakCheck(whole: whole, publicGallery: PrivateSplit.publicGallery(whole), seals: [Self.seal]) { rendered[$0] }
        let page = { (text: String) in OutputFile(path: "spring/index.html", text: "<p>\(text)</p>") }
        #expect(check.leak(in: page("Harbour at rest, sea")) == nil)
        #expect(check.leak(in: page("Family secrets"))?.contains("its title") == true)
        #expect(check.leak(in: page("Only for us")) != nil)
        #expect(check.leak(in: page("At the dunes")) != nil)
        #expect(check.leak(in: page("The harbour again")) != nil)
        #expect(check.leak(in: page("tags/family/")) != nil)
        #expect(check.leak(in: page("a link to \(Self.folder)/")) != nil)
        // Its pictures, by digest, wherever they would land; the shared photo's are public.
        let grandma = try #require(rendered[whole.albums[1].images[0].source]?.renditions.first)
        #expect(check.leak(in: OutputFile(path: "images/x.jpg", rendition: grandma))?.contains("picture") == true)
        let harbour = try #require(rendered[whole.albums[0].images[0].source]?.renditions.first)
        #expect(check.leak(in: OutputFile(path: "images/spring/harbour.jpg", rendition: harbour)) == nil)
        // The private folder's own files are sealed: not searched.
        #expect(check.leak(in: OutputFile(path: Self.folder + "/index.html", text: "Family secrets")) == nil)
        // A page taken from the page cache is read and searched too.
        let cached = OutputFile(path: "spring/index.html", file: "/cache/page", digest: "0", byteCount: 10)
        #expect(check.leak(in: cached) { _ in Array("<p>At the dunes</p>".utf8) } != nil)
    }

    /// The guarded output refuses the batch that holds a leak: nothing of it is handed on, and the
    /// build's error names the file (the site is then cancelled: the previous one stays).
    @Test func theGuardedOutputRefusesALeakAndHandsNothingOn() throws {
        let whole = Self.gallery
        let check = PrivateLeakCheck(whole: whole, publicGallery: PrivateSplit.publicGallery(whole), seals: [Self.seal]) { _ in nil }
        let handed = Handed()
        let output = SiteOutput(add: { files in handed.add(files.map(\.path)) }, finish: { true }).guarded(by: check) { _ in nil }
        try output.add([OutputFile(path: "spring/index.html", text: "<p>Harbour</p>")])
        #expect(throws: PrivateLeak.self) {
            try output.add([OutputFile(path: "index.html", text: "ok"), OutputFile(path: "feed.xml", text: "<title>At the dunes</title>")])
        }
        #expect(handed.paths == ["spring/index.html"])
        do {
            try output.add([OutputFile(path: "feed.xml", text: "At the dunes")])
        } catch {
            #expect("\(error)".contains("a caption of the private album 'Family secrets' would be published in the clear in feed.xml"))
        }
    }

    final class Handed: Sendable {
        private let list = Mutex<[String]>([])
        var paths: [String] { list.withLock { $0 } }
        func add(_ more: [String]) { list.withLock { $0 += more } }
    }

    /// A private word that a public page shows anyway (from a public photo's own XMP title, or
    /// one of the site's labels) is no leak: the build is not stopped for it.
    @Test func wordsThePublicPagesShowAnywayAreNoLeak() {
        var whole = Self.gallery
        whole.albums[1].images[0].title = "Sunset"
        whole.albums[1].images[1].caption = "Next"
        whole.albums[0].images[0].titleGiven = false  // its title comes from the photo's XMP
        var rendered = Fixture.renderAll(whole)
        rendered[whole.albums[0].images[0].source]?.metadata.words.title = "Sunset at the harbour"
        let check = PrivateLeakCheck(whole: whole, publicGallery: PrivateSplit.publicGallery(whole), seals: [Self.seal]) { rendered[$0] }
        #expect(check.leak(in: OutputFile(path: "spring/harbour/index.html", text: "<h2>Sunset at the harbour</h2> <a>Next</a>")) == nil)
        #expect(check.leak(in: OutputFile(path: "spring/harbour/index.html", text: "At the dunes")) != nil)
        // The template's scripts and styles are not searched for words (their code matches short
        // ones by chance: bench/private's real photos had a keyword in gallery.js), only by digest.
        #expect(check.leak(in: OutputFile(path: "assets/gallery.0123abcd.js", text: "const family = 1; // At the dunes")) == nil)
    }

    @Test func aListedAlbumsTitleIsNoLeak() {
        var whole = Self.gallery
        whole.albums[1].privateAccess?.listed = true
        let check = PrivateLeakCheck(whole: whole, publicGallery: PrivateSplit.publicGallery(whole), seals: [Self.seal]) { _ in nil }
        #expect(check.leak(in: OutputFile(path: "index.html", text: "Family secrets · p-abcdefghijklmnopqrstuv/")) == nil)
        #expect(PrivateSplit.lockedAlbums(whole).map(\.title) == ["Family secrets"])
    }
}
