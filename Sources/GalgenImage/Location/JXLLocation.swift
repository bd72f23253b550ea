import GalgenJXL

/// A JPEG XL file read for a location from its container's boxes: every `Exif` and `xml ` box,
/// the same inside Brotli-compressed `brob` boxes, and, for a recompressed JPEG (`jbrd`), every
/// segment of the JPEG it rebuilds into (which may hold IPTC or other blocks the container has no
/// box for). A bare codestream holds no metadata. The codestream, level, index and padding boxes
/// hold no location; any other box (a JUMBF `jumb` box, a C2PA manifest, say), a compressed box
/// other than `Exif` or `xml `, a box that runs past the file, a `brob` or `jbrd` box that cannot
/// be read, or bytes after the codestream's last frame (which libjxl finds without decoding
/// pixels) make the file unreadable.
///
/// On the way it gathers the first `Exif` box (its TIFF structure) and the first `xml ` box for
/// the metadata readers (`MetadataBlocks`), then the rebuilt JPEG's Photoshop resources.
enum JXLLocation {
    static let holdNoLocation: Set<String> = ["JXL ", "ftyp", "jxll", "jxlc", "jxlp", "jxli", "free", "skip"]
    /// Pixels read through at most to find the codestream's end (and rebuild a JPEG): the largest
    /// `thumbnails.max_pixels` (galgen's default is 200 MP) of a photo is decoded anyway.
    static let maxPixels = 1 << 30

    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        if JXLDecoder.isBareCodestream(bytes) { return checkEnd(of: Array(bytes), in: ("the file", "holds", "is"), into: &findings) }
        guard JXLDecoder.isJXL(bytes) else { return findings.cannotRead("it does not start like a JPEG XL file") }
        let boxes: [BMFFBox]
        switch BMFFBox.boxes(in: bytes) {
        case .success(let found): boxes = found
        case .failure(let error): return findings.cannotRead(error.describe(in: "the file"))
        }
        var counts: [String: Int] = [:]
        for box in boxes {
            counts[box.type, default: 0] += 1
            read(box.type, box.body, named: "its \(Ordinal.word(counts[box.type]!)) \(box.type.boxName) box", into: &findings)
        }
        checkEnd(of: codestream(in: boxes), in: ("its codestream boxes", "hold", "are"), into: &findings)
        if counts["jbrd"] != nil { rebuiltJPEG(Array(bytes), into: &findings) }
    }

    /// The codestream a container holds: its `jxlc` box, or its `jxlp` boxes in order (each after
    /// its 4-byte index).
    private static func codestream(in boxes: [BMFFBox]) -> [UInt8] {
        if let whole = boxes.first(where: { $0.type == "jxlc" }) { return Array(whole.body) }
        return boxes.filter { $0.type == "jxlp" }.flatMap { $0.body.dropFirst(4) }
    }

    /// Bytes after the codestream's last frame would be published with the original unread: the
    /// file is unreadable when there are any. `place` names where the codestream is, with the
    /// verbs that agree with it ("the file holds", "its codestream boxes hold").
    private static func checkEnd(of codestream: [UInt8], in place: (name: String, holds: String, is: String),
                                 into findings: inout LocationFindings) {
        do {
            let after = try JXLDecoder.bytesAfterCodestream(codestream, maxPixels: maxPixels)
            if after > 0 {
                findings.cannotRead("\(place.name) \(place.holds) \(after) bytes after the end of the image's codestream, which galgen does not read")
            }
        } catch where error.isOverLimit {
            findings.cannotRead("\(place.name) \(place.is) too large to read to the end of the image's codestream: \(error)")
        } catch {
            findings.cannotRead("\(place.name) could not be read to the end of the image's codestream: \(error)")
        }
    }

    private static func read(_ type: String, _ body: ArraySlice<UInt8>, named: String, into findings: inout LocationFindings) {
        switch type {
        case "Exif":
            // A 4-byte offset from the box's contents to the TIFF structure (usually 0).
            guard let offset = body.bigEndian(at: body.startIndex, 4), offset <= body.count - 4 else {
                return findings.cannotRead("\(named) is cut short")
            }
            // What the offset skips is read by nothing: only padding or JPEG's `Exif\0\0` may be there.
            let skipped = body.dropFirst(4).prefix(offset)
            guard skipped.isAllZero || skipped.elementsEqual(MetadataBlocks.exifSignature) else {
                return findings.cannotRead("\(named) has \(offset) bytes before its TIFF structure that galgen does not read")
            }
            let tiff = body.dropFirst(4 + offset)
            if findings.blocks.exif == nil { findings.blocks.gatherEXIF(tiff, from: named) }
            TIFFLocation.scan(tiff, block: "the EXIF of \(named)", depth: 0, into: &findings)
        case "xml ":
            if findings.blocks.xmp == nil { findings.blocks.xmp = body }
            if let name = XMPLocation.property(in: body) { findings.place("\(name) in the XMP of \(named)") }
        case "brob":
            guard body.count >= 4 else { return findings.cannotRead("\(named) is cut short") }
            let inner = String(decoding: body.prefix(4), as: UTF8.self)
            guard inner != "brob", !inner.hasPrefix("jxl") else {
                return findings.cannotRead("\(named) compresses a \(inner.boxName) box, which the JPEG XL standard does not allow")
            }
            // Only metadata is read from a compressed box; libjxl would pass over anything else
            // (a compressed `jbrd`, say), so its bytes would be published unread.
            guard inner == "Exif" || inner == "xml " else {
                return findings.cannotRead("\(named) compresses a \(inner.boxName) box, which galgen does not read")
            }
            let contents: [UInt8]
            do {
                contents = try JXLMetadata.brotliDecompressed(body.dropFirst(4), limit: findings.budget)
            } catch where error.isOverLimit {
                return findings.overBudget(named)
            } catch {
                return findings.cannotRead("\(named) (a compressed \(inner.boxName) box) could not be read: \(error)")
            }
            guard findings.spend(contents.count, on: named) else { return }
            read(inner, contents[...], named: "\(named) (a compressed \(inner.boxName) box)", into: &findings)
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
            guard let rebuilt = try JXLMetadata.reconstructedJPEG(bytes, limit: findings.budget, maxPixels: maxPixels) else {
                return findings.cannotRead("its JPEG reconstruction box (jbrd) holds no JPEG libjxl can rebuild")
            }
            jpeg = rebuilt
        } catch where error.isOverLimit {
            return findings.cannotRead("the JPEG its reconstruction box (jbrd) holds is too large to check: \(error)")
        } catch {
            return findings.cannotRead("the JPEG its reconstruction box (jbrd) holds could not be rebuilt: \(error)")
        }
        guard findings.spend(jpeg.count, on: "its JPEG reconstruction box (jbrd)") else { return }
        JPEGLocation.scan(jpeg[...], into: &findings)
    }
}

private extension String {
    /// A box type for a message: padding dropped ("xml " → "xml"), any byte that is not printable as `?`.
    var boxName: String {
        var name = printableType
        while name.last == " " { name.removeLast() }
        return name
    }
}
