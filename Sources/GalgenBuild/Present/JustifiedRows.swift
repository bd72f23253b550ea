import GalgenCore

/// Breaks a sequence of photos into justified rows: each row is scaled to the content width, so
/// a row's height is that width divided by its aspect sum, and rows whose sums are close to the
/// target aspect come out close to the target height. Pure, deterministic, O(n · maxPerRow).
///
/// The break points are chosen together, by dynamic programming over every possible last break
/// (Knuth–Plass), rather than greedily: a greedy filler leaves a badly short or long row wherever
/// its next photo does not fit, which is what makes many galleries' rows jump in height.
enum JustifiedRows {
    /// Lays out photos of the given aspect ratios (width / height) in order.
    ///
    /// - Each row costs `((sum − T) / T)²`. The last row costs nothing when its sum is at most `T`:
    ///   it is then ragged, shown at the target height rather than stretched to the full width.
    /// - Among equally good layouts, each row starts as early as it can (a tie picks the earlier
    ///   break), so the same aspects always give the same rows.
    /// - An aspect that is zero, negative, NaN or infinite counts as 1 (a square); the others are
    ///   held within `aspectBounds`.
    static func layout(aspects: [Double], targetRowAspect: Double, maxPerRow: Int) -> [JustifiedRow] {
        let aspects = aspects.map(sanitised)
        let target = sanitised(targetRowAspect)
        let perRow = max(1, maxPerRow)
        let n = aspects.count
        guard n > 0 else { return [] }
        // best[j]: the least cost of laying out the first j photos; start[j]: where its last row starts.
        var best = [Double](repeating: .infinity, count: n + 1)
        var start = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for end in 1...n {
            var sum = 0.0
            // Downwards with `<=`: a tie goes to the earliest start, the longer row.
            for first in stride(from: end - 1, through: max(0, end - perRow), by: -1) {
                sum += aspects[first]
                let cost = best[first] + rowCost(sum: sum, target: target, isLast: end == n)
                if cost <= best[end] {
                    best[end] = cost
                    start[end] = first
                }
            }
        }
        var rows: [JustifiedRow] = []
        var end = n
        while end > 0 {
            let range = start[end]..<end
            let sum = aspects[range].reduce(0, +)
            rows.append(JustifiedRow(range: range, aspectSum: sum, isRagged: end == n && sum <= target))
            end = range.lowerBound
        }
        return rows.reversed()
    }

    /// What a row of this aspect sum adds to the layout's cost. Relative to the target, so the cost
    /// reads the same whatever the target (it does not change which breaks win).
    static func rowCost(sum: Double, target: Double, isLast: Bool) -> Double {
        if isLast, sum <= target { return 0 }
        let off = (sum - target) / target
        return off * off
    }

    /// Aspects outside these bounds are held at them: beyond them no photo is visible anyway, and
    /// the bounds keep every width attribute made from an aspect within `Int`.
    static let aspectBounds: ClosedRange<Double> = 0.001...1000

    /// The aspect to lay out for a measured one: 1 for zero, negative, NaN or infinite.
    static func sanitised(_ aspect: Double) -> Double {
        guard aspect.isFinite, aspect > 0 else { return 1 }
        return min(max(aspect, aspectBounds.lowerBound), aspectBounds.upperBound)
    }
}

/// One row of a justified layout: which photos it holds and the sum of their aspect ratios.
struct JustifiedRow: Equatable, Sendable {
    /// The photos' indices in the laid-out sequence.
    var range: Range<Int>
    /// The sum of the photos' (sanitised) aspect ratios: the row's height is the content width divided by it.
    var aspectSum: Double
    /// The last row, when it is no wider than the target: shown at the target height, not stretched.
    var isRagged: Bool
}
