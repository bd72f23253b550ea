import CResample

/// The separable Lanczos filter, 8-bit in and out, 32-bit fixed-point sums (the loops themselves
/// are in CResample). Both passes run one output row at a time: the vertical pass makes the row
/// at the source's width, the horizontal pass narrows it at once, so no intermediate image exists,
/// and source rows are asked for in rising order, so they can come from a decoder as it goes.
enum LanczosPass {
    /// `vertical` or `horizontal` may be nil when that axis keeps its size. `row(y)` gives source
    /// row y; a row must stay valid while rows up to `vertical.taps` - 1 beyond it are asked for.
    static func resize(width sourceWidth: Int, height sourceHeight: Int, layout: PixelBuffer.Layout,
                       vertical: LanczosWeights?, horizontal: LanczosWeights?,
                       row: (Int) throws -> UnsafePointer<UInt8>) rethrows -> PixelBuffer {
        let channels = layout.rawValue
        let height = vertical?.counts.count ?? sourceHeight, width = horizontal?.counts.count ?? sourceWidth
        let sourceRow = sourceWidth * channels, targetRow = width * channels
        var rows = [UnsafePointer<UInt8>?](repeating: nil, count: vertical?.taps ?? 0)
        var tall = [UInt8](repeating: 0, count: vertical != nil && horizontal != nil ? sourceRow : 0)
        let output = try [UInt8](unsafeUninitializedCapacity: targetRow * height) { target, initialized in
            try tall.withUnsafeMutableBufferPointer { tall in
                for y in 0..<height {
                    let out = target.baseAddress! + y * targetRow
                    var line: UnsafePointer<UInt8>
                    if let vertical {
                        let first = Int(vertical.starts[y]), count = Int(vertical.counts[y])
                        for t in 0..<count { rows[t] = try row(first + t) }
                        let destination = horizontal == nil ? out : tall.baseAddress!
                        vertical.values.withUnsafeBufferPointer { values in
                            galgen_resample_column(rows, values.baseAddress! + y * vertical.taps, Int32(count), destination, sourceRow)
                        }
                        line = UnsafePointer(destination)
                    } else {
                        line = try row(y)
                    }
                    if let horizontal {
                        horizontal.values.withUnsafeBufferPointer { values in
                            galgen_resample_row(line, sourceWidth, Int32(channels), horizontal.starts, horizontal.counts,
                                                values.baseAddress!, Int32(horizontal.taps), out, width)
                        }
                    } else if vertical == nil {
                        out.update(from: line, count: targetRow)
                    }
                }
            }
            initialized = targetRow * height
        }
        return PixelBuffer(width: width, height: height, layout: layout, bytes: output)
    }
}
