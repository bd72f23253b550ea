import Foundation

/// Separable Lanczos-3 resampling with weights computed once per axis.
///
/// By default it works in linear light: sRGB bytes are decoded to linear floats
/// through a 256-entry table, filtered, and encoded back through a 16384-entry
/// table. Averaging gamma-encoded values instead darkens fine bright detail
/// (foliage against sky, text, starry skies) and shifts colours at edges; the
/// tables make the correct version cost about the same as the wrong one.
public enum Resampler {
    /// Resizes `image` to exactly `width` × `height`.
    public static func resize(_ image: PixelBuffer, width: Int, height: Int, linearLight: Bool = true) -> PixelBuffer {
        precondition(width > 0 && height > 0, "target size must be positive")
        if width == image.width && height == image.height { return image }
        let decode = linearLight ? SRGB.toLinear : SRGB.identity
        let horizontal = Weights(source: image.width, destination: width)
        let vertical = Weights(source: image.height, destination: height)
        let channels = image.channels
        // Horizontal pass into floats, then vertical pass back to bytes.
        let rowLength = width * channels
        var middle = [Float](repeating: 0, count: rowLength * image.height)
        decode.withUnsafeBufferPointer { decode in
        image.bytes.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { target in
                horizontal.withBuffers { starts, counts, values in
                    for y in 0..<image.height {
                        let sourceRow = source.baseAddress! + y * image.width * channels
                        let targetRow = target.baseAddress! + y * rowLength
                        if channels == 3 {
                            horizontalRGB(sourceRow, targetRow, width, horizontal.taps, starts, counts, values, decode)
                        } else {
                            horizontalGeneric(sourceRow, targetRow, width, channels, horizontal.taps, starts, counts, values, decode)
                        }
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
                            if linearLight {
                                SRGB.encode(sum.baseAddress!, targetRow, rowLength)
                            } else {
                                for i in 0..<rowLength { targetRow[i] = clampToByte(sum[i]) }
                            }
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
                              _ values: UnsafeBufferPointer<Float>, _ decode: UnsafeBufferPointer<Float>) {
        for x in 0..<width {
            var r: Float = 0, g: Float = 0, b: Float = 0
            var pixel = source + starts[x] * 3
            var weight = values.baseAddress! + x * taps
            for _ in 0..<counts[x] {
                let w = weight.pointee
                r += decode[Int(pixel[0])] * w
                g += decode[Int(pixel[1])] * w
                b += decode[Int(pixel[2])] * w
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
                                  _ counts: UnsafeBufferPointer<Int>, _ values: UnsafeBufferPointer<Float>,
                                  _ decode: UnsafeBufferPointer<Float>) {
        for x in 0..<width {
            for c in 0..<channels {
                var sum: Float = 0
                for t in 0..<counts[x] {
                    sum += decode[Int(source[(starts[x] + t) * channels + c])] * values[x * taps + t]
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

/// The sRGB transfer function as lookup tables (IEC 61966-2-1).
enum SRGB {
    /// Byte → linear light in 0...1.
    static let toLinear: [Float] = (0..<256).map { Float(linear(Double($0) / 255)) }
    /// Byte → the same value as a float, for gamma-space resampling.
    static let identity: [Float] = (0..<256).map(Float.init)

    static let encodeSteps = 16_384
    /// Linear light quantised to `encodeSteps` → byte.
    static let fromLinear: [UInt8] = (0...encodeSteps).map { step in
        UInt8((encoded(Double(step) / Double(encodeSteps)) * 255).rounded())
    }

    static func linear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// Linear floats (any range; Lanczos rings past 0 and 1) → sRGB bytes.
    @inline(__always)
    static func encode(_ source: UnsafePointer<Float>, _ target: UnsafeMutablePointer<UInt8>, _ count: Int) {
        fromLinear.withUnsafeBufferPointer { table in
            let scale = Float(encodeSteps)
            for i in 0..<count {
                let v = source[i]
                let index = v <= 0 ? 0 : v >= 1 ? encodeSteps : Int(v * scale + 0.5)
                target[i] = table[index]
            }
        }
    }
}
