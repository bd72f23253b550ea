import Foundation

/// For each output position along one axis: the first source index, how many taps, and the
/// Lanczos-3 weights in fixed point (`one` = 1.0), summing to exactly `one` so flat colour stays exact.
struct LanczosWeights {
    static let fractionBits: Int32 = 14
    static let one = Int32(1) << fractionBits

    let taps: Int
    private(set) var starts: [Int32] = []
    private(set) var counts: [Int32] = []
    private(set) var values: [Int16] = []

    /// `scale` is source pixels per output pixel; output pixel i is centred on source position (i + ½)·scale.
    init(source: Int, destination: Int, scale: Double) {
        let filterScale = max(1, scale)
        let support = 3 * filterScale
        taps = min(source, Int((support * 2).rounded(.up)) + 1)
        values = [Int16](repeating: 0, count: destination * taps)
        for i in 0..<destination {
            let center = (Double(i) + 0.5) * scale
            let first = max(0, Int((center - support).rounded(.down)))
            let last = min(source - 1, Int((center + support).rounded(.up)))
            let weights = (first...min(last, first + taps - 1)).map { Self.lanczos3Table((Double($0) + 0.5 - center) / filterScale) }
            let total = weights.reduce(0, +)
            var fixed = weights.map { Int32(((total == 0 ? 1 / Double(weights.count) : $0 / total) * Double(Self.one)).rounded()) }
            // Rounding may leave the sum a little off one: the largest weight takes the difference.
            let largest = fixed.indices.max { fixed[$0] < fixed[$1] }!
            fixed[largest] += Self.one - fixed.reduce(0, +)
            for (t, weight) in fixed.enumerated() { values[i * taps + t] = Int16(weight) }
            starts.append(Int32(first))
            counts.append(Int32(fixed.count))
        }
    }

    /// `lanczos3` sampled 4,096 times per unit and interpolated: two sines per tap were a visible
    /// part of a thumbnail's time, and the difference (under 10⁻⁶) is far below a weight's 2⁻¹⁴ step.
    static func lanczos3Table(_ x: Double) -> Double {
        let position = abs(x) * Double(tableSteps)
        guard position < Double(3 * tableSteps) else { return 0 }
        let index = Int(position), fraction = position - Double(index)
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    private static let tableSteps = 4096
    private static let table: [Double] = (0...3 * tableSteps + 1).map { lanczos3(Double($0) / Double(tableSteps)) }

    /// Lanczos windowed sinc with a = 3.
    static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-9 { return 1 }
        if x >= 3 { return 0 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }
}
