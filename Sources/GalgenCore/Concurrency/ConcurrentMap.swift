import Dispatch
import Foundation
import Synchronization

/// The machine's cores, for work that is pure and may use them all.
public let everyCore = ProcessInfo.processInfo.activeProcessorCount

extension Array where Element: Sendable {
    /// `transform` of every element, in order, on up to `threads` threads (`ChunkedWork`).
    public func concurrentMap<Result: Sendable>(threads: Int, minimumPerSlice: Int = 16,
                                                _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard let work = ChunkedWork(count: count, threads: threads, minimumPerSlice: minimumPerSlice) else { return map(transform) }
        // Each result is made in its place in the array returned: no array per chunk, and no
        // copy of them all at the end (for pages, a retain and a release of every field).
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let results = SharedBuffer(buffer: buffer)
            work.run { index in (results.buffer.baseAddress! + index).initialize(to: transform(self[index])) }
            initialized = count
        }
    }

    /// `update` applied to every element in place, on up to `threads` threads (`ChunkedWork`):
    /// no second array of them all (an album of 10,000 photo pages is 15 MB of view models).
    public mutating func concurrentUpdate(threads: Int, minimumPerSlice: Int = 16, _ update: @Sendable (inout Element) -> Void) {
        guard let work = ChunkedWork(count: count, threads: threads, minimumPerSlice: minimumPerSlice) else {
            for index in indices { update(&self[index]) }
            return
        }
        withUnsafeMutableBufferPointer { buffer in
            let elements = SharedBuffer(buffer: buffer)
            work.run { index in update(&elements.buffer[index]) }
        }
    }
}

/// Indexes `0..<count` cut into chunks (none smaller than `minimumPerSlice`, since handing out a
/// chunk costs more than a few small jobs), a few per thread, on up to `threads` threads: each
/// takes the next chunk left when it is done with one, so a thread whose chunks were quick does
/// not wait for a slow one's (the merge's lookups left a core idle for a tenth of their time when
/// each thread had one half). Nil when one thread would do it all.
struct ChunkedWork {
    let count: Int
    let workers: Int
    let chunks: Int

    /// How many chunks per thread, at most.
    static let chunksPerThread = 8

    init?(count: Int, threads: Int, minimumPerSlice: Int) {
        let most = count / Swift.max(1, minimumPerSlice)
        workers = Swift.min(Swift.max(1, threads), most)
        guard workers > 1 else { return nil }
        self.count = count
        chunks = Swift.max(workers, Swift.min(most, workers * Self.chunksPerThread))
    }

    /// `body` of every index, each once, on `workers` threads.
    func run(_ body: @Sendable (Int) -> Void) {
        let size = (count + chunks - 1) / chunks
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let chunk = next.add(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { return }
                for index in Swift.min(count, chunk * size)..<Swift.min(count, (chunk + 1) * size) { body(index) }
            }
        }
    }
}

/// An array's storage that several threads fill or change (`concurrentMap`,
/// `concurrentUpdate`): each touches elements no other thread touches.
private struct SharedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
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
