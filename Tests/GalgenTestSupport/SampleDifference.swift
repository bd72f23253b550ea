/// How far apart two runs of samples are: the mean of |a − b| over the pairs (0 for none).
public func meanSampleDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    Double(zip(a, b).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, min(a.count, b.count)))
}
