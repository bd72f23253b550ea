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
        let raw = Array(rawPath.utf8)
        if raw.contains(backslash) || PercentDecoding.hasEscape(raw, of: backslash) {
            return .rejected(status: 400, reason: "backslash in path")
        }
        guard let path = PercentDecoding.decode(raw), String(validating: path, as: UTF8.self) != nil else {
            return .rejected(status: 400, reason: "invalid percent-encoding or UTF-8")
        }
        if path.contains(0) { return .rejected(status: 400, reason: "NUL byte in path") }
        if PercentDecoding.hasEscape(path) { return .rejected(status: 400, reason: "double percent-encoding") }
        guard path.first == slash, path.count < 2 || path[1] != slash else {
            return .rejected(status: 400, reason: "not a path relative to the site")
        }
        let segments = path.dropFirst().split(separator: slash, omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if segment.elementsEqual([dot, dot]) || segment.elementsEqual([dot]) { return .rejected(status: 400, reason: "dot segment in path") }
            if segment.isEmpty && index < segments.count - 1 { return .rejected(status: 400, reason: "empty path segment") }
            if segment.first == dot { return .rejected(status: 404, reason: "hidden file") }
        }
        let decoded = String(decoding: path, as: UTF8.self)
        guard basePath != "/" else { return .file(decoded) }
        if decoded == "/" || decoded + "/" == basePath { return .redirect(basePath) }
        guard decoded.utf8.starts(with: basePath.utf8) else { return .rejected(status: 404, reason: "outside the base path \(basePath)") }
        return .file("/" + String(decoding: path.dropFirst(basePath.utf8.count), as: UTF8.self))
    }

    private static let slash = UInt8(ascii: "/"), dot = UInt8(ascii: "."), backslash = UInt8(ascii: "\\")
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
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(percent) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == percent else { output.append(bytes[index]); index += 1; continue }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
            output.append(high << 4 | low)
            index += 3
        }
        return output
    }

    /// True when the bytes hold a `%XX` escape (of `byte` only, if given).
    static func hasEscape(_ bytes: [UInt8], of byte: UInt8? = nil) -> Bool {
        var index = 0
        while let found = bytes[index...].firstIndex(of: percent) {
            if found + 2 < bytes.count, let high = hexValue(bytes[found + 1]), let low = hexValue(bytes[found + 2]),
               byte.map({ high << 4 | low == $0 }) ?? true {
                return true
            }
            index = found + 1
        }
        return false
    }

    static let percent = UInt8(ascii: "%")

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
