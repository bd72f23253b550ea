import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: retry policy")
struct FetchRetryPolicyTests {
    let policy = RetryPolicy()

    @Test func defaults() {
        #expect(policy == RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 10))
    }

    @Test func givesUpAfterThreeAttempts() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0) != nil)
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil, jitter: 0) != nil)
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, jitter: 0) == nil)
        #expect(policy.delay(afterAttempt: 4, retryAfter: nil, jitter: 0) == nil)
        // The server asking for a retry does not buy a fourth attempt.
        #expect(policy.delay(afterAttempt: 3, retryAfter: 1, jitter: 0) == nil)
    }

    @Test func oneAttemptMeansNoRetry() {
        #expect(RetryPolicy(maxAttempts: 1).delay(afterAttempt: 1, retryAfter: 2, jitter: 0.5) == nil)
    }

    @Test func equalJitterExactValues() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0) == 0.25)
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0.5) == 0.375)
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil, jitter: 0) == 0.5)
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil, jitter: 0.5) == 0.75)
    }

    @Test func delaysDoubleEachAttemptUntilTheCap() {
        let long = RetryPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 10)
        let delays = (1...8).map { long.delay(afterAttempt: $0, retryAfter: nil, jitter: 0) }
        #expect(delays == [0.5, 1, 2, 4, 8, 10, 10, 10])
        let highest = (1...8).map { long.delay(afterAttempt: $0, retryAfter: nil, jitter: 0.999) }
        #expect(highest.allSatisfy { $0 != nil && $0! <= 10 })
        #expect(highest[5] == 10)
    }

    @Test("Jitter keeps each delay within [half, whole) of the exponential step",
          arguments: [0, 0.1, 0.25, 0.5, 0.75, 0.999_999])
    func jitterBounds(_ jitter: Double) throws {
        let long = RetryPolicy(maxAttempts: 6, baseDelay: 0.5, maxDelay: 100)
        for attempt in 1...5 {
            let step = 0.5 * pow(2, Double(attempt - 1))
            let delay = try #require(long.delay(afterAttempt: attempt, retryAfter: nil, jitter: jitter))
            #expect(delay >= step / 2 && delay < step, "attempt \(attempt): \(delay) for step \(step)")
            #expect(abs(delay - step * (0.5 + jitter / 2)) < 1e-9)
        }
    }

    @Test func moreJitterMeansALongerWait() throws {
        let low = try #require(policy.delay(afterAttempt: 2, retryAfter: nil, jitter: 0.1))
        let high = try #require(policy.delay(afterAttempt: 2, retryAfter: nil, jitter: 0.9))
        #expect(low < high)
    }

    @Test("Retry-After is honoured exactly, without jitter, up to maxDelay", arguments: [
        (0, 0), (3, 3), (9.5, 9.5), (10, 10), (11, 10), (3600, 10),
    ] as [(TimeInterval, TimeInterval)])
    func retryAfter(_ asked: TimeInterval, _ waited: TimeInterval) {
        for jitter in [0, 0.7] {
            #expect(policy.delay(afterAttempt: 1, retryAfter: asked, jitter: jitter) == waited)
            #expect(policy.delay(afterAttempt: 2, retryAfter: asked, jitter: jitter) == waited)
        }
    }

    @Test func retryAfterCapFollowsTheSetting() {
        #expect(RetryPolicy(maxDelay: 2).delay(afterAttempt: 1, retryAfter: 30, jitter: 0) == 2)
    }
}
