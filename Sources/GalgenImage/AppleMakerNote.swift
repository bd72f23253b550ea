/// Apple's MakerNote (EXIF tag 0x927C in an iPhone's photo): only the one value galgen needs,
/// the Live Photo's content identifier (tag 0x0011), which the motion's MOV repeats in
/// `com.apple.quicktime.content.identifier`. Bounds-checked like the rest of the EXIF reading.
enum AppleMakerNote {
    static let header = Array("Apple iOS".utf8) + [0]

    /// The content identifier in the MakerNote stored at `start` (an index in `tiff`), `length` bytes long.
    static func contentIdentifier(_ tiff: ArraySlice<UInt8>, at start: Int, length: Int) -> String? {
        guard start >= tiff.startIndex, length >= 16, start <= tiff.endIndex - length else { return nil }
        let note = tiff[start..<start + length]
        guard note.starts(with: header), note[start + 12] == 0x4D, note[start + 13] == 0x4D else { return nil }
        // Big-endian ("MM"), its IFD at byte 14, value offsets counted from the note's start.
        let reader = TIFFStructure(note, littleEndian: false)
        for entry in reader.leadingEntries(at: 14, limit: EXIFSummary.maxEntries) where entry.tag == 0x0011 && entry.type == 2 {
            guard let value = reader.string(entry, limit: 64) else { return nil }
            let identifier = value.trimmingCharacters(in: .whitespaces)
            return identifier.isEmpty ? nil : identifier
        }
        return nil
    }
}
