/// gallery.yml's bytes as text: valid UTF-8 with only the characters YAML allows, or the place of
/// the first one that is not.
enum ConfigText {
    /// What is wrong with a byte or character, and its line and column (counted in characters, as Yams does).
    struct Problem: Error, Equatable {
        var kind: ConfigError.Kind
        var line: Int
        var column: Int
    }

    /// The text, or the first invalid UTF-8 sequence or control character.
    static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var position = TextPosition()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if let kind = problem(with: scalar) { return .failure(position.problem(kind)) }
                position.advance(past: scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return .success(String(decoding: bytes, as: UTF8.self))
            case .error:
                return .failure(position.problem(.invalidUTF8(byte: bytes[offset])))
            }
        }
    }

    /// The first control character in text that is already a `String`.
    static func firstProblem(in text: String) -> Problem? {
        var position = TextPosition()
        for scalar in text.unicodeScalars {
            if let kind = problem(with: scalar) { return position.problem(kind) }
            position.advance(past: scalar)
        }
        return nil
    }

    /// YAML's printable characters (YAML 1.1 `c-printable`, what libyaml's reader accepts).
    private static func problem(with scalar: Unicode.Scalar) -> ConfigError.Kind? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: nil
        default: .controlCharacter(scalar)
        }
    }
}

/// Line and column of the next character, counting line breaks the way libyaml does
/// (CR LF, CR, LF, NEL, LS and PS each end a line) so positions agree with Yams's marks.
struct TextPosition {
    private(set) var line = 1
    private(set) var column = 1
    private var afterCR = false

    mutating func advance(past scalar: Unicode.Scalar) {
        switch scalar {
        case "\n" where afterCR:
            break
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
            line += 1
            column = 1
        default:
            column += 1
        }
        afterCR = scalar == "\r"
    }

    func problem(_ kind: ConfigError.Kind) -> ConfigText.Problem {
        ConfigText.Problem(kind: kind, line: line, column: column)
    }
}
