import Dispatch
import Foundation
import Synchronization

/// The machine's cores, for work that is pure and may use them all.
public let everyCore = ProcessInfo.processInfo.activeProcessorCount

extension Array where Element: Sendable {
    /// `transform` of every element, in order, on up to `threads` threads: the elements are cut
    /// into `threads` contiguous slices (none smaller than `minimumPerSlice`, since starting a
    /// thread costs more than a few small jobs), each sliced on its own thread.
    public func concurrentMap<Result: Sendable>(threads: Int, minimumPerSlice: Int = 16,
                                                _ transform: @Sendable (Element) -> Result) -> [Result] {
        let slices = Swift.min(Swift.max(1, threads), count / Swift.max(1, minimumPerSlice))
        guard slices > 1 else { return map(transform) }
        let size = (count + slices - 1) / slices
        let done = Mutex<[[Result]]>([[Result]](repeating: [], count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let range = (slice * size)..<Swift.min(count, (slice + 1) * size)
            let results = self[range].map(transform)
            done.withLock { $0[slice] = results }
        }
        return done.withLock { $0.flatMap { $0 } }
    }
}

/// `body` on the calling thread while `other` runs on another; returns once both are done,
/// with `body`'s result or the first error (`body`'s before `other`'s).
///
/// `other` gets a thread of its own, not one of Dispatch's: the calling thread (often one of
/// Dispatch's, under Swift's tasks) waits for it without Dispatch knowing, so a Dispatch thread
/// running `other` would leave `other`'s own `concurrentMap` (a record's encoding) no thread to
/// share its work with: on 2 cores the cache's records were encoded on one.
public func alongside<Value>(_ other: @escaping @Sendable () throws -> Void, _ body: () throws -> Value) throws -> Value {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<Void, any Error>>(.success(()))
    let thread = Thread {
        let result = Result { try other() }
        outcome.withLock { $0 = result }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    let result = Result { try body() }
    done.wait()
    let value = try result.get()
    try outcome.withLock { $0 }.get()
    return value
}
