/// Text in the encodings photo metadata is written in: UTF-8, and for older IPTC and EXIF writers
/// Windows-1252 (the Western default of the tools that wrote them, a superset of Latin-1's printable part).
enum LegacyText {
    /// UTF-8 when the bytes are valid UTF-8, else Windows-1252. Never fails: every byte maps to a scalar.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(validating: bytes, as: UTF8.self) ?? windows1252(bytes)
    }

    /// UTF-8, invalid sequences replaced by U+FFFD (for text declared UTF-8).
    static func utf8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// At most `maxBytes` of `bytes`, cut before a UTF-8 sequence rather than inside it.
    static func prefix(_ bytes: ArraySlice<UInt8>, maxBytes: Int) -> ArraySlice<UInt8> {
        guard bytes.count > maxBytes else { return bytes }
        var end = bytes.startIndex + max(0, maxBytes)
        var steps = 0
        while steps < 3, end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 {
            end -= 1
            steps += 1
        }
        return bytes[..<end]
    }

    /// Windows-1252: Latin-1 except 0x80…0x9F, which hold typographic marks (€ ‚ „ … ‘ ’ “ ” – —).
    /// The five bytes Windows-1252 leaves undefined stay C1 controls, which cleaning removes.
    static func windows1252<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? cp1252High[Int(byte - 0x80)] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Windows-1252's 0x80…0x9F.
    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
