/// Photoshop image resources (a JPEG's APP13 "Photoshop 3.0" segments, a TIFF's tag 34377, a
/// PNG's "Raw profile type 8bim"), every block read: the EXIF in resources 1058 and 1059 and the
/// XMP in 1060 are read for a location, a JPEG thumbnail (1036) for its own metadata. IPTC
/// (1028) names places only in words (city, country), which galgen does not count as a location.
///
/// A block that runs past the end, or bytes after the last block that are not padding, make the
/// resources unreadable.
enum PhotoshopLocation {
    /// Blocks read at most (a Photoshop file has a few dozen).
    static let maxBlocks = 4096

    static func scan(_ bytes: ArraySlice<UInt8>, block: String, depth: Int, into findings: inout LocationFindings) {
        guard depth <= LocationFindings.maxDepth else {
            return findings.cannotRead("\(block) nest blocks more than \(LocationFindings.maxDepth) deep")
        }
        var offset = bytes.startIndex
        var count = 0
        while offset < bytes.endIndex, !findings.isSettled {
            // Zero padding may follow a block (some writers fill each APP13 segment, which are read as one).
            if bytes[offset] == 0 {
                offset = bytes[offset...].firstIndex { $0 != 0 } ?? bytes.endIndex
                continue
            }
            count += 1
            guard count <= maxBlocks else { return findings.cannotRead("\(block) hold more than \(maxBlocks) blocks") }
            guard PhotoshopResources.signatures.contains(where: { bytes.has($0, at: offset) }) else {
                return findings.cannotRead("\(block) have bytes that are not a resource block at offset \(offset - bytes.startIndex)")
            }
            guard let id = bytes.bigEndian(at: offset + 4, 2), let nameLength = bytes.bigEndian(at: offset + 6, 1) else {
                return findings.cannotRead("\(block) end inside a block")
            }
            let sizeAt = offset + 6 + (1 + nameLength + 1) / 2 * 2
            guard let size = bytes.bigEndian(at: sizeAt, 4), sizeAt + 4 <= bytes.endIndex - size else {
                return findings.cannotRead("\(block) end inside resource \(id)")
            }
            let data = bytes[(sizeAt + 4)..<(sizeAt + 4 + size)]
            read(id: id, data: data, block: block, depth: depth, into: &findings)
            offset = min(bytes.endIndex, data.endIndex + size % 2)
            // Some writers leave out the odd block's padding byte.
            if size % 2 == 1, !startsBlock(bytes, at: offset), startsBlock(bytes, at: offset - 1) { offset -= 1 }
        }
    }

    private static func startsBlock(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Bool {
        PhotoshopResources.signatures.contains { bytes.has($0, at: offset) }
    }

    private static func read(id: Int, data: ArraySlice<UInt8>, block: String, depth: Int, into findings: inout LocationFindings) {
        switch id {
        case 0x0422, 0x0423:
            TIFFLocation.scan(data, block: "the EXIF resource (\(id)) of \(block)", depth: depth + 1, into: &findings)
        case 0x0424:
            if let name = XMPLocation.property(in: data) { findings.place("\(name) in the XMP resource (1060) of \(block)") }
        case 0x040C where data.count > 28:
            // A 28-byte header, then a JFIF thumbnail when its format (the first 4 bytes) is 1.
            guard data.bigEndian(at: data.startIndex, 4) == 1 else { return }
            JPEGLocation.scanEmbedded(data.dropFirst(28), block: "the thumbnail resource of \(block)", depth: depth + 1, into: &findings)
        default:
            return
        }
    }
}
