import Foundation

/// Holds each render until `target` renders are in flight at once, then lets every render
/// through: the pipeline's concurrency shows without sleeping and hoping renders overlap.
///
/// Renders run on Swift's cooperative threads, which other tests share; if `target` cannot be
/// reached within `timeout` (the threads are busy elsewhere), the gate opens anyway, so a test
/// can rely on the most renders in flight never being too many, not on it reaching `target`.
final class RenderGate: @unchecked Sendable {
    let target: Int
    private let timeout: TimeInterval
    private let condition = NSCondition()
    private var inFlight = 0, open = false

    init(target: Int, timeout: TimeInterval = 2) {
        self.target = target
        self.timeout = timeout
    }

    /// A render starts: counted, then held until the gate opens.
    func enter() {
        condition.lock()
        defer { condition.unlock() }
        inFlight += 1
        if inFlight >= target { open = true }
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !open && condition.wait(until: deadline) {}
        if !open {
            open = true
            condition.broadcast()
        }
    }

    func leave() {
        condition.lock()
        defer { condition.unlock() }
        inFlight -= 1
    }
}
