import GalgenCore

/// Files made around a block body, and a GPS block added to a file, for `LocationFuzzing`.
enum Wrapping {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value) }
    static func le32(_ value: Int) -> [UInt8] { be32(value).reversed() }
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + utf8(type) + data + [0, 0, 0, 0]  // the scanner does not check CRCs
    }

    static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        utf8(type) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The body as each block the scanner reads.
    static func files(around body: [UInt8]) -> [([UInt8], ImageFormat)] {
        let capped = Array(body.prefix(65_000))
        let guid = utf8(String(repeating: "A", count: 32))
        let jpeg: [UInt8] = [0xFF, 0xD8] + segment(0xE1, utf8("Exif\0\0") + capped)
            + segment(0xE1, utf8("http://ns.adobe.com/xap/1.0/\0") + capped)
            + segment(0xE1, utf8("http://ns.adobe.com/xmp/extension/\0") + guid + be32(capped.count) + be32(0) + capped)
            + segment(0xED, utf8("Photoshop 3.0\0") + capped) + segment(0xE2, utf8("MPF\0") + capped) + [0xFF, 0xD9]
        let png = pngSignature + pngChunk("eXIf", capped) + pngChunk("iTXt", utf8("XML:com.adobe.xmp\0\0\0\0\0") + capped)
            + pngChunk("zTXt", utf8("Raw profile type exif\0\0") + capped)
            + pngChunk("iTXt", utf8("XML:com.adobe.xmp\0\u{1}\0\0\0") + capped) + pngChunk("IEND", [])
        let chunks = riffChunk("EXIF", capped) + riffChunk("XMP ", capped)
        let webp = utf8("RIFF") + le32(chunks.count + 4) + utf8("WEBP") + chunks
        return [(jpeg, .jpeg), (png, .png), (webp, .webp)]
    }

    /// A big-endian TIFF with one GPS IFD holding a latitude.
    static let gpsTIFF: [UInt8] = utf8("MM") + be16(42) + be32(8)
        + be16(1) + be16(0x8825) + be16(4) + be32(1) + be32(26) + be32(0)
        + be16(1) + be16(0x0002) + be16(5) + be32(3) + be32(44) + be32(0)
        + (0..<3).flatMap { _ in be32(1) + be32(1) }

    /// The file with a block holding GPS appended after its end: a second JPEG image, a PNG
    /// `eXIf` chunk, a WebP `EXIF` chunk (the RIFF size left as it was). Each must be read, or the
    /// file refused as unreadable; none may make the scanner say "no location".
    static func withGPSAppended(_ bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        switch format {
        case .jpeg: bytes + [0xFF, 0xD8] + segment(0xE1, utf8("Exif\0\0") + gpsTIFF) + [0xFF, 0xD9]
        case .png: bytes + pngChunk("eXIf", gpsTIFF)
        case .webp: bytes + riffChunk("EXIF", gpsTIFF)
        // HEIF and AVIF, and the video containers the format table also names, get no block appended.
        default: nil
        }
    }
}
