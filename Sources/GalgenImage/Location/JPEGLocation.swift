/// A JPEG file read for a location: every marker segment of every image in it, in the order they
/// come. After the first image's end (EOI) there may be only padding (zero or 0xFF bytes) and
/// further JPEG images (MPF's secondary images, a gain map), each read the same way; an image
/// that the MPF index lists anywhere else is read where it says. Anything else after the end (a
/// phone's trailer, a motion photo's video) makes the file unreadable, as does a segment that
/// runs past the end of the file. A file cut short inside its image data is read to its end.
///
/// Per segment (`JPEGLocation+Segments.swift`): the EXIF of every APP1 Exif segment, every XMP
/// packet including Extended XMP (put together from its chunks), Photoshop resources (APP13),
/// the MPF index (APP2), comments; segments known to hold no location (JFIF, ICC profiles,
/// Adobe, Ducky) are skipped, and any other application segment that is not all zeros is unreadable.
enum JPEGLocation {
    /// JPEG images read at most in one file (a photo with an MPF has two or three).
    static let maxImages = 64

    static let startOfImage: [UInt8] = [0xFF, 0xD8]

    /// A whole JPEG file.
    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        guard bytes.has(startOfImage, at: bytes.startIndex) else {
            return findings.cannotRead("it does not start like a JPEG file")
        }
        var starts: [Int] = []
        var listed: [Int] = []
        var next: Int? = bytes.startIndex
        while let start = next, !findings.isSettled {
            guard starts.count < maxImages else { return findings.cannotRead("it holds more than \(maxImages) JPEG images") }
            starts.append(start)
            let label = starts.count == 1 ? "" : " of the \(Ordinal.word(starts.count)) image in the file"
            let stream = scanStream(bytes, from: start, label: label, depth: 0, gathers: starts.count == 1, into: &findings)
            listed += stream.listed
            next = stream.end.flatMap { imageAfter($0, in: bytes, into: &findings) }
        }
        // Images the MPF index lists somewhere other than right after another image's end.
        while let start = listed.first(where: { !starts.contains($0) }), !findings.isSettled {
            guard starts.count < maxImages else { return findings.cannotRead("it holds more than \(maxImages) JPEG images") }
            starts.append(start)
            guard bytes.has(startOfImage, at: start) else {
                return findings.cannotRead("its MPF index lists an image at byte \(start - bytes.startIndex) that is not there")
            }
            listed += scanStream(bytes, from: start, label: " of the image the MPF index lists at byte \(start - bytes.startIndex)",
                                 depth: 0, into: &findings).listed
        }
    }

    /// Where the next image starts after an image's end, past any padding; nil at the end of the
    /// file, or (noted as unreadable) when something else follows.
    private static func imageAfter(_ end: Int, in bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) -> Int? {
        var offset = end
        while offset < bytes.endIndex, bytes[offset] == 0 || (bytes[offset] == 0xFF && !bytes.has(startOfImage, at: offset)) {
            offset += 1
        }
        if offset == bytes.endIndex { return nil }
        if bytes.has(startOfImage, at: offset) { return offset }
        findings.cannotRead("it has \(bytes.endIndex - end) bytes after the end of its image that are not a JPEG image "
            + "(they start “\(bytes[offset...].printable(16))”; a phone's trailer or a motion photo's video), "
            + "which galgen does not read")
        return nil
    }

    /// A JPEG inside another block (a thumbnail): its segments, up to its end; what follows its
    /// end inside the block is not read.
    static func scanEmbedded(_ bytes: ArraySlice<UInt8>, block: String, depth: Int, into findings: inout LocationFindings) {
        guard depth <= LocationFindings.maxDepth else {
            return findings.cannotRead("\(block) nests images more than \(LocationFindings.maxDepth) deep")
        }
        guard bytes.has(startOfImage, at: bytes.startIndex) else {
            return findings.cannotRead("\(block) is not a JPEG image (it starts “\(bytes.printable(8))”)")
        }
        _ = scanStream(bytes, from: bytes.startIndex, label: " of \(block)", depth: depth, into: &findings)
    }

    /// One image's segments from its start (SOI). `end` is where its end (EOI) finishes, nil when
    /// the bytes ran out first or it could not be read; `listed` are the images its MPF index names.
    /// `gathers`: the file's first image, whose segments before its data (SOS) give the metadata
    /// readers their blocks (`MetadataBlocks`), read to there even once the verdict is settled.
    static func scanStream(_ bytes: ArraySlice<UInt8>, from start: Int, label: String, depth: Int, gathers: Bool = false,
                           into findings: inout LocationFindings) -> (end: Int?, listed: [Int]) {
        var stream = Stream(label: label, depth: depth)
        var gathering = gathers
        var offset = start + 2
        defer { stream.finish(into: &findings) }
        while offset < bytes.endIndex - 1, gathering || !findings.isSettled {
            guard bytes[offset] == 0xFF else {
                findings.cannotRead("it has bytes that are not a JPEG marker at byte \(offset - bytes.startIndex)\(label)")
                return (nil, stream.listed)
            }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF: offset += 1
            case 0xD9: return (offset + 2, stream.listed)
            case 0xD0...0xD7, 0x01: offset += 2
            case 0x00, 0xD8:
                let hex = String(marker, radix: 16, uppercase: true)
                findings.cannotRead("it has a misplaced JPEG marker (FF \(hex)) at byte \(offset - bytes.startIndex)\(label)")
                return (nil, stream.listed)
            default:
                guard let length = bytes.bigEndian(at: offset + 2, 2), length >= 2, offset + 2 + length <= bytes.endIndex else {
                    let at = offset - bytes.startIndex
                    findings.cannotRead("it ends inside a segment that starts at byte \(at)\(label) (the file is cut short)")
                    return (nil, stream.listed)
                }
                let payload = bytes[(offset + 4)..<(offset + 2 + length)]
                if gathering { findings.blocks.gather(marker, payload) }
                if !findings.isSettled { stream.segment(marker, payload: payload, into: &findings) }
                offset += 2 + length
                if marker == 0xDA {
                    gathering = false
                    guard let next = markerAfterEntropyData(bytes, from: offset) else { return (nil, stream.listed) }
                    offset = next
                }
            }
        }
        return (nil, stream.listed)
    }

    /// The next marker after a scan's entropy-coded data (where 0xFF is followed by 0x00, a
    /// restart marker or another 0xFF), or nil when the bytes end first.
    private static func markerAfterEntropyData(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var offset = start
        while let fill = bytes[offset...].firstIndex(of: 0xFF) {
            guard fill + 1 < bytes.endIndex else { return nil }
            switch bytes[fill + 1] {
            case 0x00, 0xD0...0xD7: offset = fill + 2
            case 0xFF: offset = fill + 1
            default: return fill
            }
        }
        return nil
    }
}
