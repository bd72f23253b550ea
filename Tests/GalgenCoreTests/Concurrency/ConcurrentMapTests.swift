import Synchronization
import Testing
@testable import GalgenCore

@Suite("concurrentMap: every element, in order, on several threads")
struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 15, 16, 33, 1000, 1001])
    func theResultIsTheSerialMapInOrder(count: Int) {
        let numbers = Array(0..<count)
        for threads in [1, 2, 3, 8] {
            #expect(numbers.concurrentMap(threads: threads) { $0 * 3 + 1 } == numbers.map { $0 * 3 + 1 })
        }
    }

    @Test func eachElementIsTransformedOnceAndBigArraysUseMoreThanOneSlice() {
        let seen = Mutex<[Int: Int]>([:])
        let sizes = Mutex<Set<Int>>([])
        _ = Array(0..<640).concurrentMap(threads: 4) { number in
            seen.withLock { $0[number, default: 0] += 1 }
            return number
        }
        #expect(seen.withLock { $0.count == 640 && $0.values.allSatisfy { $0 == 1 } })
        // Slices: 640 elements on 4 threads are 4 slices of 160 (none under minimumPerSlice).
        _ = Array(0..<640).concurrentMap(threads: 4, minimumPerSlice: 200) { number in
            sizes.withLock { _ = $0.insert(number / 214) }
            return number
        }
        #expect(sizes.withLock { $0 } == [0, 1, 2])
    }
}
