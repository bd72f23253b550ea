import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: one deadline for a photo's whole download")
struct FetchDownloadDeadlineTests {
    @Test func theWholeDownloadHasFourTimesTheTimeout() {
        #expect(DownloadDeadline.seconds(DownloadSettings()) == 120)
        #expect(DownloadDeadline.seconds(DownloadSettings(timeoutSeconds: 2)) == 8)
    }

    @Test func theThreeAttemptsOfAnOutageFitInIt() throws {
        // Each attempt of an outage may last download.timeout (connecting, or waiting for data).
        let policy = RetryPolicy(), timeout = 30.0
        var remaining = Double(DownloadDeadline.seconds(DownloadSettings()))
        for attempt in 1...2 {
            remaining -= timeout
            let delay = try #require(policy.delay(afterAttempt: attempt, retryAfter: nil, jitter: 0.999,
                                                  remaining: remaining, minimumAttempt: 1))
            remaining -= delay
        }
        #expect(remaining >= timeout)
    }

    @Test("A retry starts only with time left for it after its wait", arguments: [
        (nil, 0, 10, 0.25), (5, 0, 10, 5), (5, 0, 6, 5), (5, 0, 5.5, nil), (nil, 0, 1.1, nil),
    ] as [(TimeInterval?, Double, TimeInterval, TimeInterval?)])
    func retryWithinTheDeadline(_ retryAfter: TimeInterval?, _ jitter: Double, _ remaining: TimeInterval, _ expected: TimeInterval?) {
        let delay = RetryPolicy().delay(afterAttempt: 1, retryAfter: retryAfter, jitter: jitter, remaining: remaining, minimumAttempt: 1)
        #expect(delay == expected)
    }

    @Test func noTimeNoRetry() {
        #expect(RetryPolicy().delay(afterAttempt: 1, retryAfter: nil, jitter: 0, remaining: 0, minimumAttempt: 1) == nil)
        #expect(RetryPolicy().delay(afterAttempt: 3, retryAfter: nil, jitter: 0, remaining: 100, minimumAttempt: 1) == nil)
    }
}
