/// Bytes as lowercase hexadecimal, two digits each: digests, keys and sealed files' names.
public enum HexDigits {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Without `String(format:)`, which cost more than the hashing itself.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
