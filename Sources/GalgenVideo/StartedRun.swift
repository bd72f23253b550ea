import Foundation
import GalgenCore
import Synchronization

/// A child that is running: its pipes being drained, its deadline set, registered with
/// `FFmpegProcesses`. It ends once, when both pipes have closed and the child has been reaped.
final class StartedRun: Sendable {
    let run: ProgramRun
    let child: RunningChild
    private let output: OutputCapture
    private let errors: OutputCapture
    private let registration: Int
    private let state = Mutex<(pipesOpen: Int, result: Result<ProgramResult, any Error>?,
                               waiters: [@Sendable (Result<ProgramResult, any Error>) -> Void])>((2, nil, []))

    init(run: ProgramRun, child: RunningChild) {
        self.run = run
        self.child = child
        output = OutputCapture(limit: run.outputLimit, keep: .head, onLine: run.onLine)
        errors = OutputCapture(limit: ProgramRunner.errorLimit, keep: .tail)
        registration = FFmpegProcesses.register(child)
    }

    func watch(output outputHandle: FileHandle, errors errorHandle: FileHandle) {
        output.drain(outputHandle) { self.pipeClosed() }
        errors.drain(errorHandle) { self.pipeClosed() }
        let deadline = DispatchTime.now() + max(0.001, run.timeout)
        DispatchQueue.global().asyncAfter(deadline: deadline) { [child] in child.kill(because: .timedOut) }
    }

    /// Calls `done` once the run has ended (at once if it already has).
    func whenDone(_ done: @escaping @Sendable (Result<ProgramResult, any Error>) -> Void) {
        let finished = state.withLock { state -> Result<ProgramResult, any Error>? in
            if state.result == nil { state.waiters.append(done) }
            return state.result
        }
        if let finished { done(finished) }
    }

    private func pipeClosed() {
        let last = state.withLock { state in
            state.pipesOpen -= 1
            return state.pipesOpen == 0
        }
        guard last else { return }
        let status = child.waitForEnd()
        FFmpegProcesses.remove(registration)
        let result = outcome(status: status)
        let waiters = state.withLock { state in
            state.result = result
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter(result) }
    }

    private func outcome(status: Int32) -> Result<ProgramResult, any Error> {
        switch child.stopReason {
        case .timedOut: return .failure(VideoToolError.timedOut(program: run.name, seconds: run.timeout))
        case .cancelled, .interrupted: return .failure(CancellationError())
        case nil: return .success(ProgramResult(status: status, output: output.bytes, outputOverflowed: output.overflowed,
                                                errorText: errors.text))
        }
    }
}
