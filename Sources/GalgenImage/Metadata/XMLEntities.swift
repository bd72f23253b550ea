/// XML's predefined entities and character references, decoded; nothing else.
///
/// A document's own entities (declared in a DTD) are never expanded, which is what keeps entity
/// bombs out: an unknown `&name;` stays as written.
enum XMLEntities {
    /// The longest reference decoded, `&` and `;` included (`&#x0010FFFF;` is 12 bytes).
    static let maxReferenceLength = 12

    /// UTF-8 text with its references decoded; invalid UTF-8 and invalid references become U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return LegacyText.utf8(bytes) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: index) {
                output.append(contentsOf: Array(String(scalar).utf8))
                index += length
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return LegacyText.utf8(output)
    }

    /// The reference starting with the `&` at `index`, and the bytes it spans; nil when it is none
    /// of XML's own.
    static func reference(in bytes: ArraySlice<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(bytes.endIndex, index + maxReferenceLength)
        guard index + 1 < limit, let semicolon = bytes[(index + 1)..<limit].firstIndex(of: UInt8(ascii: ";")) else {
            return nil
        }
        let name = bytes[(index + 1)..<semicolon]
        let length = semicolon + 1 - index
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return ("&", length)
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        default: break
        }
        guard name.first == UInt8(ascii: "#") else { return nil }
        return (characterReference(name.dropFirst()) ?? "\u{FFFD}", length)
    }

    /// `x1F600` or `128512`: the scalar, or nil for an empty, non-numeric, NUL, surrogate or
    /// beyond-Unicode value.
    private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
        let body = hex ? digits.dropFirst() : digits
        guard !body.isEmpty, body.count <= 10 else { return nil }
        var value = 0
        for byte in body {
            guard let digit = hexValue(byte), hex || digit < 10 else { return nil }
            value = value * (hex ? 16 : 10) + digit
        }
        guard value != 0, value <= 0x10FFFF else { return nil }
        return Unicode.Scalar(UInt32(value))
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
