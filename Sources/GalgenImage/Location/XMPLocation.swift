/// Whether an XMP packet (or any XML-like text) names a coordinate property: an element or
/// attribute whose name holds "Latitude" or "Longitude" in any case and any namespace prefix
/// (`exif:GPSLatitude`, `exif:GPSDestLongitude`, `drone-dji:GpsLatitude`, DJI's misspelt
/// `GpsLongtitude`, an unprefixed `<GPSLatitude>`). Names are found, not values, so a caption
/// that mentions latitude does not count; a name counts even when its value is empty.
///
/// XMP may be UTF-8, UTF-16 or UTF-32: NUL bytes are skipped, which leaves every ASCII name of
/// any of them intact. Linear in the packet's size; no XML is built.
enum XMPLocation {
    static let words = ["latitude", "longitude", "longtitude"].map { Array($0.utf8) }

    /// The first coordinate property named in `packet`, as written (NULs removed), or nil.
    static func property(in packet: ArraySlice<UInt8>) -> String? {
        let text = packet.filter { $0 != 0 }
        var index = 0
        while index < text.count {
            guard let hit = nextWord(in: text, from: index) else { return nil }
            let (name, end) = name(around: hit, in: text)
            if let name { return name }
            // On past the whole name, so a long run of name bytes is looked at once, not once per word in it.
            index = end
        }
        return nil
    }

    /// The next place where one of the words starts, ignoring ASCII case.
    private static func nextWord(in text: [UInt8], from start: Int) -> Range<Int>? {
        var index = start
        while index < text.count {
            // Every word starts with "l": look at those only.
            if text[index] | 0x20 == UInt8(ascii: "l") {
                for word in words where index + word.count <= text.count {
                    if zip(text[index..<(index + word.count)], word).allSatisfy({ $0 | 0x20 == $1 }) {
                        return index..<(index + word.count)
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// The XML name the word is part of, when that name is an element's (`<` before it) or an
    /// attribute's (white space before it, `=` after it); and where the run of name bytes ends.
    private static func name(around word: Range<Int>, in text: [UInt8]) -> (name: String?, end: Int) {
        var start = word.lowerBound, end = word.upperBound
        while start > 0, isNameByte(text[start - 1]) { start -= 1 }
        while end < text.count, isNameByte(text[end]) { end += 1 }
        guard start > 0 else { return (nil, end) }
        let before = text[start - 1]
        let name = String(decoding: text[start..<end], as: UTF8.self)
        if before == UInt8(ascii: "<") { return (name, end) }
        guard isSpace(before) else { return (nil, end) }
        var after = end
        while after < text.count, isSpace(text[after]) { after += 1 }
        return (after < text.count && text[after] == UInt8(ascii: "=") ? name : nil, end)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: byte >= 0x80
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
