/// How a line looks on a colour terminal; plain text everywhere else.
public enum TerminalStyle: Sendable {
    case heading, success, warning, error

    /// The SGR parameters (ECMA-48) that draw it.
    var code: String {
        switch self {
        case .heading: "1"
        case .success: "32"
        case .warning: "33"
        case .error: "31"
        }
    }

    func apply(to text: String) -> String {
        "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// Moves to the start of the line and clears it (to redraw a progress bar in place).
    static let clearLine = "\r\u{1B}[K"
}
