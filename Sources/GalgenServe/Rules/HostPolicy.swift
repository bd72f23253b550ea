/// Which Host and Origin headers the preview server answers, so that a web page on another
/// site cannot reach it through DNS rebinding (a name of theirs that resolves to 127.0.0.1).
///
/// Rebinding needs a domain name, so IP literals are always fine; names must be `localhost`
/// (or `*.localhost`), the name the server was bound to, or one the user allowed.
public struct HostPolicy: Equatable, Sendable {
    public var boundHost: String
    public var allowedNames: Set<String>

    public init(boundHost: String, allowedNames: [String] = []) {
        self.boundHost = boundHost
        self.allowedNames = Set(allowedNames.map(Self.canonical))
    }

    /// A request without Host (HTTP/1.0) is allowed: browsers always send one.
    public func allowsHost(_ header: String?) -> Bool {
        guard let header else { return true }
        guard let name = Self.hostName(ofAuthority: header) else { return false }
        return Self.isIPLiteral(name) || name == "localhost" || name.hasSuffix(".localhost")
            || name == Self.canonical(boundHost) || allowedNames.contains(name)
    }

    /// For the live-reload endpoint: no Origin (a same-origin GET) or an Origin that is exactly
    /// this server as named in Host.
    public func allowsOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host, allowsHost(host) else { return false }
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return lowered.dropFirst(scheme.count) == host.lowercased()
        }
        return false
    }

    /// `Example.COM.:8000` → `example.com`; `[::1]:8000` → `::1`.
    static func hostName(ofAuthority authority: String) -> String? {
        var text = Substring(authority)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(Self.isDigit)) else { return nil }
            return String(text[text.index(after: text.startIndex)..<close]).lowercased()
        }
        if let colon = text.lastIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(Self.isDigit) else { return nil }
            text = text[..<colon]
        }
        guard !text.isEmpty, !text.contains(where: { $0 == "/" || $0 == "@" || $0.isWhitespace }) else { return nil }
        return canonical(String(text))
    }

    static func canonical(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return name
    }

    static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

    static func isIPLiteral(_ name: String) -> Bool {
        if name.contains(":") { return name.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(Self.isDigit) && Int(part)! <= 255
        }
    }

    /// Whether binding here keeps the server to this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let name = canonical(host)
        return name == "localhost" || name == "::1" || (isIPLiteral(name) && name.hasPrefix("127."))
    }
}
