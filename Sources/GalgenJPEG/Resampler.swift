import Foundation

/// Separable Lanczos-3 resampling with weights computed once per axis.
///
/// Works on gamma-encoded values, as most thumbnailers do; see the renditions
/// issue for the linear-light trade-off.
public enum Resampler {
    /// Resizes `image` to exactly `width` × `height`.
    public static func resize(_ image: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        precondition(width > 0 && height > 0, "target size must be positive")
        if width == image.width && height == image.height { return image }
        let horizontal = Weights(source: image.width, destination: width)
        let vertical = Weights(source: image.height, destination: height)
        let channels = image.channels
        // Horizontal pass into floats, then vertical pass back to bytes.
        var middle = [Float](repeating: 0, count: width * image.height * channels)
        image.bytes.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let sourceRow = y * image.width * channels
                    let targetRow = y * width * channels
                    for x in 0..<width {
                        let start = horizontal.starts[x], offset = x * horizontal.taps
                        for c in 0..<channels {
                            var sum: Float = 0
                            for t in 0..<horizontal.counts[x] {
                                sum += Float(source[sourceRow + (start + t) * channels + c]) * horizontal.values[offset + t]
                            }
                            target[targetRow + x * channels + c] = sum
                        }
                    }
                }
            }
        }
        var output = [UInt8](repeating: 0, count: width * height * channels)
        let rowLength = width * channels
        middle.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var accumulator = [Float](repeating: 0, count: rowLength)
                for y in 0..<height {
                    let start = vertical.starts[y], offset = y * vertical.taps
                    for i in 0..<rowLength { accumulator[i] = 0 }
                    for t in 0..<vertical.counts[y] {
                        let weight = vertical.values[offset + t]
                        let row = (start + t) * rowLength
                        for i in 0..<rowLength { accumulator[i] += source[row + i] * weight }
                    }
                    let targetRow = y * rowLength
                    for i in 0..<rowLength {
                        target[targetRow + i] = UInt8(max(0, min(255, accumulator[i].rounded())))
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: image.layout, bytes: output)
    }

    /// Lanczos windowed sinc with a = 3.
    static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-9 { return 1 }
        if x >= 3 { return 0 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }

    /// For each output position: the first source index, how many taps, and normalized weights.
    struct Weights {
        let taps: Int
        var starts: [Int] = []
        var counts: [Int] = []
        var values: [Float] = []

        init(source: Int, destination: Int) {
            let scale = Double(source) / Double(destination)
            let filterScale = max(1, scale)
            let support = 3 * filterScale
            taps = Int((support * 2).rounded(.up)) + 1
            values = [Float](repeating: 0, count: destination * taps)
            for i in 0..<destination {
                let center = (Double(i) + 0.5) * scale
                let first = max(0, Int((center - support).rounded(.down)))
                let last = min(source - 1, Int((center + support).rounded(.up)))
                var weights = (first...last).map { lanczos3((Double($0) + 0.5 - center) / filterScale) }
                if weights.count > taps { weights = Array(weights.prefix(taps)) }
                let total = weights.reduce(0, +)
                for (t, weight) in weights.enumerated() {
                    values[i * taps + t] = Float(total == 0 ? 1 / Double(weights.count) : weight / total)
                }
                starts.append(first)
                counts.append(weights.count)
            }
        }
    }
}
