import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `viewer.originals`: each photo's own file published beside its renditions, never one that
/// records where it was taken unless `originals_with_location` says so; `viewer.slideshow`.
struct OriginalsTests {
    let harness = PipelineHarness()
    let plain = FakePhoto("plain"), located = { var photo = FakePhoto("located"); photo.hasLocation = true; return photo }()

    func build(_ viewer: String) async throws -> [OutputFile] {
        let photos = ["/site/plain.jpg": plain, "/site/located.JPG": located]
        let sizes = photos.mapValues(\.bytes.count)
        _ = try await harness.run("viewer: { \(viewer) }\nthumbnails: { formats: [jpeg] }\nimages: [plain.jpg, located.JPG]\n",
                                  photos: photos, fileSizes: sizes).get()
        return try #require(harness.recorder.files)
    }

    func page(_ files: [OutputFile], _ path: String) -> String {
        String(decoding: files.first { $0.path == path }?.bytes ?? [], as: UTF8.self)
    }

    @Test func anOriginalIsTheFileItselfAndALocatedOneIsLeftOutWithAWarning() async throws {
        let files = try await build("originals: true")
        let originals = files.filter { $0.path.contains("-original.") }
        let expected = OutputLayout.original(stem: "images/plain", digest: ContentHash.hex(plain.bytes), format: .jpeg)
        #expect(originals.map(\.path) == [expected])
        #expect(expected.hasPrefix("images/plain-original.") && expected.hasSuffix(".jpg"))
        #expect(originals.first?.content == .file("/site/plain.jpg") && originals.first?.byteCount == plain.bytes.count)
        #expect(page(files, "plain/index.html").contains(#"<a href="../\#(expected)" download="plain.jpg">Download</a>"#))
        #expect(!page(files, "located/index.html").contains("-original."))
        let warnings = harness.recorder.events.compactMap { event -> String? in
            if case let .imageWarning(source, message) = event, source == "located.JPG" { message } else { nil }
        }
        #expect(warnings.contains { $0.contains("its original is not published") && $0.contains("originals_with_location") })
    }

    @Test func withLocationEveryOriginalIsPublishedWithItsOwnExtension() async throws {
        let files = try await build("originals: true, originals_with_location: true")
        let originals = files.filter { $0.path.contains("-original.") }.map(\.path).sorted()
        #expect(originals.count == 2 && originals[0].hasPrefix("images/located-original.") && originals[0].hasSuffix(".jpg"))
        #expect(page(files, "located/index.html").contains("-original."))
    }

    @Test func offByDefault() async throws {
        let files = try await build("slideshow: false")
        #expect(!files.contains { $0.path.contains("-original.") })
        #expect(!page(files, "plain/index.html").contains("-original.") && !page(files, "plain/index.html").contains("data-slideshow"))
    }

    @Test func aSlideshowIsOfferedOnPhotoPages() async throws {
        let files = try await build("slideshow: 6")
        #expect(page(files, "plain/index.html").contains(#"<section class="viewer" data-slideshow="6""#))
        #expect(!page(files, "index.html").contains("data-slideshow"))
    }

    @Test("Bad viewer settings say what and where", arguments: [
        ("slideshow: 1", "viewer.slideshow"), ("slideshow: yes", "viewer.slideshow"), ("originals: 3", "viewer.originals"),
        ("zoom: true", "zoom"),
    ])
    func badSettings(_ viewer: String, _ key: String) async {
        let result = await harness.run("viewer: { \(viewer) }\nimages: []\n")
        guard case let .failure(error) = result else { Issue.record("expected a configuration error"); return }
        #expect("\(error)".contains(key), "\(error)")
        #expect(error.exitCode == 2)
    }

    @Test func theExtensionIsTheFormatsFoundInTheBytesNeverTheNames() {
        let digest = String(repeating: "ab", count: 32)
        #expect(OutputLayout.original(stem: "images/a", digest: digest, format: .heif) == "images/a-original.abababab.heic")
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["jpg", "heic", "avif", "webp", "png", "jxl", "mov", "mp4", "mkv", "avi", "gif"])
    }

    /// A JPEG named `shot.html` (a script in a comment) would be a page on the site's origin, and
    /// `render.php` a script on a PHP host: each is published under its format's extension.
    @Test(arguments: [("shot.html", ImageFormat.jpeg, ".jpg"), ("render.php", .png, ".png"), ("IMG_1.JPG", .heif, ".heic"),
                      ("photo", .webp, ".webp"), ("a.jpg", .avif, ".avif")])
    func anOriginalIsNamedByItsFormat(_ name: String, _ format: ImageFormat, _ suffix: String) async throws {
        var photo = FakePhoto("shot")
        photo.format = format
        let harness = PipelineHarness()
        _ = try await harness.run("viewer: { originals: true }\nthumbnails: { formats: [jpeg] }\nimages: [\"\(name)\"]\n",
                                  photos: ["/site/\(name)": photo], fileSizes: ["/site/\(name)": photo.bytes.count]).get()
        let originals = try #require(harness.recorder.files).filter { $0.path.contains("-original.") }.map(\.path)
        #expect(originals.count == 1 && originals[0].hasSuffix(suffix), "\(originals)")
    }
}

/// A kept rendering from before galgen looked for GPS is not trusted with an original.
struct OriginalsCacheTests {
    final class Store: @unchecked Sendable {
        var images: [String: RenderedImage] = [:]
        var store: RenditionStore {
            RenditionStore(lookup: { self.images[$0] }, keep: { key, image in self.images[key] = image; return image })
        }
    }

    @Test func aKeptImageOfUnknownLocationIsRenderedAgainWhenOriginalsAreOn() async throws {
        let store = Store()
        let config = { (originals: Bool) in "viewer: { originals: \(originals) }\nthumbnails: { formats: [jpeg] }\nimages: [a.jpg]\n" }
        let photos = ["/site/a.jpg": FakePhoto("a")]
        _ = try await PipelineHarness().run(config(false), photos: photos, jobs: 1, renditions: store.store).get()
        for key in store.images.keys { store.images[key]?.hasLocation = nil; store.images[key]?.sourceFormat = nil }
        let off = PipelineHarness()
        _ = try await off.run(config(false), photos: photos, jobs: 1, renditions: store.store).get()
        #expect(off.recorder.requests.isEmpty, "without originals, the kept image serves")
        let on = PipelineHarness()
        _ = try await on.run(config(true), photos: photos, jobs: 1, renditions: store.store,
                             fileSizes: ["/site/a.jpg": FakePhoto("a").bytes.count]).get()
        #expect(on.recorder.requests.count == 1, "rendered again to learn whether it records a place")
        #expect(store.images.values.allSatisfy { $0.hasLocation == false && $0.sourceFormat == .jpeg })
        #expect(on.recorder.files?.contains { $0.path.contains("-original.") } == true)
    }
}
