import GalgenPixels
import GalgenWebP

/// One input: a WebP file's bytes, as the image stage gets them.
///
/// They go through `WebPDecoder.header` and `WebPDecoder.decode` with a 4,000,000-pixel cap (the
/// product's default, 200 MP, is what a 30-byte header can claim): libwebp's header parsing,
/// its VP8 and VP8L decoders, alpha, the demuxer's metadata chunks and the first frame of an
/// animation, and galgen's Swift around them (the signature check, the RGBA split, the EXIF prefix).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    WebPFuzzing.run(bytes)
    return 0
}

enum WebPFuzzing {
    static let maxPixels = 4_000_000

    static func run(_ bytes: [UInt8]) {
        let header: ImageHeader?
        do {
            header = try WebPDecoder.header(bytes)
        } catch {
            require(!error.message.isEmpty, "a header error without words")
            header = nil
        }
        let image: DecodedImage
        do {
            image = try WebPDecoder.decode(bytes, maxPixels: maxPixels)
        } catch {
            require(!error.message.isEmpty, "a decoding error without words")
            return
        }
        guard let header else { return require(false, "decoded a file whose header was refused") }
        check(image, header)
    }

    /// What a decoded image promises: buffers of its header's size, within the cap, and
    /// metadata in the shapes DecodedImage documents.
    static func check(_ image: DecodedImage, _ header: ImageHeader) {
        let (width, height) = (image.pixels.width, image.pixels.height)
        require((width, height) == (header.width, header.height), "decoded \(width)×\(height), the header says \(header.width)×\(header.height)")
        require(width > 0 && height > 0 && width * height <= maxPixels, "decoded \(width)×\(height) past the cap")
        require(image.pixels.layout == .rgb && image.pixels.bytes.count == width * height * 3, "the pixels do not match the size")
        if let alpha = image.alpha {
            require(alpha.count == width * height, "the alpha plane does not match the size")
            require(alpha.contains { $0 != 255 }, "an all-opaque alpha plane was kept")
        }
        if let exif = image.exif {
            require(exif.starts(with: [0x49, 0x49, 0x2A, 0x00]) || exif.starts(with: [0x4D, 0x4D, 0x00, 0x2A]), "EXIF that is not TIFF")
        }
        require(image.iccProfile?.isEmpty != true && image.xmp?.isEmpty != true, "an empty metadata chunk was kept")
        require(image.notes.allSatisfy { !$0.isEmpty }, "an empty note")
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
