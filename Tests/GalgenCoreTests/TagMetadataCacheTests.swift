import GalgenSiteTemplate
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// A rendering kept before tags were read has no keywords: its metadata is read again from the
/// file (`ImageRenderer.readMetadata`, no decode), not rendered again, and kept so.
struct TagMetadataCacheTests {
    final class Counts: Sendable {
        let renders = Mutex(0)
        let reads = Mutex(0)
        let store = Mutex<[String: RenderedImage]>([:])
        let written = Mutex<[String]>([])
    }

    static let photo = FakePhoto("a", width: 800, metadata: PhotoMetadata(words: EmbeddedWords(tags: ["Sea"])))

    func build(_ counts: Counts, canReadMetadata: Bool) async throws {
        let disk = ["/site/gallery.yml": Array("title: T\nthumbnails: { widths: [400], formats: [jpeg] }\nimages: [a.jpg]\n".utf8),
                    "/site/a.jpg": Self.photo.bytes]
        let effects = BuildEffects(
            readFile: { path, _ in
                guard let bytes = disk[path] else { throw FakeError(description: "no such file: \(path)") }
                return bytes
            },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            pathKind: { path in disk[path] != nil ? .file(modified: 0) : .other },
            renditions: RenditionStore(lookup: { key in counts.store.withLock { $0[key] } },
                                       keep: { key, image in counts.store.withLock { $0[key] = image }; return image }),
            writeSite: { files in counts.written.withLock { $0 = files.map(\.path) }; return true },
            report: { _ in })
        let renderer = ImageRenderer(
            render: { bytes, request in
                counts.renders.withLock { $0 += 1 }
                return try FakePhoto(bytes: bytes).rendered(request)
            },
            readMetadata: { bytes in
                counts.reads.withLock { $0 += 1 }
                guard canReadMetadata, let metadata = FakePhoto(bytes: bytes).metadata else { return nil }
                var facts = PhotoFacts(make: "Fake", model: "Camera")
                facts.lensModel = "Read again"
                return (metadata, facts, nil)
            })
        _ = try await BuildPipeline(configPath: "/site/gallery.yml", jobs: 1, renderer: renderer, effects: effects, generator: "galgen test").run()
    }

    /// The kept record as an older galgen wrote it: no reader, no tags.
    func makeOld(_ counts: Counts) {
        counts.store.withLock { store in
            for key in store.keys { store[key]?.metadata = PhotoMetadata(words: EmbeddedWords(), reader: 1) }
        }
    }

    @Test func anOldRecordGetsItsKeywordsReadNotRendered() async throws {
        let counts = Counts()
        try await build(counts, canReadMetadata: true)
        #expect(counts.renders.withLock { $0 } == 1 && counts.reads.withLock { $0 } == 0)
        makeOld(counts)
        try await build(counts, canReadMetadata: true)
        #expect(counts.renders.withLock { $0 } == 1, "not rendered again")
        #expect(counts.reads.withLock { $0 } == 1)
        #expect(counts.written.withLock { $0 }.contains("tags/sea/index.html"))
        #expect(counts.store.withLock { $0.values.allSatisfy { !$0.metadata.isOutdated && $0.metadata.words.tags == ["Sea"] } })
        // The camera's facts are read again with the words (reader 4: the details panel's lens and more).
        #expect(counts.store.withLock { $0.values.allSatisfy { $0.facts.lensModel == "Read again" } })
        // Kept so: the next build reads nothing.
        try await build(counts, canReadMetadata: true)
        #expect(counts.renders.withLock { $0 } == 1 && counts.reads.withLock { $0 } == 1)
    }

    @Test func aFormatWhoseMetadataNeedsARenderIsRenderedAgain() async throws {
        let counts = Counts()
        try await build(counts, canReadMetadata: false)
        makeOld(counts)
        try await build(counts, canReadMetadata: false)
        #expect(counts.renders.withLock { $0 } == 2)
        #expect(counts.written.withLock { $0 }.contains("tags/sea/index.html"))
    }
}
