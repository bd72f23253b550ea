import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenIO
import Testing

/// The render stage's bar: work counted by weight, time left from the rate so far, one line that
/// never wraps.
struct RenderProgressTests {
    static let start = Date(timeIntervalSinceReferenceDate: 1_000_000)

    static func failure(_ source: String) -> ImageFailure {
        ImageFailure(source: source, location: .init(file: "gallery.yml", line: 3, column: 5), reason: "not a JPEG file")
    }

    /// `apply` took the event in (or, `taken: false`, left it).
    static func expect(_ applied: Bool, taken: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(applied == taken, sourceLocation: sourceLocation)
    }

    /// Four items of 1000 units in all; a (700) and b (100) under way, c and d still to start.
    static func progress() -> RenderProgress {
        var progress = RenderProgress()
        Self.expect(progress.apply(.renderingStarted(total: 4, done: 0, weight: 1000), now: start))
        Self.expect(progress.apply(.imageStarted(source: "photos/a.jpg", weight: 700)))
        Self.expect(progress.apply(.imageStarted(source: "photos/b.jpg", weight: 100)))
        return progress
    }

    @Test func aDoneItemAddsItsWeightNotJustOneItem() {
        var progress = Self.progress()
        #expect(progress.bar(now: Self.start) == "  Rendering [····················] 0/4 · a.jpg")
        Self.expect(progress.apply(.imageBuilt(source: "photos/b.jpg", done: 1, total: 4)))
        #expect(progress.done == 1 && progress.doneWeight == 100)
        #expect(progress.bar(now: Self.start) == "  Rendering [██··················] 1/4 · a.jpg")
        // A failed item's work is over too.
        Self.expect(progress.apply(.imageFailed(Self.failure("photos/a.jpg"), done: 2, total: 4)))
        #expect(progress.doneWeight == 800 && progress.running.isEmpty)
        #expect(progress.bar(now: Self.start) == "  Rendering [████████████████····] 2/4")
    }

    @Test func timeLeftIsTheWeightLeftAtTheRateSoFar() throws {
        var progress = Self.progress()
        #expect(progress.secondsLeft(now: Self.start + 30) == nil, "nothing done yet")
        _ = progress.apply(.imageBuilt(source: "photos/b.jpg", done: 1, total: 4))
        #expect(progress.secondsLeft(now: Self.start + 1) == nil, "too early to tell")
        // 100 units in 10 s: the 900 left take 90 s.
        #expect(try #require(progress.secondsLeft(now: Self.start + 10)) == 90)
        #expect(progress.bar(now: Self.start + 10) == "  Rendering [██··················] 1/4 · a.jpg · about 1 min 30 s left")
        _ = progress.apply(.imageBuilt(source: "photos/a.jpg", done: 2, total: 4))
        // 800 units in 40 s: the 200 left take 10 s.
        #expect(try #require(progress.secondsLeft(now: Self.start + 40)) == 10)
        // Nothing left: no time left shown (not "about 5 s").
        _ = progress.apply(.imageStarted(source: "photos/c.jpg", weight: 200))
        _ = progress.apply(.imageBuilt(source: "photos/c.jpg", done: 3, total: 4))
        #expect(progress.secondsLeft(now: Self.start + 50) == nil)
        #expect(progress.bar(now: Self.start + 50) == "  Rendering [████████████████████] 3/4")
    }

    @Test func theLineNamesTheOldestItemUnderWay() {
        var progress = Self.progress()
        _ = progress.apply(.imageBuilt(source: "photos/a.jpg", done: 1, total: 4))
        _ = progress.apply(.imageStarted(source: "photos/c.jpg", weight: 100))
        #expect(progress.bar(now: Self.start).hasSuffix("1/4 · b.jpg"))
    }

    @Test func aLongNameIsShortenedFromItsStartSoTheLineNeverWraps() {
        var progress = Self.progress()
        let name = "photos/" + String(repeating: "a very long file name ", count: 5) + "IMG_1234.jpg"
        _ = progress.apply(.renderingStarted(total: 40, done: 0, weight: 40_000), now: Self.start)
        _ = progress.apply(.imageStarted(source: "photos/x.jpg", weight: 1000))
        _ = progress.apply(.imageStarted(source: name, weight: 1000))
        _ = progress.apply(.imageBuilt(source: "photos/x.jpg", done: 12, total: 40))
        let line = progress.bar(width: 100, now: Self.start + 10)
        #expect(line.count == 99)
        #expect(line.contains(" 12/40 · …") && line.hasSuffix(" name IMG_1234.jpg · about 6 min 30 s left"))
        #expect(progress.bar(now: Self.start + 3725).count <= 79, "80 columns hold a long time left")
        // Too narrow for a name: the count and the time left stay.
        #expect(progress.bar(width: 70, now: Self.start + 5) == "  Rendering [····················] 12/40 · about 3 min 20 s left")
    }

    @Test(arguments: [("photos/trip/IMG_1234.jpg", "IMG_1234.jpg"), ("https://example.org/a/dunes.jpg?w=2000", "dunes.jpg?w=2000"),
                      ("beach.heic", "beach.heic"), ("Day 2/", "Day 2")])
    func theNameIsThePathsLastPart(source: String, name: String) {
        #expect(RenderProgress.name(source) == name)
    }

    @Test(arguments: [(0.2, "5 s"), (12, "15 s"), (55.1, "1 min"), (80, "1 min 20 s"), (84, "1 min 20 s"), (299, "5 min"),
                      (601, "10 min"), (1_530, "26 min"), (4_800, "1 h 20 min"), (7_300, "2 h")])
    func timesAreRoundedMoreCoarselyTheLongerTheyAre(seconds: Double, text: String) {
        #expect(RenderProgress.time(seconds) == text)
    }

    /// An item's event after the stage (a published original that failed) changes nothing.
    @Test func eventsOutsideTheStageAreNotTakenIn() {
        var progress = Self.progress()
        Self.expect(progress.apply(.renderingFinished))
        #expect(!progress.active && progress.running.isEmpty)
        Self.expect(progress.apply(.imageFailed(Self.failure("photos/a.jpg"), done: 4, total: 4)), taken: false)
        Self.expect(progress.apply(.imageStarted(source: "photos/e.jpg", weight: 5)), taken: false)
        Self.expect(progress.apply(.stage(number: 5, of: 6, name: "Rendering pages")), taken: false)
        #expect(progress.done == 0)
    }

    /// Items that failed to download are done before the stage starts.
    @Test func itemsThatFailedToDownloadAreDoneFromTheStart() {
        var progress = RenderProgress()
        _ = progress.apply(.renderingStarted(total: 3, done: 1, weight: 200), now: Self.start)
        #expect(progress.bar(now: Self.start) == "  Rendering [····················] 1/3")
    }
}
