import Foundation
import Synchronization

/// Every ffmpeg and ffprobe this process is running, so an interruption (Ctrl-C) can stop them
/// all at once: `terminateAll()`. Each run registers its child when it starts and removes it
/// once it has ended.
public enum FFmpegProcesses {
    private static let running = Mutex<[Int: RunningChild]>([:])
    private static let next = Atomic<Int>(0)

    /// Kills (SIGKILL) every child still running. Their runs end with `CancellationError` and
    /// remove their partial files; a run started afterwards is not affected.
    public static func terminateAll() {
        terminate { _ in true }
    }

    /// Kills the running children `which` picks (tests pick their own, never another test's).
    static func terminate(_ which: (RunningChild) -> Bool) {
        let children = running.withLock { Array($0.values) }
        for child in children where which(child) { child.kill(because: .interrupted) }
    }

    /// How many children are running now (for tests and `--verbose`).
    public static var count: Int { running.withLock { $0.count } }

    /// Whether a child `which` picks is running.
    static func isRunning(_ which: (RunningChild) -> Bool) -> Bool {
        running.withLock { $0.values.contains(where: which) }
    }

    static func register(_ child: RunningChild) -> Int {
        let id = next.add(1, ordering: .relaxed).newValue
        running.withLock { $0[id] = child }
        return id
    }

    static func remove(_ id: Int) {
        _ = running.withLock { $0.removeValue(forKey: id) }
    }
}

/// One child process and why it was stopped, if it was. The lock makes a kill and the end of the
/// child exclusive, so a kill never reaches a later process given the same pid.
final class RunningChild: @unchecked Sendable {
    enum StopReason: Equatable, Sendable { case timedOut, cancelled, interrupted }

    private let process: Process
    /// The program's path and arguments, as run.
    let command: [String]
    private let state = Mutex<(ended: Bool, reason: StopReason?)>((false, nil))

    init(_ process: Process) {
        self.process = process
        command = [process.executableURL?.path ?? ""] + (process.arguments ?? [])
    }

    var stopReason: StopReason? { state.withLock { $0.reason } }

    func kill(because reason: StopReason) {
        state.withLock { state in
            // Foundation reaps the child as soon as it ends: not running means its pid may be reused.
            guard !state.ended, process.isRunning else { return }
            if state.reason == nil { state.reason = reason }
            let pid = process.processIdentifier
            if pid > 0 { Foundation.kill(pid, SIGKILL) }
        }
    }

    /// Waits for the child to end (after its pipes closed) and returns its exit status, or
    /// 128 + the signal that ended it.
    func waitForEnd() -> Int32 {
        process.waitUntilExit()
        return state.withLock { state in
            state.ended = true
            return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        }
    }
}
