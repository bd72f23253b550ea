import Foundation

/// The Cache-Control directives a private client cache acts on (RFC 9111 §5.2.2).
public struct CacheControl: Equatable, Sendable {
    /// Seconds the response stays fresh; an unparseable value counts as 0 (stale).
    public var maxAge: Int?
    /// May be stored, but must be revalidated before every use.
    public var noCache = false
    /// Must not be stored at all.
    public var noStore = false

    public init(maxAge: Int? = nil, noCache: Bool = false, noStore: Bool = false) {
        self.maxAge = maxAge
        self.noCache = noCache
        self.noStore = noStore
    }

    public init(parsing header: String?) {
        guard let header else { return }
        for directive in Self.directives(header) {
            let (name, value) = directive
            switch name {
            case "max-age":
                maxAge = min(maxAge ?? .max, Self.deltaSeconds(value))
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: continue
            }
        }
    }

    /// RFC 9111 §1.2.2: digits only; too large means 2^31; anything else is invalid (0, stale).
    static func deltaSeconds(_ value: String?) -> Int {
        guard let value, !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else { return 0 }
        return min(Int(value) ?? Int(Int32.max), Int(Int32.max))
    }

    /// `name` or `name=value` (value optionally quoted), separated by commas outside quotes.
    private static func directives(_ header: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var current = ""
        var quoted = false
        for character in header + "," {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty {
                    // Empty parts kept: a bare "=" is a directive with no name, not a crash.
                    let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                    let value = parts.count > 1
                        ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                        : nil
                    result.append((name, value))
                }
                current = ""
            } else {
                current.append(character)
            }
        }
        return result
    }
}
