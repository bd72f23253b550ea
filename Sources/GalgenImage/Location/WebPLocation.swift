/// A WebP file read for a location from its RIFF chunks, as they are in the file (not as
/// libwebp's demuxer keeps them): every `EXIF` chunk and every `XMP ` (or `XMP\0`) chunk, whether
/// or not the VP8X header's flags announce them, and the chunks inside each animation frame.
/// The image, alpha, animation and ICC chunks hold no location; any other chunk, a chunk or a
/// RIFF size that runs past the end, or bytes after the RIFF container make the file unreadable.
///
/// On the way it gathers the blocks the metadata readers take (`MetadataBlocks`), as libwebp's
/// demuxer hands them to a decoder: in an extended file (VP8X), the first `EXIF` chunk when the
/// header's flag announces it (a bare TIFF structure; a JPEG-style `Exif\0\0` prefix is dropped,
/// anything else is noted and ignored), and the first `XMP ` chunk when announced, else the first
/// `XMP\0` (which some writers leave out of the flags); so every chunk is read, even once the
/// verdict is settled.
enum WebPLocation {
    static let holdNoLocation: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ICCP"]
    /// Chunks read at most (an animation has one per frame).
    static let maxChunks = 1 << 16

    /// What the walk has seen so far: chunks by name (for "its second EXIF chunk") and in all,
    /// the VP8X header's flags, and an `XMP\0` chunk kept in case no announced `XMP ` follows.
    struct Counts {
        var byType: [String: Int] = [:]
        var total = 0
        var flags: UInt8?
        var unannouncedXMP: ArraySlice<UInt8>?
    }

    /// The VP8X flags that announce an EXIF and an XMP chunk.
    static let exifFlag: UInt8 = 0x08, xmpFlag: UInt8 = 0x04

    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        let start = bytes.startIndex
        guard bytes.has(Array("RIFF".utf8), at: start), bytes.has(Array("WEBP".utf8), at: start + 8),
              let size = bytes.littleEndian(at: start + 4, 4) else { return findings.cannotRead("it does not start like a WebP file") }
        guard size >= 4, size <= bytes.count - 8 else {
            return findings.cannotRead("its RIFF container says \(size + 8) bytes but the file has \(bytes.count) (it is cut short)")
        }
        let end = start + 8 + size
        if end < bytes.endIndex, !bytes[end...].isAllZero {
            return findings.cannotRead("it has \(bytes.endIndex - end) bytes after its RIFF container, which galgen does not read")
        }
        var counts = Counts()
        if bytes.has(Array("VP8X".utf8), at: start + 12), end - start >= 21 { counts.flags = bytes[start + 20] }
        chunks(bytes[(start + 12)..<end], inFrame: nil, counts: &counts, into: &findings)
        if findings.blocks.xmp == nil { findings.blocks.xmp = counts.unannouncedXMP }
    }

    /// The chunks that fill `bytes`; `inFrame` names the animation frame they belong to.
    private static func chunks(_ bytes: ArraySlice<UInt8>, inFrame frame: Int?, counts: inout Counts,
                               into findings: inout LocationFindings) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard let length = bytes.littleEndian(at: offset + 4, 4), offset + 8 <= bytes.endIndex - length else {
                return findings.cannotRead("its chunk at byte \(offset) runs past the end of its RIFF container "
                    + "(the file is cut short or damaged)")
            }
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            counts.byType[type, default: 0] += 1
            counts.total += 1
            guard counts.total <= maxChunks else { return findings.cannotRead("it has more than \(maxChunks) chunks") }
            let named = "its \(Ordinal.word(counts.byType[type]!)) \(type.trimmingSuffix()) chunk"
                + (frame.map { " (in animation frame \($0))" } ?? "")
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            chunk(type, data, named: named, inFrame: frame, counts: &counts, into: &findings)
            // Chunks are padded to an even length; a missing last pad byte is tolerated.
            offset = min(bytes.endIndex, data.endIndex + length % 2)
        }
    }

    private static func chunk(_ type: String, _ data: ArraySlice<UInt8>, named: String, inFrame frame: Int?,
                              counts: inout Counts, into findings: inout LocationFindings) {
        switch type {
        case "EXIF":
            let tiff = data.has(JPEGLocation.exifSignature, at: data.startIndex) ? data.dropFirst(6) : data
            if isFirstAnnounced(type, frame: frame, flag: exifFlag, counts: counts), !data.isEmpty {
                findings.blocks.gatherEXIF(tiff, from: "its EXIF chunk")
            }
            TIFFLocation.scan(tiff, block: "the EXIF of \(named)", depth: 0, into: &findings)
        case "XMP ", "XMP\0":
            if isFirstAnnounced(type, frame: frame, flag: type == "XMP " ? xmpFlag : 0, counts: counts), !data.isEmpty {
                if type == "XMP " { findings.blocks.xmp = data } else { counts.unannouncedXMP = data }
            }
            if let name = XMPLocation.property(in: data) { findings.place("\(name) in the XMP of \(named)") }
        case "ANMF" where frame == nil:
            // A 16-byte frame header, then the frame's own chunks.
            guard data.count >= 16 else { return findings.cannotRead("\(named) is cut short") }
            chunks(data.dropFirst(16), inFrame: counts.byType["ANMF"] ?? 0, counts: &counts, into: &findings)
        default:
            if holdNoLocation.contains(type) { return }
            findings.cannotRead("\(named) is a kind galgen does not read")
        }
    }
}

extension WebPLocation {
    /// Whether a chunk is the first of its name outside the animation frames of an extended file,
    /// and its VP8X flag (if it has one) announces it.
    static func isFirstAnnounced(_ type: String, frame: Int?, flag: UInt8, counts: Counts) -> Bool {
        guard frame == nil, counts.byType[type] == 1, let flags = counts.flags else { return false }
        return flag == 0 || flags & flag != 0
    }
}

private extension String {
    /// A chunk name without its padding ("VP8 " → "VP8", "XMP\0" → "XMP").
    func trimmingSuffix() -> String {
        var name = self
        while let last = name.last, last == " " || last == "\0" { name.removeLast() }
        return name
    }
}
