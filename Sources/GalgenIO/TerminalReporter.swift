import Foundation
import GalgenBuild
import GalgenCore
import Synchronization

/// Prints build events: friendly on a terminal (colour, a progress line redrawn in place for
/// downloads, for rendering and for transcodes), plain lines when piped. Safe to call from any thread (the
/// build's tasks, the signal handler): all its state is behind one lock.
public final class TerminalReporter: Sendable {
    /// `brief`: like normal without the stage lines, and each warning only once (galgen serve's rebuilds).
    public enum Verbosity: Sendable { case quiet, brief, normal, verbose }

    private struct State {
        var verbosity: Verbosity
        var warned: Set<String> = []
        var downloads = DownloadProgress()
        var videos = VideoProgress()
        var renders = RenderProgress()
        var barShown = false
        var lastDraw = Date.distantPast
    }

    private let state: Mutex<State>
    private let colour: Bool
    private let write: @Sendable (String) -> Void

    public convenience init(verbosity: Verbosity, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(verbosity: verbosity,
                  terminal: isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb",
                  write: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// `terminal`: a terminal that takes colour and redraws (else plain lines); `write` takes the
    /// text for standard error (tests keep it).
    init(verbosity: Verbosity, terminal: Bool, write: @escaping @Sendable (String) -> Void) {
        state = Mutex(State(verbosity: verbosity))
        colour = terminal
        self.write = write
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
            case .renderingStarted, .imageStarted, .renderingFinished:
                render(event, &state)
            case let .imageBuilt(source, done, total):
                if state.verbosity == .verbose { line("  ✓ \(source) (\(done)/\(total))", style: .success, &state) }
                finishVideo(source, &state)
                render(event, &state)
            case let .imageFailed(failure, done, total):
                line("  ✗ \(failure.source) (\(done)/\(total)): \(failure.reason)", style: .error, &state)
                finishVideo(failure.source, &state)
                render(event, &state)
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
            case let .videoProgress(source, output, fraction, secondsLeft):
                state.videos.update(source: source, output: output, fraction: fraction, secondsLeft: secondsLeft)
                drawVideos(&state, now: fraction >= 1)
            case let .videoTool(text):
                if state.verbosity == .verbose { line("  $ \(text)", &state) }
            case let .unlistedAddress(album, folder, token):
                if state.verbosity != .quiet {
                    line("  · Unlisted album '\(album)' is at \(folder) (the address is kept in the cache; "
                         + "to keep it without the cache, write 'unlisted: \(token)' on the album in gallery.yml)", &state)
                }
            case let .privateAddress(album, folder):
                if state.verbosity != .quiet {
                    line("  · Private album '\(album)' is at \(folder): give that address and its password to its visitors "
                         + "(its key is kept in the cache; without the cache it gets a new key and a new address)", &state)
                }
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
        write(TerminalStyle.clearLine + state.downloads.bar() + (finished ? "\n" : ""))
        state.barShown = !finished
        // The render bar (or the transcodes' line) under way meanwhile is drawn at its next event.
        if finished { state.lastDraw = .distantPast }
    }

    /// On a terminal, the render stage's bar redrawn in place (at most ten times a second, and
    /// at once when the stage starts) and cleared when it ends; piped, nothing: `--verbose`'s
    /// line per item is the record, and a bar's redraws would fill a log.
    /// Downloads, renders and transcodes run in one pool (`ItemQueue`), so their bars would take
    /// turns on one line: the downloads' is shown while they last, then the renders', then the
    /// transcodes' line.
    private func render(_ event: BuildEvent, _ state: inout State) {
        guard state.renders.apply(event), colour, state.verbosity != .quiet, !state.downloads.active else { return }
        guard state.renders.active else {
            if state.barShown { write(TerminalStyle.clearLine) }
            state.barShown = false
            state.lastDraw = .distantPast
            return
        }
        if case .renderingStarted = event { state.lastDraw = .distantPast }
        let now = Date()
        guard now.timeIntervalSince(state.lastDraw) > 0.1 else { return }
        state.lastDraw = now
        write(TerminalStyle.clearLine + state.renders.bar(now: now))
        state.barShown = true
    }

    /// On a terminal, one line redrawn in place for the transcodes under way (at most ten times
    /// a second), cleared when the last one ends; piped, nothing: a percentage per line would
    /// fill a log, and the item's own line says when it is built.
    private func drawVideos(_ state: inout State, now: Bool) {
        guard colour, state.verbosity != .quiet, !state.downloads.active, !state.renders.active else { return }
        guard now || Date().timeIntervalSince(state.lastDraw) > 0.1 else { return }
        state.lastDraw = Date()
        if let text = state.videos.line() {
            write(TerminalStyle.clearLine + text)
            state.barShown = true
        } else if state.barShown {
            write(TerminalStyle.clearLine)
            state.barShown = false
        }
    }

    /// A video built or failed: its transcodes leave the line (a failed one never reaches 100%).
    private func finishVideo(_ source: String, _ state: inout State) {
        guard state.videos.running.contains(where: { $0.source == source }) else { return }
        state.videos.finish(source: source)
        drawVideos(&state, now: true)
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
        write(rendered + "\n")
    }
}
