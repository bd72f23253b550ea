import GalgenJXL

/// A JPEG XL file read for a location from its container's boxes: every `Exif` and `xml ` box,
/// the same inside Brotli-compressed `brob` boxes, and, for a recompressed JPEG (`jbrd`), every
/// segment of the JPEG it rebuilds into (which may hold IPTC or other blocks the container has no
/// box for). A bare codestream holds no metadata. The codestream, level, index and padding boxes
/// hold no location; any other box (a JUMBF `jumb` box, a C2PA manifest, say), a box that runs
/// past the file, or a `brob` or `jbrd` box that cannot be read makes the file unreadable.
///
/// On the way it gathers the first `Exif` box (its TIFF structure) and the first `xml ` box for
/// the metadata readers (`MetadataBlocks`), then the rebuilt JPEG's Photoshop resources.
enum JXLLocation {
    static let holdNoLocation: Set<String> = ["JXL ", "ftyp", "jxll", "jxlc", "jxlp", "jxli", "free", "skip"]

    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        guard !JXLDecoder.isBareCodestream(bytes) else { return }
        guard JXLDecoder.isJXL(bytes) else { return findings.cannotRead("it does not start like a JPEG XL file") }
        let boxes: [BMFFBox]
        switch BMFFBox.boxes(in: bytes) {
        case .success(let found): boxes = found
        case .failure(let error): return findings.cannotRead(error.describe(in: "the file"))
        }
        var counts: [String: Int] = [:]
        for box in boxes {
            counts[box.type, default: 0] += 1
            read(box.type, box.body, named: "its \(Ordinal.word(counts[box.type]!)) \(box.type.trimmingCharacters()) box",
                into: &findings)
        }
        if counts["jbrd"] != nil { rebuiltJPEG(Array(bytes), into: &findings) }
    }

    private static func read(_ type: String, _ body: ArraySlice<UInt8>, named: String, compressed: Bool = false,
                            into findings: inout LocationFindings) {
        switch type {
        case "Exif":
            // A 4-byte offset from the box's contents to the TIFF structure (usually 0).
            guard let offset = body.bigEndian(at: body.startIndex, 4), offset <= body.count - 4 else {
                return findings.cannotRead("\(named) is cut short")
            }
            let tiff = body.dropFirst(4 + offset)
            if findings.blocks.exif == nil { findings.blocks.gatherEXIF(tiff, from: named) }
            TIFFLocation.scan(tiff, block: "the EXIF of \(named)", depth: 0, into: &findings)
        case "xml ":
            if findings.blocks.xmp == nil { findings.blocks.xmp = body }
            if let name = XMPLocation.property(in: body) { findings.place("\(name) in the XMP of \(named)") }
        case "brob" where !compressed:
            guard body.count >= 4 else { return findings.cannotRead("\(named) is cut short") }
            let inner = String(decoding: body.prefix(4), as: UTF8.self)
            guard inner != "brob", !inner.hasPrefix("jxl") else {
                return findings.cannotRead("\(named) compresses a \(inner.trimmingCharacters()) box, which the JPEG XL standard does not allow")
            }
            let contents: [UInt8]
            do {
                contents = try JXLMetadata.brotliDecompressed(body.dropFirst(4), limit: findings.budget)
            } catch {
                return findings.cannotRead("\(named) (a compressed \(inner.trimmingCharacters()) box) could not be read: \(error)")
            }
            guard findings.spend(contents.count, on: named) else { return }
            read(inner, contents[...], named: "\(named) (a compressed \(inner.trimmingCharacters()) box)", compressed: true,
                into: &findings)
        case "jbrd":
            return  // read whole, after the walk (`rebuiltJPEG`)
        case "jumb":
            findings.cannotRead("\(named) (JUMBF, such as a C2PA manifest) is a kind galgen does not read")
        default:
            if holdNoLocation.contains(type) { return }
            findings.cannotRead("\(named) is a kind galgen does not read")
        }
    }

    /// The JPEG a `jbrd` box rebuilds, walked like any JPEG (its first image's blocks are gathered
    /// where the container's boxes left them empty).
    private static func rebuiltJPEG(_ bytes: [UInt8], into findings: inout LocationFindings) {
        let jpeg: [UInt8]
        do {
            guard let rebuilt = try JXLMetadata.reconstructedJPEG(bytes, limit: findings.budget) else {
                return findings.cannotRead("its JPEG reconstruction box (jbrd) holds no JPEG libjxl can rebuild")
            }
            jpeg = rebuilt
        } catch {
            return findings.cannotRead("the JPEG its reconstruction box (jbrd) holds could not be rebuilt: \(error)")
        }
        guard findings.spend(jpeg.count, on: "its JPEG reconstruction box (jbrd)") else { return }
        JPEGLocation.scan(jpeg[...], into: &findings)
    }
}

private extension String {
    /// A box type without its padding ("xml " → "xml").
    func trimmingCharacters() -> String {
        var name = self
        while name.last == " " { name.removeLast() }
        return name
    }
}
