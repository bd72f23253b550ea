/// The two separable passes of the Lanczos filter, 8-bit in and out, 32-bit fixed-point sums.
enum LanczosPass {
    /// Changes the height: every output row is a weighted sum of whole source rows, a loop the
    /// compiler vectorises.
    static func vertical(_ image: PixelBuffer, weights: LanczosWeights) -> PixelBuffer {
        let height = weights.counts.count
        let rowLength = image.width * image.channels
        var output = [UInt8](repeating: 0, count: rowLength * height)
        var sums = [Int32](repeating: 0, count: rowLength)
        image.bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    weights.values.withUnsafeBufferPointer { values in
                        for y in 0..<height {
                            for i in 0..<rowLength { sums[i] = rounding }
                            for t in 0..<weights.counts[y] {
                                let weight = Int32(values[y * weights.taps + t])
                                let row = source.baseAddress! + (weights.starts[y] + t) * rowLength
                                accumulate(row, weight, into: sums.baseAddress!, rowLength)
                            }
                            let out = target.baseAddress! + y * rowLength
                            for i in 0..<rowLength { out[i] = clamp(sums[i]) }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: image.width, height: height, layout: image.layout, bytes: output)
    }

    /// Changes the width, row by row; for RGB each tap is loaded once for r, g and b.
    static func horizontal(_ image: PixelBuffer, weights: LanczosWeights) -> PixelBuffer {
        let width = weights.counts.count, channels = image.channels
        let sourceRow = image.width * channels, targetRow = width * channels
        var output = [UInt8](repeating: 0, count: targetRow * image.height)
        image.bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                weights.values.withUnsafeBufferPointer { values in
                    for y in 0..<image.height {
                        let row = source.baseAddress! + y * sourceRow, out = target.baseAddress! + y * targetRow
                        for x in 0..<width {
                            var pixel = row + weights.starts[x] * channels
                            var weight = values.baseAddress! + x * weights.taps
                            if channels == 3 {
                                var r = rounding, g = rounding, b = rounding
                                for _ in 0..<weights.counts[x] {
                                    let w = Int32(weight.pointee)
                                    r &+= Int32(pixel[0]) &* w
                                    g &+= Int32(pixel[1]) &* w
                                    b &+= Int32(pixel[2]) &* w
                                    pixel += 3
                                    weight += 1
                                }
                                out[x * 3] = clamp(r); out[x * 3 + 1] = clamp(g); out[x * 3 + 2] = clamp(b)
                            } else {
                                for c in 0..<channels {
                                    var sum = rounding
                                    for t in 0..<weights.counts[x] { sum &+= Int32(pixel[t * channels + c]) &* Int32(weight[t]) }
                                    out[x * channels + c] = clamp(sum)
                                }
                            }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: image.height, layout: image.layout, bytes: output)
    }

    /// sums[i] += row[i] × weight, sixteen at a time in SIMD registers.
    @inline(__always)
    private static func accumulate(_ row: UnsafePointer<UInt8>, _ weight: Int32, into sums: UnsafeMutablePointer<Int32>, _ count: Int) {
        let weights = SIMD16<Int32>(repeating: weight)
        var i = 0
        while i + 16 <= count {
            let pixels = SIMD16<Int32>(truncatingIfNeeded: UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self))
            let target = UnsafeMutableRawPointer(sums + i)
            target.storeBytes(of: target.loadUnaligned(as: SIMD16<Int32>.self) &+ pixels &* weights, as: SIMD16<Int32>.self)
            i += 16
        }
        while i < count {
            sums[i] &+= Int32(row[i]) &* weight
            i += 1
        }
    }

    private static let rounding = LanczosWeights.one / 2

    @inline(__always)
    private static func clamp(_ sum: Int32) -> UInt8 {
        UInt8(clamping: sum >> LanczosWeights.fractionBits)
    }
}
