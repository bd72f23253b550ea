import Foundation

/// One bound on a photo's whole download: connecting, redirects, the body and every retry, so
/// that no photo can hold a build for longer, however its server behaves.
public enum DownloadDeadline {
    /// The whole download may take this many times `download.timeout`: the smallest multiple
    /// that still holds the three attempts of an outage (each may wait `download.timeout` to
    /// connect, or for data that does not come) and the waits between them. At the default of
    /// 30 s, two minutes.
    public static let timeoutMultiple = 4

    /// Seconds a photo's whole download may take under `settings`.
    public static func seconds(_ settings: DownloadSettings) -> Int { settings.timeoutSeconds * timeoutMultiple }
}

extension RetryPolicy {
    /// The wait before the next attempt, as `delay(afterAttempt:retryAfter:jitter:)` gives it,
    /// or nil when the attempt after that wait could not start before the whole download's
    /// deadline, `remaining` seconds away, with at least `minimumAttempt` seconds to run.
    public func delay(afterAttempt attempt: Int, retryAfter: TimeInterval?, jitter: Double, remaining: TimeInterval,
                      minimumAttempt: TimeInterval) -> TimeInterval? {
        guard let delay = delay(afterAttempt: attempt, retryAfter: retryAfter, jitter: jitter),
              delay + minimumAttempt <= remaining else { return nil }
        return delay
    }
}
