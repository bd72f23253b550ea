import GalgenCore
import GalgenImage

/// One input: a photo's bytes, or the body of one of its metadata blocks.
///
/// A file whose first bytes are a format galgen reads goes through `LocationScanner.check` as the
/// image stage calls it: every JPEG segment and image after the first, every PNG chunk (zlib
/// included), every WebP RIFF chunk, every HEIF box and item. Anything else is wrapped, at most
/// 65,000 bytes of it, as the body of every block the scanner reads (APP1 Exif, XMP and Extended
/// XMP, APP13, APP2 MPF; PNG eXIf, iTXt, zTXt and a compressed iTXt; WebP EXIF and XMP) so the
/// inner readers are fuzzed from what the fuzzer finds easiest to grow.
///
/// Checked promises: the same bytes give the same verdict; a verdict's words are never empty;
/// and a file read as having no location (`.none`) never reads so once a block with GPS is
/// appended after its end (a second JPEG image, a PNG chunk, a WebP chunk): whatever the input,
/// the scanner either reads that block or says it cannot read the file, never stops early and
/// says none. A hang shows as a `timeout-*`,
/// unbounded growth (inflating, gathering items) as an `oom-*`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    LocationFuzzing.run(bytes)
    return 0
}

enum LocationFuzzing {
    static func run(_ bytes: [UInt8]) {
        if let format = ImageFormat(signature: bytes) {
            check(bytes, format: format)
            return
        }
        let body = Array(bytes.prefix(65_000))
        for (file, format) in Wrapping.files(around: body) {
            check(file, format: format)
        }
    }

    static func check(_ bytes: [UInt8], format: ImageFormat) {
        let verdict = LocationScanner.check(bytes, format: format)
        require(verdict == LocationScanner.check(bytes, format: format), "the same bytes gave two verdicts")
        switch verdict {
        case .found(let words), .unreadable(let words): require(!words.isEmpty, "a verdict without words")
        case .none:
            guard let located = Wrapping.withGPSAppended(bytes, format: format) else { return }
            require(LocationScanner.check(located, format: format).withholds, "a file with GPS appended reads as having no location")
        }
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
