/// Averages blocks of `byX` × `byY` pixels into one: a cheap first step for large reductions.
/// The last block of a row or column may be smaller; it is averaged over what it has.
enum BoxReduction {
    static func reduce(_ image: PixelBuffer, byX: Int, byY: Int) -> PixelBuffer {
        let channels = image.channels
        let width = (image.width + byX - 1) / byX, height = (image.height + byY - 1) / byY
        let sourceRow = image.width * channels
        var output = [UInt8](repeating: 0, count: width * height * channels)
        var sums = [UInt32](repeating: 0, count: sourceRow)
        image.bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<height {
                        let first = y * byY, rows = min(byY, image.height - first)
                        for i in 0..<sourceRow { sums[i] = 0 }
                        for r in 0..<rows {
                            let row = source.baseAddress! + (first + r) * sourceRow
                            for i in 0..<sourceRow { sums[i] &+= UInt32(row[i]) }
                        }
                        let out = target.baseAddress! + y * width * channels
                        for x in 0..<width {
                            let column = x * byX, columns = min(byX, image.width - column)
                            let count = UInt32(rows * columns)
                            for c in 0..<channels {
                                var total: UInt32 = 0
                                for k in 0..<columns { total &+= sums[(column + k) * channels + c] }
                                out[x * channels + c] = UInt8((total &+ count / 2) / count)
                            }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: image.layout, bytes: output)
    }
}
