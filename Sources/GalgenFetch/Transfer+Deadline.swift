import GalgenCore
import Synchronization

extension Transfer {
    /// Set when the whole download's deadline has passed and the attempt is being cancelled for it,
    /// so that the cancellation is told apart from the build's own (Ctrl-C).
    final class DeadlineFlag: Sendable {
        private let state = Mutex(false)
        var reached: Bool { state.withLock { $0 } }
        func set() { state.withLock { $0 = true } }
    }

    /// Runs `attempt`, cancelled when `deadline` passes: libcurl's idle timeout alone would let a
    /// body sent slowly enough, never silent for `download.timeout`, run for as long as its server likes.
    static func racing(_ deadline: ContinuousClock.Instant, _ attempt: @escaping @Sendable (DeadlineFlag) async -> Outcome) async -> Outcome {
        let flag = DeadlineFlag()
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { await attempt(flag) }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled { flag.set() }
                return nil
            }
            var outcome: Outcome?
            // Whichever ends first, the other is cancelled; the attempt always ends with an outcome.
            while let next = await group.next() {
                if let next { outcome = next }
                group.cancelAll()
            }
            return outcome ?? .failed(.connection("cancelled"), retryAfter: nil)
        }
    }

    /// Why an attempt that was cancelled stopped: the whole download's deadline, with `received`
    /// body bytes so far (nil before a body), or else the build itself was cancelled.
    func stopped(_ flag: DeadlineFlag, received: Int?) -> FetchProblem {
        flag.reached ? deadlineProblem(received: received) : .connection("cancelled")
    }

    func deadlineProblem(received: Int?) -> FetchProblem {
        .deadline(seconds: DownloadDeadline.seconds(settings), timeout: settings.timeoutSeconds, received: received)
    }
}
