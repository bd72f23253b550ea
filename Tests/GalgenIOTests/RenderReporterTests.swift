import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenIO
import Testing

/// The render stage on a terminal: a bar redrawn in place and cleared at the end; piped, the
/// lines it printed before the bar (none, or `--verbose`'s one per item).
struct RenderReporterTests {
    typealias Output = VideoProgressTests.Output

    /// A render stage of `count` items of 100 units each, every one built, as fast as it goes.
    static func render(_ reporter: TerminalReporter, count: Int) {
        reporter.report(.renderingStarted(total: count, done: 0, weight: 100 * count))
        for index in 1...count {
            reporter.report(.imageStarted(source: "photos/\(index).jpg", weight: 100))
            reporter.report(.imageBuilt(source: "photos/\(index).jpg", done: index, total: count))
        }
        reporter.report(.renderingFinished)
    }

    @Test func onATerminalTheBarIsRedrawnInPlaceAndClearedAtTheEnd() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        Self.render(reporter, count: 200)
        let written = output.written
        #expect(written.hasPrefix(TerminalStyle.clearLine + "  Rendering [····················] 0/200"), "drawn as the stage starts")
        #expect(!written.contains("\n"), "redrawn in place, never a new line")
        #expect(written.hasSuffix("\(TerminalStyle.clearLine)"), "cleared at the end")
        // At most ten redraws a second: far fewer than the 400 events.
        #expect(written.components(separatedBy: "Rendering [").count - 1 < 20)
    }

    @Test(arguments: [TerminalReporter.Verbosity.brief, .verbose])
    func theBarIsDrawnForBriefAndVerboseToo(verbosity: TerminalReporter.Verbosity) {
        let output = Output()
        let reporter = TerminalReporter(verbosity: verbosity, terminal: true, write: output.write)
        reporter.report(.renderingStarted(total: 2, done: 0, weight: 20))
        reporter.report(.imageStarted(source: "photos/a.jpg", weight: 10))
        #expect(output.written.contains("  Rendering [····················] 0/2"))
    }

    @Test func aFailureIsPrintedAboveTheBarWhichComesBack() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        reporter.report(.renderingStarted(total: 2, done: 0, weight: 20))
        reporter.report(.imageStarted(source: "photos/a.jpg", weight: 10))
        reporter.report(.imageFailed(ImageFailure(source: "photos/a.jpg", location: .init(file: "gallery.yml", line: 3, column: 5),
                                                  reason: "not a JPEG file"), done: 1, total: 2))
        #expect(output.written.hasSuffix(TerminalStyle.clearLine + "\u{1B}[31m  ✗ photos/a.jpg (1/2): not a JPEG file\u{1B}[0m\n"
            + TerminalStyle.clearLine + "  Rendering [██████████··········] 1/2"))
    }

    /// Once cleared, the next line is written as it is (no second clearing).
    @Test func afterTheStageLinesArePlainAgain() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        Self.render(reporter, count: 3)
        reporter.line("11 pages")
        #expect(output.written.hasSuffix("0/3" + TerminalStyle.clearLine + "11 pages\n")
            || output.written.hasSuffix("3/3" + TerminalStyle.clearLine + "11 pages\n"))
    }

    @Test func quietOnATerminalDrawsNothing() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .quiet, terminal: true, write: output.write)
        Self.render(reporter, count: 5)
        #expect(output.written.isEmpty)
    }

    /// Piped output is what it was before the bar: nothing per item, or `--verbose`'s ✓ lines.
    @Test(arguments: [(TerminalReporter.Verbosity.normal, ""), (.brief, ""), (.quiet, ""),
                      (.verbose, "  ✓ photos/1.jpg (1/3)\n  ✓ photos/2.jpg (2/3)\n  ✓ photos/3.jpg (3/3)\n")])
    func pipedTheOutputIsUnchanged(verbosity: TerminalReporter.Verbosity, expected: String) {
        let output = Output()
        let reporter = TerminalReporter(verbosity: verbosity, terminal: false, write: output.write)
        Self.render(reporter, count: 3)
        #expect(output.written == expected)
    }
}

/// Issue 42 §1: downloads, renders and transcodes share one pool, so their bars would take turns
/// on one line: the downloads' is drawn while they last, then the renders', then the transcodes'.
struct PooledBarsTests {
    typealias Output = VideoProgressTests.Output

    @Test func oneBarAtATimeDownloadsThenRendersThenTranscodes() {
        let output = Output()
        let reporter = TerminalReporter(verbosity: .normal, terminal: true, write: output.write)
        reporter.report(.download(.started(total: 2)))
        reporter.report(.renderingStarted(total: 3, done: 0, weight: 30))
        reporter.report(.imageStarted(source: "photos/a.jpg", weight: 10))
        reporter.report(.imageBuilt(source: "photos/a.jpg", done: 1, total: 3))
        #expect(!output.written.contains("Rendering ["), "the render bar waits while downloads run: \(output.written)")
        reporter.report(.download(.finished(url: "https://example.org/b.jpg", outcome: .downloaded, bytes: 10, done: 1, total: 2)))
        reporter.report(.download(.finished(url: "https://example.org/c.jpg", outcome: .downloaded, bytes: 10, done: 2, total: 2)))
        let afterDownloads = output.written.count
        reporter.report(.imageStarted(source: "https://example.org/b.jpg", weight: 10))
        reporter.report(.videoProgress(source: "clip.mp4", output: "720p H.264", fraction: 0.5, secondsLeft: 3))
        let rendering = String(output.written.dropFirst(afterDownloads))
        #expect(rendering.contains("Rendering ["), "then the render bar: \(rendering)")
        #expect(!rendering.contains("720p"), "a transcode's line waits while renders run: \(rendering)")
        reporter.report(.renderingFinished)
        reporter.report(.videoProgress(source: "clip.mp4", output: "720p H.264", fraction: 0.6, secondsLeft: 2))
        #expect(output.written.dropFirst(afterDownloads).contains("720p"), "then the transcodes' line")
    }
}
