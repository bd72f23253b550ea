import CResample

/// Averages blocks of `byX` × `byY` pixels into one: a cheap first step for large reductions.
/// The last block of a row or column may be smaller; it is averaged over what it has.
enum BoxReduction {
    static func size(_ source: Int, by factor: Int) -> Int { (source + factor - 1) / factor }

    static func reduce(_ image: PixelBuffer, byX: Int, byY: Int) -> PixelBuffer {
        let width = size(image.width, by: byX), height = size(image.height, by: byY)
        let sourceRow = image.width * image.channels, targetRow = width * image.channels
        var sums = [UInt32](repeating: 0, count: sourceRow)
        let output = [UInt8](unsafeUninitializedCapacity: targetRow * height) { target, initialized in
            image.bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let first = y * byY, rows = min(byY, image.height - first)
                    reduceRows(source.baseAddress! + first * sourceRow, count: rows, width: image.width,
                               channels: image.channels, byX: byX, sums: &sums, into: target.baseAddress! + y * targetRow)
                }
            }
            initialized = targetRow * height
        }
        return PixelBuffer(width: width, height: height, layout: image.layout, bytes: output)
    }

    /// One output row from `count` consecutive source rows starting at `rows` (the loop is in CResample).
    static func reduceRows(_ rows: UnsafePointer<UInt8>, count: Int, width: Int, channels: Int, byX: Int,
                           sums: inout [UInt32], into out: UnsafeMutablePointer<UInt8>) {
        sums.withUnsafeMutableBufferPointer { sums in
            galgen_box_row(rows, width, Int32(channels), Int32(count), Int32(byX), sums.baseAddress!, out)
        }
    }
}
