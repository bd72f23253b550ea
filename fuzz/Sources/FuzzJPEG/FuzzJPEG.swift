import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels

/// One input: the bytes of a photo, as the image stage would get them from a file or a download.
///
/// A JPEG goes through what a build does with it: the header, the EXIF summary (orientation, GPS,
/// camera facts), then `JPEGImageRenderer.render` (DCT-scaled decode, orientation, resampling,
/// encoding, placeholder). Anything else is also read as a bare TIFF payload, so the EXIF reader
/// is fuzzed without the JPEG framing around it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    JPEGFuzzing.run(bytes)
    return 0
}

enum JPEGFuzzing {
    /// The fuzzer's own cap: 4 MP (a 2000×2000 source). The product's default is 200 MP, which a
    /// 100-byte header can claim; the cap here is what keeps one input from allocating gigabytes.
    static let maxPixels = 4_000_000
    /// Small renditions, so a scaled decode (down to 1/8) covers them from most sources.
    static let request = RenditionRequest(widths: [24, 96], quality: 60, maxPixels: maxPixels)
    static let decoder = JPEGDecoder(maxPixels: maxPixels, maxMemory: 256 << 20, maxScans: 1000)

    static func run(_ bytes: [UInt8]) {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            let header = try? JPEGHeader.read(bytes)
            let exif = EXIFSummary(jpeg: bytes)
            check(exif)
            do {
                let rendered = try JPEGImageRenderer.render(bytes, request: request, decoder: decoder)
                check(rendered, header: header, exif: exif)
            } catch {
                _ = "\(error)"
            }
        } else {
            check(EXIFSummary(tiff: bytes))
        }
    }

    /// What the EXIF reader promises: bounded strings, and values it keeps only when in range.
    static func check(_ exif: EXIFSummary) {
        let strings = [exif.facts.make, exif.facts.model, exif.facts.takenAt].compactMap { $0 }
        for text in strings {
            require(text.unicodeScalars.count <= 256 && !text.isEmpty, "EXIF string longer than its cap or empty")
        }
        if let rational = exif.facts.exposureTime {
            require(rational.numerator != 0 && rational.denominator != 0, "zero exposure rational kept")
        }
        if let iso = exif.facts.iso { require(iso > 0, "zero ISO kept") }
    }

    /// What the image stage promises about a rendered image.
    static func check(_ rendered: RenderedImage, header: JPEGHeader?, exif: EXIFSummary) {
        require(header != nil, "rendered a JPEG whose header does not read")
        guard let header else { return }
        let swaps = (Orientation(rawValue: exif.orientation ?? 1) ?? .up).swapsAxes
        require(rendered.width == (swaps ? header.height : header.width), "upright width does not match the header")
        require(rendered.height == (swaps ? header.width : header.height), "upright height does not match the header")
        require(!rendered.renditions.isEmpty, "no rendition")
        for rendition in rendered.renditions {
            require(rendition.width >= 1 && rendition.width <= rendered.width, "rendition wider than the source")
            require(rendition.height >= 1, "rendition of height 0")
            let encoded = rendition.bytes ?? []
            require(encoded.starts(with: [0xFF, 0xD8, 0xFF]), "rendition is not a JPEG")
            require(rendition.byteCount == encoded.count, "rendition byte count is wrong")
        }
        require(rendered.placeholder?.hasPrefix("data:image/bmp;base64,") == true, "no placeholder")
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
