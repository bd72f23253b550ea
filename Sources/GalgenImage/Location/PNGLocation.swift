/// A PNG file read for a location: every chunk up to IEND. EXIF (`eXIf`) and every text chunk
/// (`tEXt`, `zTXt`, `iTXt`, compressed or not) are read (`PNGText`); chunks known to hold no
/// location (the image, its colour and layout, APNG frames) are skipped; any other chunk, a chunk
/// that runs past the end, or bytes after IEND make the file unreadable. A file cut short at a
/// chunk's boundary is read to its end.
///
/// On the way it gathers the blocks the metadata readers take (`MetadataBlocks`), as libpng
/// hands them to a decoder: the first `eXIf` that is a TIFF structure, and the text of the first
/// `iTXt` chunk keyed `XML:com.adobe.xmp` (inflated when compressed); so every chunk is read,
/// even once the verdict is settled.
enum PNGLocation {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Chunks that hold no location: the image, colour, layout, time, APNG's frames, Apple's iDOT.
    static let holdNoLocation: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "hIST", "pHYs", "sPLT",
        "tIME", "oFFs", "pCAL", "sCAL", "cICP", "mDCV", "mDCv", "cLLI", "cLLi", "acTL", "fcTL", "fdAT", "iDOT", "vpAg", "sTER",
    ]

    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        guard bytes.has(signature, at: bytes.startIndex) else { return findings.cannotRead("it does not start like a PNG file") }
        var offset = bytes.startIndex + signature.count
        var counts: [String: Int] = [:]
        while offset < bytes.endIndex {
            guard let length = bytes.bigEndian(at: offset, 4), offset + 12 <= bytes.endIndex - length else {
                return findings.cannotRead("it ends inside the chunk at byte \(offset - bytes.startIndex) (the file is cut short)")
            }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else {
                return findings.cannotRead("it has bytes that are not a chunk at byte \(offset - bytes.startIndex)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            counts[type, default: 0] += 1
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            chunk(type, data, named: "its \(Ordinal.word(counts[type]!)) \(type) chunk", into: &findings)
            offset += 12 + length
            if type == "IEND", offset < bytes.endIndex, !bytes[offset...].isAllZero {
                return findings.cannotRead("it has \(bytes.endIndex - offset) bytes after its end (IEND), which galgen does not read")
            }
            if type == "IEND" { return }
        }
    }

    private static func chunk(_ type: String, _ data: ArraySlice<UInt8>, named: String, into findings: inout LocationFindings) {
        switch type {
        case "eXIf":
            let tiff = data.has(JPEGLocation.exifSignature, at: data.startIndex) ? data.dropFirst(6) : data
            if findings.blocks.exif == nil, MetadataBlocks.isTIFF(tiff) { findings.blocks.exif = tiff }
            TIFFLocation.scan(tiff, block: "the EXIF of \(named)", depth: 0, into: &findings)
        case "tEXt", "zTXt", "iTXt":
            guard let text = PNGText(type: type, data: data) else { return findings.cannotRead("\(named) is damaged") }
            let read = text.scan(named: named, into: &findings)
            if type == "iTXt", text.keyword == PNGText.xmpKeyword, findings.blocks.xmp == nil, let read { findings.blocks.xmp = read[...] }
        default:
            if holdNoLocation.contains(type) { return }
            findings.cannotRead("\(named) is a kind galgen does not read")
        }
    }
}
