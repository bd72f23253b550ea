import CResample

/// `Resampler`'s filter (the same box step and Lanczos-3 weights) on 16-bit samples: a deep
/// photo's renditions are made at its depth and rounded to 8 bits only when they are encoded.
public enum DeepResampler {
    /// Resizes `image` to exactly `width` × `height`.
    public static func resize(_ image: DeepPixelBuffer, width: Int, height: Int) -> DeepPixelBuffer {
        precondition(width > 0 && height > 0, "target size must be positive")
        if width == image.width && height == image.height { return image }
        let boxX = Resampler.boxFactor(image.width, width), boxY = Resampler.boxFactor(image.height, height)
        let boxed = boxX == 1 && boxY == 1 ? image : reduce(image, byX: boxX, byY: boxY)
        let (vertical, horizontal) = Resampler.weights(from: (image.width, image.height), boxedTo: (boxed.width, boxed.height),
                                                       to: (width, height))
        return lanczos(boxed, vertical: vertical, horizontal: horizontal)
    }

    private static func reduce(_ image: DeepPixelBuffer, byX: Int, byY: Int) -> DeepPixelBuffer {
        let width = BoxReduction.size(image.width, by: byX), height = BoxReduction.size(image.height, by: byY)
        let sourceRow = image.width * image.channels, targetRow = width * image.channels
        var sums = [UInt32](repeating: 0, count: sourceRow)
        let output = [UInt16](unsafeUninitializedCapacity: targetRow * height) { target, initialized in
            image.samples.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<height {
                        let first = y * byY
                        galgen_box_row_16(source.baseAddress! + first * sourceRow, image.width, Int32(image.channels),
                                          Int32(min(byY, image.height - first)), Int32(byX), sums.baseAddress!,
                                          target.baseAddress! + y * targetRow)
                    }
                }
            }
            initialized = targetRow * height
        }
        return DeepPixelBuffer(width: width, height: height, layout: image.layout, samples: output)
    }

    /// Both Lanczos passes, vertical first, one output row at a time (as `LanczosPass` does).
    private static func lanczos(_ image: DeepPixelBuffer, vertical: LanczosWeights?, horizontal: LanczosWeights?) -> DeepPixelBuffer {
        let channels = image.channels
        let height = vertical?.counts.count ?? image.height, width = horizontal?.counts.count ?? image.width
        let sourceRow = image.width * channels, targetRow = width * channels
        var rows = [UnsafePointer<UInt16>?](repeating: nil, count: vertical?.taps ?? 0)
        var tall = [UInt16](repeating: 0, count: sourceRow)
        let output = [UInt16](unsafeUninitializedCapacity: targetRow * height) { target, initialized in
            image.samples.withUnsafeBufferPointer { source in
                tall.withUnsafeMutableBufferPointer { tall in
                    for y in 0..<height {
                        let out = target.baseAddress! + y * targetRow
                        var line = source.baseAddress! + y * sourceRow
                        if let vertical {
                            let first = Int(vertical.starts[y]), count = Int(vertical.counts[y])
                            for t in 0..<count { rows[t] = source.baseAddress! + (first + t) * sourceRow }
                            let destination = horizontal == nil ? out : tall.baseAddress!
                            vertical.values.withUnsafeBufferPointer { values in
                                galgen_resample_column_16(rows, values.baseAddress! + y * vertical.taps, Int32(count), destination, sourceRow)
                            }
                            line = UnsafePointer(destination)
                        }
                        if let horizontal {
                            horizontal.values.withUnsafeBufferPointer { values in
                                galgen_resample_row_16(line, Int32(channels), horizontal.starts, horizontal.counts,
                                                       values.baseAddress!, Int32(horizontal.taps), out, width)
                            }
                        } else if vertical == nil {
                            out.update(from: line, count: targetRow)
                        }
                    }
                }
            }
            initialized = targetRow * height
        }
        return DeepPixelBuffer(width: width, height: height, layout: image.layout, samples: output)
    }
}
