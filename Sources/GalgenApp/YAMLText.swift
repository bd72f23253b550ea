import GalgenCore

/// Text written into a gallery.yml as one YAML scalar that reads back as exactly that text.
enum YAMLText {
    /// `text` plain when YAML reads it back unchanged (`Trip to Zürich`, `photos/`), else in
    /// double quotes with escapes (`"Day 1: the coast #2"`).
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    /// Double-quoted: `\` and `"` escaped, and every character YAML does not print as itself
    /// (control characters, line breaks, a byte order mark, non-characters) as `\uXXXX`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default:
                if isPrintable(scalar) && scalar != "\u{FEFF}" && !lineBreaks.contains(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + HexText.padded(scalar.value, digits: 4)
                } else {
                    out += "\\U" + HexText.padded(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    /// Whether YAML reads `text` written plain after `key: ` as that same text: no indicator
    /// at its start, no `: ` or ` #` inside, no space at either end, not null, and only characters
    /// printed as themselves.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" {
            return false
        }
        if text.contains(": ") || text.contains(" #") { return false }
        if ["~", "null"].contains(text.lowercased()) { return false }
        return text.unicodeScalars.allSatisfy { isPrintable($0) && $0 != "\t" && !lineBreaks.contains($0) && $0 != "\u{FEFF}" }
    }

    private static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    /// YAML's printable characters (what gallery.yml's parser accepts as written).
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
