import Foundation
import GalgenCore

/// Prints build events: friendly on a terminal, plain lines when piped.
public final class TerminalReporter: @unchecked Sendable {
    public enum Verbosity: Sendable { case quiet, normal, verbose }

    private let verbosity: Verbosity
    private let colour: Bool
    private let lock = NSLock()

    public init(verbosity: Verbosity, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.verbosity = verbosity
        self.colour = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    public func report(_ event: BuildEvent) {
        lock.withLock {
            switch event {
            case let .stage(number, count, name):
                if verbosity != .quiet { line("[\(number)/\(count)] \(name)", style: "1") }
            case let .imageBuilt(source, done, total):
                if verbosity == .verbose { line("  ✓ \(source) (\(done)/\(total))", style: "32") }
            case let .imageFailed(failure, done, total):
                line("  ✗ \(failure.source) (\(done)/\(total)): \(failure.reason)", style: "31")
            case let .imageWarning(source, message):
                if verbosity != .quiet { line("  ! \(source): \(message)", style: "33") }
            }
        }
    }

    /// A line on standard error, which keeps standard output free for data.
    public func line(_ text: String, style: String? = nil) {
        let rendered = colour && style != nil ? "\u{1B}[\(style!)m\(text)\u{1B}[0m" : text
        FileHandle.standardError.write(Data((rendered + "\n").utf8))
    }
}
