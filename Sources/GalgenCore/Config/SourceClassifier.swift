import Foundation

/// Decides what kind of source a `src` string is, and whether it is allowed.
struct SourceClassifier {
    let directory: String
    var home: String? = nil
    let allowInsecureHosts: [String]

    func classify(_ src: String) -> Result<ImageSource, ConfigError.Kind> {
        // Foundation's trimming only when an end is a space (it bridges to NSString: a tenth of a
        // second for a gallery of 10,000 photos).
        let trimmed = src.unicodeScalars.first.map(CharacterSet.whitespaces.contains) == false
            && src.unicodeScalars.last.map(CharacterSet.whitespaces.contains) == false ? src : src.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.emptySource) }
        guard let scheme = Self.scheme(of: trimmed) else {
            return .success(.local(written: trimmed, resolved: resolve(trimmed)))
        }
        let shown = URLRedaction.redact(trimmed)
        switch scheme.lowercased() {
        case "https":
            return .success(.remote(trimmed))
        case "http":
            let host = URLComponents(string: trimmed)?.host?.lowercased() ?? ""
            guard Self.isLoopback(host) || allowInsecureHosts.map({ $0.lowercased() }).contains(host) else {
                return .failure(.insecureURL(url: shown, host: host))
            }
            return .success(.remote(trimmed))
        default:
            return .failure(.unsupportedScheme(scheme, url: shown))
        }
    }

    /// `scheme:` at the start, RFC 3986 style; one letter is a Windows drive, not a scheme.
    static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = text[..<colon]
        guard candidate.count >= 2, let first = candidate.unicodeScalars.first, first.properties.isAlphabetic,
              candidate.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return String(candidate)
    }

    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "[::1]" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in part.allSatisfy(\.isASCII) && UInt8(part) != nil }
    }

    private func resolve(_ path: String) -> String {
        PathNormalizer.resolve(path, in: directory, home: home)
    }
}

/// Drops `user:password@` from URLs before they reach a message, log or page.
public enum URLRedaction {
    public static func redact(_ url: String) -> String {
        if var components = URLComponents(string: url) {
            guard components.user != nil || components.password != nil else { return url }
            components.user = nil
            components.password = nil
            if let redacted = components.string { return redacted }
        }
        // Unparseable: cut any userinfo by hand (everything up to the last '@' of the authority).
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + String(rest[rest.index(after: at)...])
    }
}

/// Removes `.` and `..` segments without touching the file system.
public enum PathNormalizer {
    /// `path` as written in gallery.yml: absolute, `~/…` in `home` (when known), or relative to `directory`.
    public static func resolve(_ path: String, in directory: String, home: String?) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        if let home, path == "~" || path.hasPrefix("~/") {
            return normalize(home + "/" + path.dropFirst())
        }
        return normalize(path.hasPrefix("/") ? path : base + path)
    }

    static func normalize(_ path: String) -> String {
        // By bytes: `/` and `.` are ASCII, so the parts are those a split by `Character` gives.
        let (dot, dotDot) = (Array(".".utf8)[...], Array("..".utf8)[...])
        var parts: [Substring.UTF8View.SubSequence] = []
        let absolute = path.utf8.first == UInt8(ascii: "/")
        for part in Substring(path).utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual(dot) { continue }
            if part.elementsEqual(dotDot) {
                if let last = parts.last, !last.elementsEqual(dotDot) { parts.removeLast() } else if !absolute { parts.append(part) }
                continue
            }
            parts.append(part)
        }
        var bytes: [UInt8] = absolute ? [UInt8(ascii: "/")] : []
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            bytes += part
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
