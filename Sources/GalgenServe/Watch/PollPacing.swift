import Foundation

/// How long the watcher waits between polls: long enough that polling costs about 5% of a core,
/// never shorter than the interval asked for, and never so long that an edit waits for it.
///
/// The cost is the processor time a poll took (`ThreadClock`), not the wall-clock time: on a
/// loaded machine a poll of a small gallery can take a second of wall-clock time while using a
/// millisecond of processor time, and pacing by the former left edits unseen for 20 s.
public struct PollPacing: Sendable, Equatable {
    public var interval: Duration
    public var longest: Duration

    public init(interval: Duration, longest: Duration = .seconds(3)) {
        self.interval = interval
        self.longest = max(interval, longest)
    }

    /// The wait after a poll that used `cost` of processor time.
    public func wait(afterPollCosting cost: Duration) -> Duration {
        min(longest, max(interval, cost * 20))
    }
}

/// The processor time the calling thread has used (user and system), for measuring a piece of
/// synchronous work that runs on one thread.
public enum ThreadClock {
    public static func now() -> Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    /// Runs `work` and returns its result with the processor time it used.
    public static func measure<T>(_ work: () -> T) -> (T, Duration) {
        let started = now()
        let result = work()
        return (result, now() - started)
    }
}
