import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Issue 17: overview pages lay photos out in justified rows, break points chosen together.
@Suite("JustifiedRows")
struct JustifiedRowsTests {
    static let target = 1040.0 / 240.0

    /// A repeatable mix of landscape, portrait and square photos: 3:2, 2:3, 4:3, 3:4, 1:1, 16:9.
    static func mixed(_ count: Int, seed: UInt64 = 17) -> [Double] {
        let shapes = [1.5, 2.0 / 3, 4.0 / 3, 0.75, 1, 16.0 / 9]
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return shapes[Int(state >> 33) % shapes.count]
        }
    }

    func layout(_ aspects: [Double], target: Double = target, maxPerRow: Int = 8) -> [JustifiedRow] {
        JustifiedRows.layout(aspects: aspects, targetRowAspect: target, maxPerRow: maxPerRow)
    }

    /// Each index once, in order, rows touching; sums match; only the last row may be ragged.
    func expectWellFormed(_ rows: [JustifiedRow], _ aspects: [Double], maxPerRow: Int = 8, target: Double = target,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(rows.flatMap { Array($0.range) } == Array(aspects.indices), sourceLocation: sourceLocation)
        for (number, row) in rows.enumerated() {
            #expect(!row.range.isEmpty && row.range.count <= maxPerRow, "row \(number)", sourceLocation: sourceLocation)
            let sum = row.range.map { JustifiedRows.sanitised(aspects[$0]) }.reduce(0, +)
            #expect(abs(row.aspectSum - sum) < 1e-9, "row \(number)", sourceLocation: sourceLocation)
            let last = number == rows.count - 1
            #expect(row.isRagged == (last && row.aspectSum <= target), "row \(number)", sourceLocation: sourceLocation)
        }
    }

    @Test func noPhotosNoRows() {
        #expect(layout([]).isEmpty)
    }

    @Test func onePhotoIsARaggedRow() {
        #expect(layout([1.5]) == [JustifiedRow(range: 0..<1, aspectSum: 1.5, isRagged: true)])
    }

    @Test func onePanoramaWiderThanTheTargetIsAFullRow() {
        #expect(layout([6]) == [JustifiedRow(range: 0..<1, aspectSum: 6, isRagged: false)])
    }

    @Test("Full rows come close to the target", arguments: [17, 18, 19] as [UInt64])
    func fullRowsAreCloseToTheTarget(seed: UInt64) {
        let aspects = Self.mixed(300, seed: seed)
        let rows = layout(aspects)
        expectWellFormed(rows, aspects)
        for row in rows where !row.isRagged {
            #expect(abs(row.aspectSum / Self.target - 1) < 0.25, "\(row)")
        }
        // A greedy filler's rows would be further off on average than the optimum's.
        let cost = rows.enumerated().map { number, row in
            JustifiedRows.rowCost(sum: row.aspectSum, target: Self.target, isLast: number == rows.count - 1)
        }.reduce(0, +)
        #expect(cost <= Self.greedyCost(aspects))
    }

    @Test func theLastRowIsRaggedWhenShorterThanTheTarget() {
        // Two rows of 3:2, 3:2 and 4:3 (sum 4.33, the target), then two left over.
        let rows = layout([1.5, 1.5, 4.0 / 3, 1.5, 1.5, 4.0 / 3, 1.5, 1.5])
        #expect(rows.map(\.range) == [0..<3, 3..<6, 6..<8])
        #expect(rows.map(\.isRagged) == [false, false, true])
    }

    @Test func aLastRowWiderThanTheTargetIsStretched() {
        let rows = layout(Array(repeating: 1.5, count: 6))
        expectWellFormed(rows, Array(repeating: 1.5, count: 6))
        #expect(rows.map(\.range) == [0..<3, 3..<6])
        #expect(rows.last?.isRagged == false)
    }

    @Test func aVeryWidePanoramaGetsARowOfItsOwn() {
        let aspects = [1.5, 1.5, 1.5, 12, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5]
        let rows = layout(aspects)
        expectWellFormed(rows, aspects)
        #expect(rows.contains { $0.range == 3..<4 }, "\(rows.map(\.range))")
    }

    @Test func portraitsOnlyStillMakeRowsNearTheTarget() {
        let aspects = Array(repeating: 2.0 / 3, count: 40)
        let rows = layout(aspects)
        expectWellFormed(rows, aspects)
        // 6 · 2/3 = 4 and 7 · 2/3 = 4.67 are the nearest sums to 4.33; no row strays beyond them.
        for row in rows.dropLast() { #expect((6...7).contains(row.range.count), "\(row)") }
    }

    @Test("No row holds more than maxPerRow photos", arguments: [1, 2, 3, 8])
    func maxPerRowIsRespected(maxPerRow: Int) {
        // Tall slivers would all fit one row but for the limit.
        let aspects = Array(repeating: 0.1, count: 30)
        let rows = layout(aspects, maxPerRow: maxPerRow)
        expectWellFormed(rows, aspects, maxPerRow: maxPerRow)
        #expect(rows.count == (30 + maxPerRow - 1) / maxPerRow)
    }

    @Test func aMaxPerRowBelowOneIsOne() {
        #expect(layout([1, 1, 1], maxPerRow: 0).map(\.range) == [0..<1, 1..<2, 2..<3])
    }

    @Test("Unmeasurable aspects count as squares", arguments: [0, -2, .nan, .infinity, -.infinity] as [Double])
    func unmeasurableAspectsAreSquares(_ bad: Double) {
        let rows = layout([1.5, bad, 1.5, 1.5, bad, 1.5])
        #expect(rows == layout([1.5, 1, 1.5, 1.5, 1, 1.5]))
    }

    @Test func theSameAspectsGiveTheSameRows() {
        let aspects = Self.mixed(1000)
        #expect(layout(aspects) == layout(aspects))
    }

    @Test func aTieGoesToTheEarlierBreak() {
        // With T = 2, [1][2][1] and [1 2][1] both cost 0.25: the row ending at 2 starts at 0.
        let rows = layout([1, 2, 1], target: 2)
        #expect(rows.map(\.range) == [0..<2, 2..<3])
    }

    @Test("The layout is the cheapest of all partitions", arguments: 0..<40)
    func theLayoutIsOptimal(seed: Int) {
        let aspects = Self.mixed(2 + seed % 9, seed: UInt64(seed) + 100)
        let maxPerRow = 3 + seed % 4
        let rows = layout(aspects, maxPerRow: maxPerRow)
        expectWellFormed(rows, aspects, maxPerRow: maxPerRow)
        let cost = Self.cost(rows.map(\.range), aspects)
        #expect(abs(cost - Self.cheapestPartition(aspects, maxPerRow: maxPerRow)) < 1e-12)
    }

    @Test func tenThousandPhotosAreLaidOut() {
        let aspects = Self.mixed(10_000)
        let rows = layout(aspects)
        expectWellFormed(rows, aspects)
    }

    // MARK: - References

    static func cost(_ ranges: [Range<Int>], _ aspects: [Double]) -> Double {
        ranges.enumerated().map { number, range in
            JustifiedRows.rowCost(sum: range.map { aspects[$0] }.reduce(0, +), target: target,
                                  isLast: number == ranges.count - 1)
        }.reduce(0, +)
    }

    /// Every way to cut the sequence into rows of at most maxPerRow, by brute force.
    static func cheapestPartition(_ aspects: [Double], maxPerRow: Int) -> Double {
        let n = aspects.count
        var cheapest = Double.infinity
        for cuts in 0..<(1 << (n - 1)) {
            var ranges: [Range<Int>] = [], lower = 0
            for gap in 1..<n where cuts & (1 << (gap - 1)) != 0 {
                ranges.append(lower..<gap)
                lower = gap
            }
            ranges.append(lower..<n)
            guard ranges.allSatisfy({ $0.count <= maxPerRow }) else { continue }
            cheapest = min(cheapest, cost(ranges, aspects))
        }
        return cheapest
    }

    /// Fill each row until it reaches the target.
    static func greedyCost(_ aspects: [Double]) -> Double {
        var ranges: [Range<Int>] = [], lower = 0, sum = 0.0
        for (index, aspect) in aspects.enumerated() {
            sum += aspect
            if sum >= target || index - lower + 1 == 8 {
                ranges.append(lower..<(index + 1))
                lower = index + 1
                sum = 0
            }
        }
        if lower < aspects.count { ranges.append(lower..<aspects.count) }
        return cost(ranges, aspects)
    }
}
