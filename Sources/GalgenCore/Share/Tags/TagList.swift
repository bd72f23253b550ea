import Foundation

/// A photo's tags, from all their sources: each trimmed, NFC, its runs of white space made one
/// space, at most `maxCharacters`, and once each: two spellings that differ only in case are
/// one tag, written as the first source wrote it.
public enum TagList {
    public static let maxCharacters = 100
    /// Tags kept per photo at most.
    public static let maxTags = 50

    /// The tags of `lists`, in order, earlier lists first.
    public static func merged(_ lists: [String]...) -> [String] {
        merged(lists)
    }

    public static func merged(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for tag in lists.joined() {
            guard tags.count < maxTags, let cleaned = cleaned(tag), seen.insert(cleaned.lowercased()).inserted else { continue }
            tags.append(cleaned)
        }
        return tags
    }

    /// One tag cleaned; nil when nothing is left.
    public static func cleaned(_ tag: String) -> String? {
        let words = tag.nfc.split(whereSeparator: { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } })
        let joined = String(words.joined(separator: " ").prefix(maxCharacters))
        return joined.isEmpty ? nil : joined
    }

    /// The leaf of a hierarchical keyword: `Places|France|Paris` → `Paris`.
    public static func leaf(_ hierarchical: String) -> String {
        hierarchical.split(separator: "|").last.map(String.init) ?? hierarchical
    }
}
