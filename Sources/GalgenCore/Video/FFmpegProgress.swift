/// ffmpeg's `-progress pipe:1` report, read line by line: `key=value`, a block per update ending
/// in `progress=continue`, the last in `progress=end`.
public struct FFmpegProgress: Equatable, Sendable {
    /// The video's length, the whole of the work.
    public var duration: Double
    /// How far the encode is, 0…1.
    public private(set) var fraction: Double = 0
    public private(set) var ended = false

    public init(duration: Double) {
        self.duration = duration
    }

    /// Reads one line; the new fraction when it moved on (or the encode ended), else nil.
    public mutating func read(_ line: Substring) -> Double? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals], value = line[line.index(after: equals)...].trimmingSuffix(while: { $0 == "\r" })
        switch key {
        // Both are microseconds: ffmpeg's `out_time_ms` is misnamed.
        case "out_time_us", "out_time_ms":
            guard let micros = Int64(value), micros >= 0, duration > 0 else { return nil }
            let next = min(1, Double(micros) / 1_000_000 / duration)
            guard next > fraction else { return nil }
            fraction = next
            return next
        case "progress" where value == "end":
            ended = true
            fraction = 1
            return 1
        default:
            return nil
        }
    }
}

extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
