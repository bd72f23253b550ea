import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenIO
import Synchronization
import Testing

/// A long transcode's progress: one line redrawn in place on a terminal, nothing per percent when piped.
struct VideoProgressTests {
    @Test func theLineNamesTheVideoTheOutputThePercentageAndTheTimeLeft() {
        var progress = VideoProgress()
        #expect(progress.line() == nil)
        progress.update(source: "Day 2/clip.mp4", output: "1080p H.264", fraction: 0.01, secondsLeft: nil)
        #expect(progress.line() == "  ▶ Day 2/clip.mp4 1080p H.264  1%")
        progress.update(source: "Day 2/clip.mp4", output: "1080p H.264", fraction: 0.437, secondsLeft: 11.2)
        #expect(progress.line() == "  ▶ Day 2/clip.mp4 1080p H.264  43% · 0:12 left")
        progress.update(source: "Day 2/clip.mp4", output: "1080p H.264", fraction: 1, secondsLeft: 0)
        #expect(progress.line() == nil && progress.running.isEmpty)
    }

    /// Two transcodes side by side (--jobs 2): the line stays on the oldest and counts the other.
    @Test func theOldestTranscodeIsShownAndTheOthersCounted() {
        var progress = VideoProgress()
        progress.update(source: "a.mov", output: "720p H.264", fraction: 0.5, secondsLeft: 65)
        progress.update(source: "b.mov", output: "1080p H.264", fraction: 0.9, secondsLeft: 1)
        progress.update(source: "a.mov", output: "720p H.264", fraction: 0.6, secondsLeft: 60)
        #expect(progress.line() == "  ▶ a.mov 720p H.264  60% · 1:00 left  (+1 more)")
        progress.finish(source: "a.mov")
        #expect(progress.line() == "  ▶ b.mov 1080p H.264  90% · 0:01 left")
    }

    @Test func aLongNameIsShortenedFromItsStartSoTheLineNeverWraps() throws {
        var progress = VideoProgress()
        let name = String(repeating: "very long folder/", count: 8) + "IMG_3005.MOV"
        progress.update(source: name, output: "1080p H.264", fraction: 0.25, secondsLeft: 3725)
        let line = try #require(progress.line(width: 80))
        #expect(line.count == 79)
        #expect(line.hasPrefix("  ▶ …") && line.hasSuffix("IMG_3005.MOV 1080p H.264  25% · 1:02:05 left"))
    }

    @Test func timesReadAsAClock() {
        #expect(VideoProgress.time(0) == "0:00")
        #expect(VideoProgress.time(0.2) == "0:01")
        #expect(VideoProgress.time(59.5) == "1:00")
        #expect(VideoProgress.time(754) == "12:34")
        #expect(VideoProgress.time(3600) == "1:00:00")
    }

    /// What the reporter writes to standard error, kept.
    final class Output: Sendable {
        let text = Mutex("")
        var written: String { text.withLock { $0 } }
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    static func transcode(_ reporter: TerminalReporter, steps: Int) {
        for step in 1...steps {
            reporter.report(.videoProgress(source: "clip.mov", output: "1080p H.264", fraction: Double(step) / Double(steps),
                                           secondsLeft: Double(steps - step)))
        }
    }

    @Test func onATerminalTheLineIsRedrawnInPlaceAndClearedAtTheEnd() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        Self.transcode(reporter, steps: 100)
        let written = output.written
        #expect(written.hasPrefix(TerminalStyle.clearLine + "  ▶ clip.mov 1080p H.264  1% · 1:39 left"))
        #expect(!written.contains("\n"), "redrawn in place, never a new line")
        #expect(written.hasSuffix(TerminalStyle.clearLine), "cleared once done")
        // At most ten redraws a second (and the last): far fewer than the 100 updates.
        #expect(written.components(separatedBy: "▶").count - 1 < 20)
    }

    @Test func aLineOfTheBuildIsPrintedAboveTheProgressLine() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        reporter.report(.videoProgress(source: "clip.mov", output: "720p H.264", fraction: 0.5, secondsLeft: 2))
        reporter.report(.imageWarning(source: "a.jpg", message: "no date"))
        reporter.report(.videoProgress(source: "clip.mov", output: "720p H.264", fraction: 0.6, secondsLeft: 1))
        #expect(output.written.hasSuffix(TerminalStyle.clearLine + "\u{1B}[33m  ! a.jpg: no date\u{1B}[0m\n"
            + TerminalStyle.clearLine + "  ▶ clip.mov 720p H.264  60% · 0:01 left"))
    }

    /// A failed transcode never reaches 100%: the item's failure takes its line away.
    @Test func aFailedVideoLeavesTheLine() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        reporter.report(.videoProgress(source: "clip.mov", output: "720p H.264", fraction: 0.5, secondsLeft: 2))
        reporter.report(.imageFailed(ImageFailure(source: "clip.mov", location: .init(file: "gallery.yml", line: 3, column: 5),
                                                  reason: "ffmpeg stopped"), done: 1, total: 1))
        #expect(output.written.hasSuffix(TerminalStyle.clearLine + "\u{1B}[31m  ✗ clip.mov (1/1): ffmpeg stopped\u{1B}[0m\n"
            + TerminalStyle.clearLine))
    }

    @Test(arguments: [TerminalReporter.Verbosity.normal, .verbose, .brief])
    func pipedThereIsNothingPerPercent(verbosity: TerminalReporter.Verbosity) {
        let output = Output()
        let reporter = TerminalReporter(verbosity: verbosity, terminal: false, write: output.write)
        Self.transcode(reporter, steps: 50)
        #expect(output.written.isEmpty)
    }

    @Test func quietOnATerminalDrawsNothing() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .quiet, terminal: true, write: output.write)
        Self.transcode(reporter, steps: 10)
        #expect(output.written.isEmpty)
    }

    @Test(arguments: [(TerminalReporter.Verbosity.verbose, true), (.normal, false), (.quiet, false)])
    func theToolsLinesShowOnlyWithVerbose(verbosity: TerminalReporter.Verbosity, shown: Bool) {
        let output = Output()
        let reporter = TerminalReporter(verbosity: verbosity, terminal: false, write: output.write)
        reporter.report(.videoTool("ffmpeg -i clip.mov out.mp4"))
        #expect(output.written == (shown ? "  $ ffmpeg -i clip.mov out.mp4\n" : ""))
    }
}
