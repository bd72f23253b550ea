/// What is wrong with a sidecar file, and how to fix it; the caller adds the file's path.
public struct SidecarProblem: Error, Equatable, Sendable {
    /// The line of the problem, when it has one (a file that is too large has none).
    public var line: Int?
    /// What is wrong and how to fix it, as a sentence.
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }
}

extension SidecarProblem {
    static func tooLarge(_ count: Int) -> SidecarProblem {
        SidecarProblem(line: nil, message: "the file is \(count) bytes long, but a sidecar file may hold at most "
            + "\(Sidecar.maximumBytes) bytes. Keep only the photo's title, caption and alt text in it.")
    }

    static func notAMapping(found: String, line: Int?) -> SidecarProblem {
        SidecarProblem(line: line, message: "a .yml or .yaml sidecar file must be a block of 'key: value' lines (title, caption, alt), "
            + "but this one is \(found). Write, for example, 'caption: Low tide at dawn.'; "
            + "for a caption alone, a .txt file beside the photo will do.")
    }

    static func notText(key: String, found: String, line: Int?) -> SidecarProblem {
        SidecarProblem(line: line, message: "'\(key)' must be text, but it is \(found). Write it on the same line "
            + "('\(key): …', quoted if it contains ': ' or ' #'), or write '\(key): |' and the lines of text below it, indented.")
    }

    static func controlCharacter(_ scalar: Unicode.Scalar, key: String, line: Int?) -> SidecarProblem {
        SidecarProblem(line: line, message: "'\(key)' holds the control character U+\(HexText.padded(scalar.value, digits: 4)), which cannot be shown. "
            + "Remove its escape; only \"\\t\" and \"\\n\" are allowed.")
    }

    /// A problem with the bytes: not UTF-8, or a control character.
    init(_ problem: ConfigText.Problem) {
        switch problem.kind {
        case let .invalidUTF8(byte):
            self.init(line: problem.line, message: "the file is not UTF-8 text: the byte 0x\(String(byte, radix: 16, uppercase: true)) "
                + "at column \(problem.column) is not valid UTF-8. Save it as UTF-8 text.")
        case let .controlCharacter(scalar):
            self.init(line: problem.line, message: "the control character U+\(HexText.padded(scalar.value, digits: 4)) at column \(problem.column) "
                + "is not allowed in a sidecar file. Remove it.")
        default:
            self.init(line: problem.line, message: ConfigError(problem.kind, at: SourceLocation(file: "", line: 1, column: 1)).message)
        }
    }

    /// A problem gallery.yml's parser describes (YAML syntax, an unknown key…), without its file.
    init(_ error: ConfigError) {
        self.init(line: error.location.line, message: error.message)
    }
}
