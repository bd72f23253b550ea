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

    /// Whether a hierarchical keyword names a person: under `People` (`People|Ann Lee`,
    /// `People|Family|Bob`), as Lightroom and digiKam write a face's name.
    public static func isPerson(_ hierarchical: String) -> Bool {
        let parts = hierarchical.split(separator: "|")
        guard parts.count > 1, let root = parts.first else { return false }
        return cleaned(String(root))?.lowercased() == "people"
    }

    /// `keywords` without any that names one of `people` (compared as tags are: cleaned, without case).
    public static func removing(_ people: [String], from keywords: [String]) -> [String] {
        let names = Set(people.compactMap { cleaned($0)?.lowercased() })
        return keywords.filter { keyword in cleaned(keyword).map { !names.contains($0.lowercased()) } ?? false }
    }

    /// The leaf of a hierarchical keyword: `Places|France|Paris` → `Paris`.
    public static func leaf(_ hierarchical: String) -> String {
        hierarchical.split(separator: "|").last.map(String.init) ?? hierarchical
    }
}
