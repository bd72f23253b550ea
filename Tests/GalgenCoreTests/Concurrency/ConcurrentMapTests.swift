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

    /// Strings (a reference in each result) come out whole and in order, and so does an update
    /// in place; a thread whose chunks were slow does not hold back the others' (each element once).
    @Test(arguments: [0, 1, 15, 16, 33, 1000, 1001])
    func stringsAndUpdatesInPlace(count: Int) {
        let words = (0..<count).map { "word number \($0), long enough to live on the heap" }
        for threads in [1, 2, 3, 8] {
            #expect(words.concurrentMap(threads: threads, minimumPerSlice: 4) { $0.uppercased() } == words.map { $0.uppercased() })
            var updated = words
            updated.concurrentUpdate(threads: threads, minimumPerSlice: 4) { $0 += "!" }
            #expect(updated == words.map { $0 + "!" })
        }
        let seen = Mutex<[Int: Int]>([:])
        var numbers = Array(0..<count)
        numbers.concurrentUpdate(threads: 4, minimumPerSlice: 2) { number in
            seen.withLock { $0[number, default: 0] += 1 }
            number *= 2
        }
        #expect(numbers == (0..<count).map { $0 * 2 })
        #expect(seen.withLock { $0.count == count && $0.values.allSatisfy { $0 == 1 } })
    }
}
