import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// `thumbnails.formats`: parsing, which format is the `<img>`, the `<picture>` markup, and a
/// change of formats encoding only the formats that changed.
@Suite("Output formats")
struct OutputFormatTests {
    @Test func formatsAreReadInTheOrderWritten() throws {
        let gallery = try #require(parseGallery("thumbnails:\n  formats: [avif, webp, jpeg]\nimages: [a.jpg]\n"))
        #expect(gallery.thumbnails.formats == [.avif, .webp, .jpeg])
        #expect(Planner.plan(gallery).request.formats == [.avif, .webp, .jpeg])
        #expect(try #require(parseGallery("images: [a.jpg]\n")).thumbnails.formats == RenditionRequest.defaultFormats)
    }

    @Test("Bad lists are errors at their place, saying how to fix them", arguments: [
        InvalidCase("thumbnails:\n  formats: [avif, png]\n", 2, 19, "formats",
                    "'thumbnails.formats' is 'png', but it must be one of: avif, webp, jpeg"),
        InvalidCase("thumbnails:\n  formats: [jpg]\n", 2, 13, "formats", "did you mean 'jpeg'?"),
        InvalidCase("thumbnails:\n  formats: [webp, jpeg, webp]\n", 2, 25, "formats",
                    "'webp' is listed twice in 'thumbnails.formats'. List each one once."),
        InvalidCase("thumbnails:\n  formats: []\n", 2, 12, "formats", "a non-empty list of avif, webp, jpeg"),
        InvalidCase("thumbnails:\n  formats: webp\n", 2, 12, "formats", "a non-empty list of avif, webp, jpeg"),
    ])
    func invalid(_ c: InvalidCase) throws {
        let error = try onlyError(c)
        #expect(error.message.contains(try #require(c.extra)), "\(error.message)")
    }

    @Test("The <img> is JPEG when listed, else WebP, else AVIF; the rest are <source>s in order", arguments: [
        ([OutputFormat.avif, .webp, .jpeg], OutputFormat.jpeg, [OutputFormat.avif, .webp]),
        ([.jpeg, .avif], .jpeg, [.avif]), ([.avif, .webp], .webp, [.avif]), ([.avif], .avif, []), ([.jpeg], .jpeg, []),
        // JPEG XL is offered first wherever it is listed, and is never the <img> while another format is listed.
        ([.avif, .jxl, .jpeg], .jpeg, [.jxl, .avif]), ([.webp, .jxl], .webp, [.jxl]), ([.jxl], .jxl, []),
    ])
    func fallback(_ formats: [OutputFormat], _ image: OutputFormat, _ sources: [OutputFormat]) {
        #expect(OutputFormat.fallback(of: formats) == image)
        #expect(OutputFormat.alternates(of: formats) == sources)
    }

    @Test func eachFormatHasItsOwnKeyAndJPEGKeepsTheKeyItHadBefore() {
        let request = RenditionRequest(widths: [400], quality: 82)
        let keys = OutputFormat.allCases.map { RenditionKey.make(sourceDigest: "d", request: request, generator: "g", format: $0) }
        #expect(Set(keys).count == OutputFormat.allCases.count)
        #expect(RenditionKey.make(sourceDigest: "d", request: request, generator: "g", format: .jpeg)
                == RenditionKey.make(sourceDigest: "d", request: request, generator: "g"))
    }

    @Test func renditionPathsCarryTheirFormatsExtension() {
        #expect(OutputLayout.rendition(stem: "images/a", width: 400, digest: String(repeating: "ab", count: 32), format: .avif)
                .hasSuffix(".avif"))
        #expect(OutputLayout.rendition(stem: "images/a", width: 400, digest: String(repeating: "ab", count: 32), format: .webp)
                .hasSuffix(".webp"))
        #expect(OutputLayout.rendition(stem: "images/a", width: 400, digest: String(repeating: "ab", count: 32)).hasSuffix(".jpg"))
    }

    /// The store the pipeline keeps renditions in, in memory, across runs.
    final class MemoryStore: @unchecked Sendable {
        private let lock = NSLock()
        private var images: [String: RenderedImage] = [:]

        var store: RenditionStore {
            RenditionStore(lookup: { key in self.lock.withLock { self.images[key] } },
                           keep: { key, image in self.lock.withLock { self.images[key] = image }; return image })
        }
    }

    @Test func changingTheFormatsEncodesOnlyTheFormatsThatChanged() async throws {
        let store = MemoryStore()
        let photo = FakePhoto("beach", width: 2000)
        let run = { (formats: String) async throws -> (PipelineHarness, [String: [UInt8]]) in
            let harness = PipelineHarness()
            _ = try await harness.run("thumbnails: { widths: [400, 1600], formats: \(formats) }\nimages: [photos/beach.jpg]\n",
                                      photos: ["/site/photos/beach.jpg": photo], renditions: store.store).get()
            return (harness, try #require(harness.recorder.written))
        }
        let (first, jpegOnly) = try await run("[jpeg]")
        #expect(first.recorder.requests.map(\.formats) == [[.jpeg]])
        #expect(!String(decoding: jpegOnly["index.html"] ?? [], as: UTF8.self).contains("<source"))

        let (second, all) = try await run("[avif, webp, jpeg]")
        #expect(second.recorder.requests.map(\.formats) == [[.avif, .webp]], "JPEG was kept: only AVIF and WebP are encoded")
        let html = String(decoding: try #require(all["beach/index.html"]), as: UTF8.self)
        let avif = [400, 1600].map { OutputLayout.rendition(stem: "images/beach", width: $0,
                                                            digest: ContentHash.hex(photo.rendition(width: $0, format: .avif)), format: .avif) }
        #expect(avif.allSatisfy { all[$0] != nil }, "\(all.keys.sorted())")
        #expect(html.contains(#"<picture><source type="image/avif" srcset="../\#(avif[0]) 400w, ../\#(avif[1]) 1600w""#), "\(html)")
        let overview = String(decoding: try #require(all["index.html"]), as: UTF8.self)
        #expect(overview.contains(#"<picture><source type="image/avif" srcset="\#(avif[0]) 400w, \#(avif[1]) 1600w""#))
        // AVIF first, then WebP, then the JPEG <img>: a browser takes the first it can show.
        let order = ["image/avif", "image/webp", #"<img class="photo""#].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })

        let (third, _) = try await run("[webp, jpeg]")
        #expect(third.recorder.requests.isEmpty, "every format is kept")
        let (fourth, webpOnly) = try await run("[webp]")
        #expect(fourth.recorder.requests.isEmpty)
        let webpHTML = String(decoding: try #require(webpOnly["index.html"]), as: UTF8.self)
        #expect(!webpHTML.contains("<source") && webpHTML.contains(#".webp""#) && !webpHTML.contains(".jpg"))
    }

    @Test func aRenderThatLacksAFormatFailsThatPhotoInsteadOfPublishingItWithout() async throws {
        var broken = FakePhoto("beach", width: 2000)
        broken.leavesOut = [.avif]
        let harness = PipelineHarness()
        let summary = try await harness.run("thumbnails: { formats: [avif, jpeg] }\nimages: [a.jpg, b.jpg]\n",
                                            photos: ["/site/a.jpg": broken, "/site/b.jpg": FakePhoto("b", width: 800)]).get()
        #expect(summary.failures.map(\.reason) == ["the renderer made no avif renditions"])
        #expect(summary.imagesBuilt == 1)
    }
}
