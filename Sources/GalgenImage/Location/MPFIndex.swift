/// The MPF index of a JPEG (APP2 "MPF"): where the file's other images are (a stereo pair's
/// second view, a gain map, a large thumbnail), so that each is read for a location too.
enum MPFIndex {
    /// Entries read at most.
    static let maxEntries = 64

    /// The absolute offsets of the images the index lists after the first (whose offset is 0);
    /// an index that cannot be read is noted as unreadable.
    static func images(_ index: ArraySlice<UInt8>, segment: String, into findings: inout LocationFindings) -> [Int] {
        let unreadable = { (why: String) in "the MPF index in \(segment) \(why)" }
        guard let reader = TIFFStructure(index) else { findings.cannotRead(unreadable("is not a TIFF structure")); return [] }
        guard let entries = reader.entries(at: reader.firstIFD) else { findings.cannotRead(unreadable("runs past its end")); return [] }
        guard let list = entries.first(where: { $0.tag == 0xB002 }) else { return [] }
        guard let values = reader.values(list, size: 1), values.count % 16 == 0, values.count / 16 <= maxEntries else {
            findings.cannotRead(unreadable("has an image list galgen cannot read"))
            return []
        }
        // Each entry: attributes, size, offset (from the index's start), two dependent entries.
        return stride(from: values.lowerBound, to: values.upperBound, by: 16).compactMap { entry in
            guard let offset = reader.number(at: entry + 8, 4), offset != 0 else { return nil }
            return index.startIndex + offset
        }
    }
}
