import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `galgen serve`'s first look (`BuildPipeline.formatsLater`): new photos get their JPEG now,
/// AVIF and WebP in a second build that encodes only those.
struct FormatsLaterTests {
    @Test func onlyTheFallbackIsEncodedNowAndOnlyWhenDeferring() {
        let all: [OutputFormat] = [.avif, .webp, .jpeg]
        #expect(FormatsLater.split(missing: all, of: all, deferring: true) == ([.jpeg], [.avif, .webp]))
        #expect(FormatsLater.split(missing: [.avif], of: all, deferring: true) == ([], [.avif]))
        #expect(FormatsLater.split(missing: all, of: all, deferring: false) == (all, []))
        // Without JPEG, WebP is the fallback every browser here shows.
        #expect(FormatsLater.split(missing: [.avif, .webp], of: [.avif, .webp], deferring: true) == ([.webp], [.avif]))
    }

    @Test func theSummaryNamesTheFormatsInTheGallerysOrder() {
        let later = FormatsLater.summary([[.webp, .avif], [], [.avif]], formats: [.avif, .webp, .jpeg])
        #expect(later == FormatsLater(formats: [.avif, .webp], images: 2))
        #expect(later.names == "AVIF and WebP")
        #expect(FormatsLater.summary([[], []], formats: [.avif, .jpeg]).isEmpty)
    }

    func html(_ harness: PipelineHarness, _ path: String) throws -> String {
        String(decoding: try #require(harness.recorder.written?[path]), as: UTF8.self)
    }

    @Test func theFirstLookHasJPEGOnlyAndTheSecondBuildEncodesOnlyTheRest() async throws {
        let store = OutputFormatTests.MemoryStore()
        let config = "thumbnails: { widths: [400, 1600], formats: [avif, webp, jpeg] }\nimages: [photos/beach.jpg, photos/dune.jpg]\n"
        let photos = ["/site/photos/beach.jpg": FakePhoto("beach", width: 2000), "/site/photos/dune.jpg": FakePhoto("dune", width: 1000)]

        let first = PipelineHarness()
        let shown = try await first.run(config, photos: photos, renditions: store.store, formatsLater: true).get()
        #expect(first.recorder.requests.map(\.formats) == [[.jpeg], [.jpeg]])
        #expect(shown.later == FormatsLater(formats: [.avif, .webp], images: 2))
        #expect(shown.failures.isEmpty && shown.imagesBuilt == 2)
        #expect(LastBuild(key: "k", summary: shown, warnings: []) == nil, "a site that lacks formats is never reused")
        let page = try html(first, "beach/index.html")
        #expect(!page.contains("<source") && page.contains(#"<img class="photo""#))
        #expect(first.recorder.written?.keys.contains { $0.hasSuffix(".avif") || $0.hasSuffix(".webp") } == false)

        let second = PipelineHarness()
        let complete = try await second.run(config, photos: photos, renditions: store.store).get()
        #expect(second.recorder.requests.map(\.formats) == [[.avif, .webp], [.avif, .webp]], "the JPEGs are kept")
        #expect(complete.later.isEmpty)
        #expect(try html(second, "beach/index.html").contains(#"<picture><source type="image/avif""#))

        // Everything kept: a first look has nothing to leave for later.
        let third = PipelineHarness()
        let again = try await third.run(config, photos: photos, renditions: store.store, formatsLater: true).get()
        #expect(third.recorder.requests.isEmpty && again.later.isEmpty)
        #expect(third.recorder.written == second.recorder.written)
    }

    @Test func aJPEGOnlyGalleryHasNothingForLater() async throws {
        let harness = PipelineHarness()
        let summary = try await harness.run("thumbnails: { formats: [jpeg] }\nimages: [a.jpg]\n",
                                            photos: ["/site/a.jpg": FakePhoto("a", width: 800)], formatsLater: true).get()
        #expect(summary.later.isEmpty)
        #expect(LastBuild(key: "k", summary: summary, warnings: []) != nil)
    }

    @Test func aCancelledBuildWritesNothing() async throws {
        let harness = PipelineHarness()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await harness.run("thumbnails: { formats: [avif, jpeg] }\nimages: [a.jpg, b.jpg]\n",
                                     photos: ["/site/a.jpg": FakePhoto("a", width: 800), "/site/b.jpg": FakePhoto("b", width: 800)])
        }
        let result = await task.value
        #expect(result == .failure(.cancelled))
        #expect(harness.recorder.written == nil)
        #expect(harness.recorder.requests.isEmpty, "no image is started once the build is cancelled")
    }
}
