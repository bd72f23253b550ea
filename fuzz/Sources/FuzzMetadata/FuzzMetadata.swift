import GalgenCore
import GalgenImage

/// One input: a photo's bytes, or the body of one of its metadata segments.
///
/// A JPEG (starting `FF D8`) goes through `PhotoMetadataReader.read(jpeg:)`, as the image stage
/// calls it, and through `XMPReader` and `IPTCReader` on their own. Anything else is read directly
/// as an XMP packet, as Photoshop image resources and as IIM datasets, and then wrapped in an APP1
/// XMP segment, an APP13 segment and an APP1 Exif segment of a minimal JPEG, so the whole path is
/// fuzzed from the segment bodies the fuzzer finds easiest to grow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMetadata(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MetadataFuzzing.run(bytes)
    return 0
}

enum MetadataFuzzing {
    /// The product's caps, restated: a broken cap is a finding.
    static let maxCharacters = 2000
    static let maxXMPValueBytes = 64 * 1024

    static func run(_ bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8]) {
            check(PhotoMetadataReader.read(jpeg: bytes))
            check(XMPReader.read(jpeg: bytes))
            _ = IPTCReader.read(jpeg: bytes)
            return
        }
        check(XMPReader.read(packet: bytes))
        _ = IPTCReader.read(resources: bytes)
        _ = IPTCReader.read(datasets: bytes[...])
        let body = Array(bytes.prefix(65_000))
        let jpeg = [0xFF, 0xD8] + segment(0xE1, XMPReader.signature + body) + segment(0xED, IPTCReader.signature + body)
            + segment(0xE1, Array("Exif\0\0".utf8) + body) + [0xFF, 0xD9]
        let metadata = PhotoMetadataReader.read(jpeg: jpeg)
        check(metadata)
        require(metadata == PhotoMetadataReader.read(jpeg: jpeg), "reading the same file twice gave different metadata")
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = min(payload.count, 65_533) + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload.prefix(65_533)
    }

    /// What the reader promises about the words it returns: cleaned, capped, never blank.
    static func check(_ metadata: PhotoMetadata) {
        for text in [metadata.words.title, metadata.words.caption, metadata.words.alt].compactMap({ $0 }) {
            require(!text.isEmpty, "an empty word was kept")
            require(text.count <= maxCharacters, "a word is longer than its cap")
            require(text.first?.isWhitespace == false && text.last?.isWhitespace == false, "a word is not trimmed")
            require(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" },
                    "a word holds a control character")
        }
    }

    /// What the XMP reader promises: values are never blank, and no longer than its cap.
    static func check(_ fields: XMPFields) {
        let values = [fields.title, fields.description, fields.headline, fields.altText, fields.dateTimeOriginal, fields.dateCreated]
        for value in values.compactMap({ $0 }) {
            require(value.contains { !$0.isWhitespace }, "a blank XMP value was kept")
            require(value.utf8.count <= maxXMPValueBytes + 4 * 1024, "an XMP value is longer than its cap")
        }
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
