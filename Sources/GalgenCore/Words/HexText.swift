/// Numbers written in hexadecimal for messages ("U+0007", "it starts FF D8 00 10").
public enum HexText {
    /// `value` in upper-case hexadecimal, padded with zeros to `digits`.
    public static func padded(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Bytes as two-digit pairs separated by spaces; "with nothing" for none.
    public static func bytes(_ bytes: some Collection<UInt8>) -> String {
        bytes.isEmpty ? "with nothing" : bytes.map { padded($0, digits: 2) }.joined(separator: " ")
    }
}
