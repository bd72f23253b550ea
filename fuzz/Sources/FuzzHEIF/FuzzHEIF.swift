import GalgenHEIF
import GalgenPixels

/// One input: a HEIC/HEIF or AVIF file's bytes, as the image stage gets them.
///
/// They go through `HEIFDecoder.header`, `HEIFDecoder.decode` (libheif's box parser, its HEVC and
/// AV1 decoders, grids, alpha, colour and metadata items) with a 4,000,000-pixel cap, and the
/// box scan of `HEIFDecoder.hasTransform`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = HEIFDecoder.hasTransform(bytes)
    _ = try? HEIFDecoder.header(bytes)
    guard let image = try? HEIFDecoder.decode(bytes, maxPixels: 4_000_000) else { return 0 }
    let (width, height) = (image.pixels.width, image.pixels.height)
    precondition(width > 0 && height > 0 && width * height <= 4_000_000, "decoded \(width)×\(height) past the cap")
    precondition(image.pixels.bytes.count == width * height * image.pixels.channels, "the pixels do not match the size")
    precondition(image.alpha.map { $0.count == width * height } ?? true, "the alpha plane does not match the size")
    if let exif = image.exif { precondition(exif.starts(with: [0x49, 0x49, 0x2A, 0]) || exif.starts(with: [0x4D, 0x4D, 0, 0x2A])) }
    return 0
}
