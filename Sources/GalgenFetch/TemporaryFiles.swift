import Foundation
import Synchronization

/// Names of this process's temporary files, so they can be removed on close or Ctrl-C.
///
/// A name is `.partial-<pid>-<n>[-tag]`: the pid tells a later build whether the
/// writer is still running.
final class TemporaryFiles: Sendable {
    private let state = Mutex<(next: Int, paths: Set<String>)>((0, []))

    func make(in folder: String, tag: String? = nil) -> String {
        state.withLock { state in
            state.next += 1
            let path = "\(folder)/.partial-\(getpid())-\(state.next)" + (tag.map { "-\($0)" } ?? "")
            state.paths.insert(path)
            return path
        }
    }

    func forget(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    func removeAll() {
        let paths = state.withLock { state in
            defer { state.paths.removeAll() }
            return state.paths
        }
        for path in paths { unlink(path) }
    }

    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix(".partial-") else { return nil }
        return name.dropFirst(".partial-".count).split(separator: "-").first.flatMap { pid_t($0) }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
