/// HTML and XML escaping per Unicode scalar.
///
/// swift-mustache (2.1.1) escapes per `Character`: `"` followed by a combining mark (U+0301) or
/// a joiner (U+200D) is one grapheme, not equal to `"`, so it passed unescaped and a title could
/// close its attribute and add one of its own. A browser's tokenizer reads code points, so this
/// does too. The five characters are ASCII, and an ASCII byte in UTF-8 is always a whole
/// scalar, so scanning the bytes is scanning the scalars (and fast on a 10,000-photo page).
public enum MarkupText {
    /// The same entities as swift-mustache's own escaping, so ordinary text renders byte for byte as before.
    public static func html(_ text: String) -> String { escape(text, apostrophe: "&#39;") }

    /// For sitemap.xml (`&apos;` is XML's named entity).
    public static func xml(_ text: String) -> String { escape(text, apostrophe: "&apos;") }

    private static func escape(_ text: String, apostrophe: String) -> String {
        // Most text needs nothing: a scan of its contiguous bytes (a native string's) says so
        // several times faster than walking its UTF-8 view.
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: isSpecial) }) ?? text.utf8.contains(where: isSpecial)
        else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += apostrophe.utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
