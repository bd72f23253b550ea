/// What the preview server does with a request path, decided from the path alone before any
/// file is touched. Everything that could leave the site folder is refused here; symlinks are
/// checked later, where files are opened (`ConfinedFileSystem`).
public enum RequestTarget: Equatable, Sendable {
    /// A path inside the site, percent-decoded once, relative to the base path, starting with "/".
    case file(String)
    /// Not inside the base path but obviously meant to be (`/` or `/sub` for `/sub/`).
    case redirect(String)
    case rejected(status: Int, reason: String)

    /// - Parameters:
    ///   - rawPath: the request target's path as sent (still percent-encoded, no query).
    ///   - basePath: where the site is mounted, normalised by `BasePath.normalise` ("/" or "/sub/").
    public static func classify(rawPath: String, basePath: String) -> RequestTarget {
        if rawPath.contains("\\") || rawPath.lowercased().contains("%5c") {
            return .rejected(status: 400, reason: "backslash in path")
        }
        guard let bytes = PercentDecoding.decode(rawPath), let path = String(validating: bytes, as: UTF8.self) else {
            return .rejected(status: 400, reason: "invalid percent-encoding or UTF-8")
        }
        if bytes.contains(0) { return .rejected(status: 400, reason: "NUL byte in path") }
        if PercentDecoding.hasEscape(bytes) { return .rejected(status: 400, reason: "double percent-encoding") }
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            return .rejected(status: 400, reason: "not a path relative to the site")
        }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if segment == ".." || segment == "." { return .rejected(status: 400, reason: "dot segment in path") }
            if segment.isEmpty && index < segments.count - 1 { return .rejected(status: 400, reason: "empty path segment") }
            if segment.hasPrefix(".") { return .rejected(status: 404, reason: "hidden file") }
        }
        guard basePath != "/" else { return .file(path) }
        if path == "/" || path + "/" == basePath { return .redirect(basePath) }
        guard path.hasPrefix(basePath) else { return .rejected(status: 404, reason: "outside the base path \(basePath)") }
        return .file("/" + path.dropFirst(basePath.count))
    }
}

/// `--base-path`: the sub-folder the site will live in on its host.
public enum BasePath {
    /// "sub", "/sub", "sub/" → "/sub/"; "" or "/" → "/". Nil when it cannot be a URL path prefix.
    public static func normalise(_ value: String) -> String? {
        let parts = value.split(separator: "/")
        guard parts.allSatisfy({ part in
            part != "." && part != ".." && !part.hasPrefix(".")
                && part.unicodeScalars.allSatisfy { allowed.contains($0) }
        }) else { return nil }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".unicodeScalars)
}

enum PercentDecoding {
    /// Decodes `%XX` once; nil for a `%` not followed by two hex digits.
    static func decode(_ string: String) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        var iterator = string.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { output.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            output.append(high << 4 | low)
        }
        return output
    }

    /// True when the bytes still hold a `%XX` escape (the request was encoded twice).
    static func hasEscape(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { index in
            bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count
                && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
