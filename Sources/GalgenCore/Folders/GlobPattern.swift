import Foundation

/// A `src` or `exclude` pattern: `*` and `?` within one name, `[abc]` a set, and `**` any number of
/// folders (none included). Matching ignores letter case (`*.jpg` matches `IMG_1.JPG`, as people
/// expect whatever their disk does) and Unicode normalisation (an NFD name from macOS matches the
/// NFC text of gallery.yml), so one gallery.yml selects the same photos on every machine.
public struct GlobPattern: Equatable, Sendable {
    /// The pattern's names, `/`-separated, each NFC.
    public let segments: [String]

    public init(_ text: String) {
        segments = text.nfc.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }.map(String.init)
    }

    /// Whether text has glob characters at all (a path without them names one file or folder).
    public static func isPattern(_ text: String) -> Bool {
        text.contains { "*?[".contains($0) }
    }

    /// Whether the pattern reaches any depth (it has `**`), or at most `segments.count` names deep.
    public var maxDepth: Int? { segments.contains("**") ? nil : segments.count }

    /// Whether a `/`-separated path relative to the pattern's folder matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let names = path.nfc.split(separator: "/").map(String.init)
        return Self.match(segments[...], names[...])
    }

    /// Whether the file name alone matches a one-segment pattern, or the path the whole pattern
    /// (`exclude: ["*.tmp.jpg"]` leaves such files out at any depth, `drafts/**` that folder only).
    public func excludes(_ path: String) -> Bool {
        guard segments.count == 1 else { return matches(path) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Self.matchName(segments[0], name.nfc)
    }

    /// Dynamic programming over (pattern segment, name): time O(segments × names), however
    /// many `**` there are (backtracking would be exponential in them).
    private static func match(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern), names = Array(names)
        // reachable[j]: the first i pattern segments can match the first j names.
        var reachable = [Bool](repeating: false, count: names.count + 1)
        reachable[0] = true
        for segment in pattern {
            var next = [Bool](repeating: false, count: names.count + 1)
            if segment == "**" {
                // Zero or more names: reachable from any earlier reachable position.
                var any = false
                for j in 0...names.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<names.count where reachable[j] && matchName(segment, names[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[names.count]
    }

    /// fnmatch(3) on one name, both lower-cased (FNM_CASEFOLD is a GNU extension).
    static func matchName(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern.lowercased(), name.lowercased(), 0) == 0
    }
}
