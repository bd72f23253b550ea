import Foundation
@testable import GalgenServe
import Testing

/// The watcher's wait between polls follows the processor time a poll uses, within bounds.
struct PollPacingTests {
    let pacing = PollPacing(interval: .milliseconds(100))

    @Test func aCheapPollWaitsTheInterval() {
        #expect(pacing.wait(afterPollCosting: .milliseconds(1)) == .milliseconds(100))
    }

    @Test func aCostlyPollWaitsTwentyTimesItsCostUpToThreeSeconds() {
        #expect(pacing.wait(afterPollCosting: .milliseconds(50)) == .seconds(1))
        #expect(pacing.wait(afterPollCosting: .seconds(1)) == .seconds(3))
        #expect(PollPacing(interval: .seconds(5)).wait(afterPollCosting: .zero) == .seconds(5))
    }

    /// A poll held back by a loaded machine (here: a thread that sleeps 300 ms) uses almost no
    /// processor time, so the next poll is not put off. Paced by the wall clock, as before, this
    /// wait was 6 s; under the test suite's load it reached 20 s and edits went unseen.
    @Test func timeSpentWaitingIsNotCountedAsTheCostOfAPoll() {
        let wall = ContinuousClock.now
        let (_, cost) = ThreadClock.measure { usleep(300_000) }
        #expect(ContinuousClock.now - wall >= .milliseconds(300))
        #expect(cost < .milliseconds(100), "\(cost)")
        #expect(pacing.wait(afterPollCosting: cost) < .seconds(2))
    }

    @Test func workOnTheThreadIsCounted() {
        let (sum, cost) = ThreadClock.measure { (0..<2_000_000).reduce(0, &+) }
        #expect(sum > 0)
        #expect(cost > .milliseconds(1), "\(cost)")
    }
}
