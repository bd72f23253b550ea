import GalgenPixels
import GalgenPNG

/// One input: the bytes of a PNG, as the image stage would get them from a file or a download.
///
/// They go through `PNGDecoder.header` and `PNGDecoder.decode` (the C shim over libpng: limits,
/// transforms, gamma, Adam7, metadata copies, the setjmp/longjmp error paths). Checked promises:
/// a decoded image is the header's size, its pixel buffer and alpha plane hold exactly one sample
/// per pixel and channel, an alpha plane is never all opaque, and metadata is never empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    PNGFuzzing.run(bytes)
    return 0
}

enum PNGFuzzing {
    /// The fuzzer's own cap: 4 MP (a 2000×2000 source). The product's default is 200 MP, which a
    /// 33-byte header can claim; the cap here is what keeps one input from allocating gigabytes.
    static let maxPixels = 4_000_000

    static func run(_ bytes: [UInt8]) {
        let header = try? PNGDecoder.header(bytes)
        let image: DecodedImage
        do {
            image = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
        } catch {
            require(!error.message.isEmpty, "an error without a message")
            return
        }
        guard let header else { return require(false, "decoded a PNG whose header does not read") }
        let pixels = image.pixels, count = header.width * header.height
        require(pixels.width == header.width && pixels.height == header.height, "decoded size is not the header's")
        require(count >= 1 && count <= maxPixels, "decoded more pixels than the cap")
        require(pixels.layout == .gray || pixels.layout == .rgb, "a layout other than gray or RGB")
        require(pixels.bytes.count == count * pixels.channels, "pixel buffer does not match the size")
        if let alpha = image.alpha {
            require(header.hasAlpha, "an alpha plane for a header without alpha")
            require(alpha.count == count, "alpha plane does not match the size")
            require(alpha.contains { $0 != 255 }, "an all-opaque alpha plane was kept")
        }
        for metadata in [image.iccProfile, image.exif, image.xmp] {
            require(metadata.map { !$0.isEmpty } ?? true, "empty metadata instead of none")
        }
        if let exif = image.exif {
            require(exif.starts(with: [0x49, 0x49, 0x2A, 0x00]) || exif.starts(with: [0x4D, 0x4D, 0x00, 0x2A]), "EXIF is not a TIFF structure")
        }
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
