import Dispatch
import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenVideo

/// Ctrl-C (or SIGTERM) during a build: remove the half-assembled site and any partial
/// download, and stop. In-flight downloads end with the process.
/// The previous site is untouched because it is only replaced at the very end.
struct Interruption {
    private let sources: [any DispatchSourceSignal]

    /// `stopsCleanly` (galgen serve) is asked first: true when it took the signal as a clean stop
    /// because no build was running.
    static func install(staging: String, cleanUp: @escaping @Sendable () -> Void, reporter: TerminalReporter,
                        message: String = "interrupted; the previous site was left as it was",
                        stopsCleanly: @escaping @Sendable (Int32) -> Bool = { _ in false }) -> Interruption {
        Interruption(sources: [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stopsCleanly(number) { return }
                // Every ffmpeg child stops with the build; a partial MP4 is never recorded, so
                // never published, and the next build that prunes the cache removes it.
                FFmpegProcesses.terminateAll()
                try? FileManager.default.removeItem(atPath: staging)
                cleanUp()
                reporter.line(message, style: .warning)
                exit(ExitStatus.interrupted(signal: number).code)
            }
            source.resume()
            return source
        })
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
