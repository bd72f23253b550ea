/// Walks the marker segments before the image data, without decoding.
public enum JPEGMarkers {
    /// The TIFF payload of the first APP1 "Exif" segment, if any.
    public static func exifPayload(in bytes: [UInt8]) -> [UInt8]? {
        var offset = 2
        // Segments are bounded by the file; at most a few hundred are examined.
        for _ in 0..<512 {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            // Start of scan or end of image: no more metadata segments.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let payload = offset + 4
            if marker == 0xE1, length >= 8, Array(bytes[payload..<payload + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return Array(bytes[(payload + 6)..<(offset + 2 + length)])
            }
            offset += 2 + length
        }
        return nil
    }
}
