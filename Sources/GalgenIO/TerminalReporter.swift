import Foundation
import GalgenCore
import Synchronization

/// Prints build events: friendly on a terminal, plain lines when piped. Safe to call from any
/// thread (the build's tasks, the signal handler): all its state is behind one lock.
public final class TerminalReporter: Sendable {
    /// `brief`: like normal without the stage lines, and each warning only once (galgen serve's rebuilds).
    public enum Verbosity: Sendable { case quiet, brief, normal, verbose }

    private struct State {
        var verbosity: Verbosity
        var warned: Set<String> = []
        var downloads = DownloadProgress()
        var barShown = false
        var lastDraw = Date.distantPast
    }

    private let state: Mutex<State>
    private let colour: Bool

    public init(verbosity: Verbosity, environment: [String: String] = ProcessInfo.processInfo.environment) {
        state = Mutex(State(verbosity: verbosity))
        colour = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// serve: the first build at the command's verbosity, the rebuilds brief.
    public func setVerbosity(_ verbosity: Verbosity) {
        state.withLock { $0.verbosity = verbosity }
    }

    public func report(_ event: BuildEvent) {
        state.withLock { state in
            switch event {
            case let .stage(number, count, name):
                if state.verbosity == .normal || state.verbosity == .verbose { line("[\(number)/\(count)] \(name)", style: .heading, &state) }
            case let .imageBuilt(source, done, total):
                if state.verbosity == .verbose { line("  ✓ \(source) (\(done)/\(total))", style: .success, &state) }
            case let .imageFailed(failure, done, total):
                line("  ✗ \(failure.source) (\(done)/\(total)): \(failure.reason)", style: .error, &state)
            case let .imageWarning(source, message):
                warning(source, message, &state)
            case let .templateFileSkipped(file, reason):
                warning(file, reason, &state)
            case let .templateFileUsed(file, becomes):
                if state.verbosity == .verbose { line("  + \(file) → \(becomes)", &state) }
            case let .download(event):
                download(event, &state)
            case let .folderSkipped(entry, summary):
                // Not a warning (hidden files and notes beside photos are normal), but said once.
                let repeated = !state.warned.insert(entry + "\u{0}" + summary).inserted
                if state.verbosity != .quiet && !(repeated && state.verbosity == .brief) {
                    line("  · \(entry): \(summary)", &state)
                }
            case .videoProgress:
                break
            case let .videoTool(text):
                if state.verbosity == .verbose { line("  $ \(text)", &state) }
            }
        }
    }

    /// Shown unless quiet; under serve's rebuilds (`brief`), only the first time.
    private func warning(_ subject: String, _ message: String, _ state: inout State) {
        let repeated = !state.warned.insert(subject + "\u{0}" + message).inserted
        if state.verbosity != .quiet && !(repeated && state.verbosity == .brief) {
            line("  ! \(subject): \(message)", style: .warning, &state)
        }
    }

    /// On a terminal, a progress bar redrawn in place; piped, one line per finished download.
    private func download(_ event: DownloadEvent, _ state: inout State) {
        state.downloads.apply(event)
        switch event {
        case .started:
            state.lastDraw = .distantPast
        case .received:
            break
        case let .finished(url, outcome, bytes, done, total):
            if state.verbosity == .verbose || (!colour && state.verbosity == .normal) {
                let size = bytes > 0 ? ", \(DownloadProgress.size(bytes))" : ""
                line("  ↓ \(url): \(outcome.rawValue)\(size) (\(done)/\(total))", style: .success, &state)
            }
        case let .failed(url, problem, done, total):
            line("  ✗ \(url): \(problem) (\(done)/\(total))", style: .error, &state)
        }
        guard colour, state.verbosity != .quiet else { return }
        let finished = state.downloads.done == state.downloads.total
        guard finished || Date().timeIntervalSince(state.lastDraw) > 0.1 else { return }
        state.lastDraw = Date()
        FileHandle.standardError.write(Data((TerminalStyle.clearLine + state.downloads.bar() + (finished ? "\n" : "")).utf8))
        state.barShown = !finished
    }

    /// A line on standard error, which keeps standard output free for data.
    public func line(_ text: String, style: TerminalStyle? = nil) {
        state.withLock { line(text, style: style, &$0) }
    }

    private func line(_ text: String, style: TerminalStyle? = nil, _ state: inout State) {
        var rendered = colour ? style.map { $0.apply(to: text) } ?? text : text
        if state.barShown {
            // Print above the progress bar, which the next redraw puts back.
            rendered = TerminalStyle.clearLine + rendered
            state.lastDraw = .distantPast
        }
        FileHandle.standardError.write(Data((rendered + "\n").utf8))
    }
}
