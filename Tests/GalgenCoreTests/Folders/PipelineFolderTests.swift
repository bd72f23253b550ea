import Foundation
import Testing
@testable import GalgenCore

/// Folders through the whole in-memory pipeline: expansion, sidecars, order, words, errors.
@Suite("BuildPipeline: folders")
struct PipelineFolderTests {
    let harness = PipelineHarness()

    @Test func aFolderWithSidecarsSortedByDate() async throws {
        let config = "title: Trip\nsort: date\nimages:\n  - photos/\n  - src: photos/c.jpg\n    title: Cover\n"
        let june = try #require(CaptureTime(year: 2024, month: 6, day: 1))
        let may = try #require(CaptureTime(year: 2024, month: 5, day: 1))
        let result = await harness.run(config, photos: [
            "/site/photos/a.jpg": FakePhoto("a", metadata: PhotoMetadata(captured: june, words: EmbeddedWords(caption: "From XMP"))),
            "/site/photos/b.jpg": FakePhoto("b", metadata: PhotoMetadata(captured: may)),
            "/site/photos/c.jpg": FakePhoto("c"),
        ], files: ["/site/photos/a.jpg.yml": "title: Beach\n", "/site/photos/notes.md": "x", "/site/photos/.DS_Store": "x"],
           modified: ["/site/photos/c.jpg": 0])
        let summary = try result.get()
        #expect(summary.imagesBuilt == 3)
        #expect(summary.inputs.contains("/site/photos/") && summary.inputs.contains("/site/photos/a.jpg.yml"))
        let html = String(decoding: try #require(harness.recorder.written?["index.html"]), as: UTF8.self)
        // c has no date but its file time (1970): first; then May's b, then June's a (titled by its sidecar).
        let order = ["Cover", "b", "Beach"].map { html.range(of: #"alt="\#($0)""#)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        let beach = String(decoding: try #require(harness.recorder.written?["a/index.html"]), as: UTF8.self)
        #expect(beach.contains("From XMP") && beach.contains("<title>Beach — "))
        #expect(harness.recorder.events.contains(.folderSkipped(entry: "photos/", summary: "3 photos; skipped 2 files: 1 hidden; 1 not an image (notes.md)")))
    }

    @Test func folderErrorsStopTheBuildBeforeAnyPhotoIsRead() async throws {
        let config = "images:\n  - photos/\n  - photos/*.jpg\n  - empty/\n  - missing/\n"
        let result = await harness.run(config, photos: ["/site/photos/a.jpg": FakePhoto("a")], files: ["/site/empty/x.txt": "x"])
        guard case let .failure(.config(errors)) = result else { Issue.record("expected config errors, got \(result)"); return }
        #expect(errors.errors.map(\.kind) == [
            .broughtInTwice(photo: "photos/a.jpg", more: 0, first: "photos/", firstSeen: GalgenCore.SourceLocation(file: "gallery.yml", line: 2, column: 5), second: "photos/*.jpg"),
            .emptyFolder("empty/", found: " (found 1 file that is not an image)"),
            .folderMissing("missing/"),
        ])
        #expect(harness.recorder.reads == ["/site/gallery.yml"])
    }

    @Test func aSidecarThatCannotBeParsedIsAnErrorAtItsLine() async throws {
        let result = await harness.run("images: photos/\n", photos: ["/site/photos/a.jpg": FakePhoto("a")],
                                       files: ["/site/photos/a.jpg.yml": "title: A\ncaptoin: typo\n"])
        guard case let .failure(.config(errors)) = result else { Issue.record("expected config errors, got \(result)"); return }
        #expect(errors.errors.count == 1)
        #expect(errors.errors.first?.location.file == "photos/a.jpg.yml")
        #expect(errors.errors.first?.location.line == 2)
    }

    @Test func aSingleSrcThatIsAFolderBringsInItsPhotos() async throws {
        let result = await harness.run("images:\n  - src: photos\n    caption: All of them\n",
                                       photos: ["/site/photos/a.jpg": FakePhoto("a"), "/site/photos/b.jpg": FakePhoto("b")])
        #expect(try result.get().imagesBuilt == 2)
        for page in ["a/index.html", "b/index.html"] {
            let html = String(decoding: try #require(harness.recorder.written?[page]), as: UTF8.self)
            #expect(html.contains(#"<p class="caption">All of them</p>"#), "\(page)")
        }
    }

    @Test func aTreeOfFoldersBecomesAlbums() async throws {
        let result = await harness.run("title: Trips\nalbums: trips/\n", photos: [
            "/site/trips/Italy/a.jpg": FakePhoto("a"), "/site/trips/France/b.jpg": FakePhoto("b"), "/site/trips/France/Paris/c.jpg": FakePhoto("c"),
        ])
        #expect(try result.get().pages == 7, "the album list, 3 overviews and 3 photo pages")
        let index = String(decoding: try #require(harness.recorder.written?["index.html"]), as: UTF8.self)
        let albums = ["France", "France / Paris", "Italy"].map { index.range(of: ">\($0)<")?.lowerBound }
        #expect(albums.allSatisfy { $0 != nil } && albums.compactMap { $0 } == albums.compactMap { $0 }.sorted())
        let written = try #require(harness.recorder.written).keys
        #expect(written.contains { $0.hasPrefix("france-paris/") })
    }

    @Test func groupsKeepTheirPlacesWhenASingleSrcTurnsOutToBeAFolder() async throws {
        // `more` is written like one photo but is a folder: it becomes a group, and the glob
        // after it still comes before z.jpg.
        let config = "images:\n  - a.jpg\n  - more\n  - photos/*.jpg\n  - z.jpg\n"
        let result = await harness.run(config, photos: [
            "/site/a.jpg": FakePhoto("a"), "/site/more/m.jpg": FakePhoto("m"), "/site/photos/p.jpg": FakePhoto("p"), "/site/z.jpg": FakePhoto("z"),
        ])
        #expect(try result.get().imagesBuilt == 4)
        let html = String(decoding: try #require(harness.recorder.written?["index.html"]), as: UTF8.self)
        let order = ["a", "m", "p", "z"].map { html.range(of: #"id="grid.\#($0)""#)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }
}
