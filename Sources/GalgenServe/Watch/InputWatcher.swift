import GalgenIO
import Foundation

/// Polls the inputs of a build (gallery.yml, local photos, the template folder) for changes.
///
/// Polling, rather than inotify or FSEvents, sees every way an editor saves (in place, or a
/// new file renamed over the old), works on every file system, and costs one `stat` per input:
/// the interval grows with the processor time a poll takes (`PollPacing`), so a huge gallery
/// costs about 5% of a core.
public struct InputWatcher: Sendable {
    /// Files and folders to watch (absolute). A folder stands for every file under it; a folder
    /// ending in `/` (a photo folder) for itself only.
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
            guard let stamp = Self.stamp(path) else { stamps[path] = .some(nil); continue }
            if stamp.isFolder && path.hasSuffix("/") {
                // A photo folder: its listing changes when a file is added, removed or renamed
                // in it; the photos and sidecars in it are inputs of their own.
                stamps[path] = FileStamp.listing(of: path)
            } else if stamp.isFolder {
                for file in Self.filesUnder(path) { stamps[file] = Self.stamp(file)?.stamp }
            } else {
                stamps[path] = stamp.stamp
            }
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

    private static func stamp(_ path: String) -> (stamp: FileStamp, isFolder: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (FileStamp(info), info.st_mode & S_IFMT == S_IFDIR)
    }

    /// Regular files under a folder, hidden ones (editor swap files, .DS_Store) left out.
    private static func filesUnder(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix("~") {
                walker.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(folder + "/" + relative)
            }
        }
        return files
    }
}
