extension JPEGMarkers {
    /// Marker segments examined at most before the image data (fill bytes count too), as in `exifPayload`.
    static let maxSegments = 512

    /// The payloads of the application segments with marker `marker` (0xE0…0xEF) whose payload
    /// starts with `signature`, in file order, each without the signature.
    ///
    /// The walk stops at the start of scan, at end of image, at anything that is not a marker, and
    /// at a segment whose length runs past the end of the file (that segment is not returned).
    public static func payloads(in bytes: [UInt8], marker: UInt8, signature: [UInt8]) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        walkSegments(in: bytes) { segmentMarker, payload in
            if segmentMarker == marker, bytes[payload].starts(with: signature) {
                found.append(bytes[(payload.lowerBound + signature.count)..<payload.upperBound])
            }
        }
        return found
    }

    /// Calls `visit` with each segment's marker and the range of its payload (after the length field).
    static func walkSegments(in bytes: [UInt8], _ visit: (UInt8, Range<Int>) -> Void) {
        var offset = 2
        for _ in 0..<maxSegments {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return }
            visit(marker, (offset + 4)..<(offset + 2 + length))
            offset += 2 + length
        }
    }
}
