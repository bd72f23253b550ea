import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The events behind the render stage's progress bar: the stage's total and weight, each item as
/// it starts with its weight, and the end.
struct RenderProgressEventsTests {
    let harness = PipelineHarness()

    static let config = """
        images:
          - small.jpg
          - big.jpg
          - https://example.org/gone.jpg
          - mid.heic
        thumbnails: { widths: [400, 1600], formats: [avif, jpeg] }

        """
    static let sizes = ["/site/small.jpg": 100_000, "/site/big.jpg": 5_000_000, "/site/mid.heic": 2_000_000]

    static func weight(_ format: ImageFormat, _ path: String) -> Int {
        RenderWeight.of(format: format, size: sizes[path], widths: [400, 1600], formats: [.avif, .jpeg])
    }

    /// The render stage's events, up to the next stage.
    func stageEvents(jobs: Int) async throws -> [BuildEvent] {
        let photos = ["/site/small.jpg": FakePhoto("small", width: 400), "/site/big.jpg": FakePhoto("big"),
                      "/site/mid.heic": FakePhoto("mid")]
        _ = try await harness.run(Self.config, photos: photos, jobs: jobs, fileSizes: Self.sizes).get()
        return Array(harness.recorder.events.drop { $0 != BuildStage.renderingImages.event }.dropFirst()
            .prefix { $0 != BuildStage.renderingPages.event })
    }

    @Test func theStageStartsWithItsWeightAndEachItemWithItsOwnLargestFirst() async throws {
        let events = try await stageEvents(jobs: 2)
        let (big, mid, small) = (Self.weight(.jpeg, "/site/big.jpg"), Self.weight(.heif, "/site/mid.heic"),
                                 Self.weight(.jpeg, "/site/small.jpg"))
        #expect(big > mid && mid > small)
        // Downloads run in the pool beside the renders (issue 42 §1): the stage starts with every
        // item's weight, a URL's guessed from no size, before its download fails.
        let remote = Self.weight(.jpeg, "https://example.org/gone.jpg")
        #expect(events.first == .renderingStarted(total: 4, done: 0, weight: big + mid + small + remote))
        let started = events.compactMap { if case let .imageStarted(source, weight) = $0 { "\(source) \(weight)" } else { nil } }
        #expect(started == ["big.jpg \(big)", "mid.heic \(mid)", "small.jpg \(small)"])
        #expect(events.last == .renderingFinished)
        // Each item starts before it is built (or fails); at most two (the jobs) are under way.
        var running: Set<String> = []
        for event in events {
            switch event {
            case let .imageStarted(source, _): running.insert(source)
            case let .imageBuilt(source, _, _): #expect(running.remove(source) != nil)
            case let .imageFailed(failure, _, _): #expect(running.remove(failure.source) != nil)
            default: break
            }
            #expect(running.count <= 2)
        }
        #expect(running.isEmpty)
    }

    /// One job renders in gallery order, still with every item's weight.
    @Test func oneJobKeepsGalleryOrderWithWeights() async throws {
        let events = try await stageEvents(jobs: 1)
        let started = events.compactMap { if case let .imageStarted(source, weight) = $0 { "\(source) \(weight)" } else { nil } }
        #expect(started == ["small.jpg \(Self.weight(.jpeg, "/site/small.jpg"))", "big.jpg \(Self.weight(.jpeg, "/site/big.jpg"))",
                            "mid.heic \(Self.weight(.heif, "/site/mid.heic"))"])
    }
}
