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
        let rowLength = width * channels
        var middle = [Float](repeating: 0, count: rowLength * image.height)
        image.bytes.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { target in
                horizontal.withBuffers { starts, counts, values in
                    for y in 0..<image.height {
                        let sourceRow = source.baseAddress! + y * image.width * channels
                        let targetRow = target.baseAddress! + y * rowLength
                        if channels == 3 {
                            horizontalRGB(sourceRow, targetRow, width, horizontal.taps, starts, counts, values)
                        } else {
                            horizontalGeneric(sourceRow, targetRow, width, channels, horizontal.taps, starts, counts, values)
                        }
                    }
                }
            }
        }
        var output = [UInt8](repeating: 0, count: rowLength * height)
        middle.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                vertical.withBuffers { starts, counts, values in
                    var accumulator = [Float](repeating: 0, count: rowLength)
                    accumulator.withUnsafeMutableBufferPointer { sum in
                        for y in 0..<height {
                            let offset = y * vertical.taps
                            for i in 0..<rowLength { sum[i] = 0 }
                            for t in 0..<counts[y] {
                                let weight = values[offset + t]
                                let row = source.baseAddress! + (starts[y] + t) * rowLength
                                for i in 0..<rowLength { sum[i] += row[i] * weight }
                            }
                            let targetRow = target.baseAddress! + y * rowLength
                            for i in 0..<rowLength { targetRow[i] = clampToByte(sum[i]) }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: image.layout, bytes: output)
    }

    @inline(__always)
    static func clampToByte(_ value: Float) -> UInt8 {
        value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value + 0.5)
    }

    /// One row, three interleaved channels: each tap is loaded once for r, g and b.
    @inline(__always)
    static func horizontalRGB(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<Float>, _ width: Int,
                              _ taps: Int, _ starts: UnsafeBufferPointer<Int>, _ counts: UnsafeBufferPointer<Int>,
                              _ values: UnsafeBufferPointer<Float>) {
        for x in 0..<width {
            var r: Float = 0, g: Float = 0, b: Float = 0
            var pixel = source + starts[x] * 3
            var weight = values.baseAddress! + x * taps
            for _ in 0..<counts[x] {
                let w = weight.pointee
                r += Float(pixel[0]) * w
                g += Float(pixel[1]) * w
                b += Float(pixel[2]) * w
                pixel += 3
                weight += 1
            }
            target[x * 3] = r
            target[x * 3 + 1] = g
            target[x * 3 + 2] = b
        }
    }

    static func horizontalGeneric(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<Float>, _ width: Int,
                                  _ channels: Int, _ taps: Int, _ starts: UnsafeBufferPointer<Int>,
                                  _ counts: UnsafeBufferPointer<Int>, _ values: UnsafeBufferPointer<Float>) {
        for x in 0..<width {
            for c in 0..<channels {
                var sum: Float = 0
                for t in 0..<counts[x] {
                    sum += Float(source[(starts[x] + t) * channels + c]) * values[x * taps + t]
                }
                target[x * channels + c] = sum
            }
        }
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

        func withBuffers<R>(_ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R) -> R {
            starts.withUnsafeBufferPointer { s in
                counts.withUnsafeBufferPointer { c in values.withUnsafeBufferPointer { v in body(s, c, v) } }
            }
        }

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
