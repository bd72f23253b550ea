import GalgenIO
import Foundation

/// Polls the inputs of a build (gallery.yml, local photos, the template folder) for changes.
///
/// Polling, rather than inotify or FSEvents, sees every way an editor saves (in place, or a
/// new file renamed over the old), works on every file system, and costs one `stat` per input:
/// the interval grows with the processor time a poll takes (`PollPacing`), so a huge gallery
/// costs about 5% of a core.
public struct InputWatcher: Sendable {
    /// Files and folders to watch (absolute), each covering what `InputStamps` says (the no-op
    /// check's rule): a template folder its listing and own files, a photo folder (ending in `/`)
    /// its listing.
    public var paths: [String]
    /// Between polls at least, and how long inputs must stay unchanged before a rebuild.
    public var interval: Duration
    public var settle: Duration

    public init(paths: [String], interval: Duration = .milliseconds(100), settle: Duration = .milliseconds(100)) {
        self.paths = paths
        self.interval = interval
        self.settle = settle
    }

    /// The inputs as they are now.
    public func snapshot() -> InputSnapshot {
        var stamps: [String: FileStamp?] = [:]
        for path in paths {
            for (covered, stamp) in InputStamps.of(path) { stamps[covered] = .some(stamp) }
        }
        return InputSnapshot(stamps)
    }

    /// Waits until the inputs differ from `known` and then stay the same for `settle` (an editor
    /// that saves in several writes causes one rebuild). Returns the settled snapshot and what
    /// changed; throws when the task is cancelled.
    public func nextChange(after known: InputSnapshot) async throws -> (InputSnapshot, [String]) {
        let pacing = PollPacing(interval: interval)
        var wait = interval
        while true {
            try await Task.sleep(for: wait)
            var (current, cost) = ThreadClock.measure { snapshot() }
            wait = pacing.wait(afterPollCosting: cost)
            guard current != known else { continue }
            while true {
                try await Task.sleep(for: settle)
                let again = snapshot()
                if again == current { break }
                current = again
            }
            let changed = known.changes(to: current)
            if !changed.isEmpty { return (current, changed) }
        }
    }
}
