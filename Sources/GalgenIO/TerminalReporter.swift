import Foundation
import GalgenCore

/// Prints build events: friendly on a terminal, plain lines when piped.
public final class TerminalReporter: @unchecked Sendable {
    /// `brief`: like normal without the stage lines, and each warning only once (galgen serve's rebuilds).
    public enum Verbosity: Sendable { case quiet, brief, normal, verbose }

    private var verbosity: Verbosity
    private var warned: Set<String> = []
    private let colour: Bool
    private let lock = NSLock()
    private var downloads = DownloadProgress()
    private var barShown = false
    private var lastDraw = Date.distantPast

    public init(verbosity: Verbosity, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.verbosity = verbosity
        self.colour = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// serve: the first build at the command's verbosity, the rebuilds brief.
    public func setVerbosity(_ verbosity: Verbosity) {
        lock.withLock { self.verbosity = verbosity }
    }

    public func report(_ event: BuildEvent) {
        lock.withLock {
            switch event {
            case let .stage(number, count, name):
                if verbosity == .normal || verbosity == .verbose { line("[\(number)/\(count)] \(name)", style: "1") }
            case let .imageBuilt(source, done, total):
                if verbosity == .verbose { line("  ✓ \(source) (\(done)/\(total))", style: "32") }
            case let .imageFailed(failure, done, total):
                line("  ✗ \(failure.source) (\(done)/\(total)): \(failure.reason)", style: "31")
            case let .imageWarning(source, message):
                let repeated = !warned.insert(source + "\u{0}" + message).inserted
                if verbosity != .quiet && !(repeated && verbosity == .brief) { line("  ! \(source): \(message)", style: "33") }
            case let .download(event):
                download(event)
            }
        }
    }

    /// On a terminal, a progress bar redrawn in place; piped, one line per finished download.
    private func download(_ event: DownloadEvent) {
        downloads.apply(event)
        switch event {
        case .started:
            lastDraw = .distantPast
        case .received:
            break
        case let .finished(url, outcome, bytes, done, total):
            if verbosity == .verbose || (!colour && verbosity == .normal) {
                let size = bytes > 0 ? ", \(DownloadProgress.size(bytes))" : ""
                line("  ↓ \(url): \(outcome.rawValue)\(size) (\(done)/\(total))", style: "32")
            }
        case let .failed(url, problem, done, total):
            line("  ✗ \(url): \(problem) (\(done)/\(total))", style: "31")
        }
        guard colour, verbosity != .quiet else { return }
        let finished = downloads.done == downloads.total
        guard finished || Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + downloads.bar() + (finished ? "\n" : "")).utf8))
        barShown = !finished
    }

    /// A line on standard error, which keeps standard output free for data.
    public func line(_ text: String, style: String? = nil) {
        var rendered = colour && style != nil ? "\u{1B}[\(style!)m\(text)\u{1B}[0m" : text
        if barShown {
            // Print above the progress bar, which the next redraw puts back.
            rendered = "\r\u{1B}[K" + rendered
            lastDraw = .distantPast
        }
        FileHandle.standardError.write(Data((rendered + "\n").utf8))
    }
}
