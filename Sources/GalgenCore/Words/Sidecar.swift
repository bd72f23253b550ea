import Foundation
import Yams

/// Sidecar files: a photo's title, caption and alt text in a small file beside it, for photos
/// brought in by a folder or glob (which gallery.yml cannot give words one by one).
///
/// `IMG_1.jpg.yml` (or `IMG_1.yml`) holds `title:`, `caption:`, `alt:` and `tags:` (one tag or a
/// list, as in gallery.yml) as YAML;
/// `IMG_1.jpg.txt` (or `IMG_1.txt`) is a caption, the whole text. The text follows gallery.yml's
/// rules: UTF-8 (a byte order mark is dropped), no control characters but tab and line breaks,
/// aliases bounded, and a value is text as written (`title: 2024` is "2024"). Values are NFC,
/// trimmed, with `\n` line breaks; an empty value is none.
public enum Sidecar {
    /// The largest sidecar file read: far more than any caption needs.
    public static let maximumBytes = 65_536

    /// The keys of a YAML sidecar.
    static let keys = ["title", "caption", "alt", "tags"]

    /// The names a sidecar of the photo `fileName` may have, in the folder the photo is in; the
    /// first that exists is the photo's sidecar: for `IMG_1.jpg`, `IMG_1.jpg.yml`, `IMG_1.jpg.yaml`,
    /// `IMG_1.yml`, `IMG_1.yaml`, `IMG_1.jpg.txt`, `IMG_1.txt`.
    public static func candidates(for fileName: String) -> [String] {
        let stem = Self.stem(of: fileName)
        let stems = stem == fileName ? [fileName] : [fileName, stem]
        return stems.flatMap { [$0 + ".yml", $0 + ".yaml"] } + stems.map { $0 + ".txt" }
    }

    /// The words of the sidecar file `name` (its extension says how to read it: `.yml` and
    /// `.yaml` as YAML, anything else as a caption), or what is wrong with it.
    public static func parse(_ bytes: [UInt8], name: String) -> Result<SidecarWords, SidecarProblem> {
        guard bytes.count <= maximumBytes else { return .failure(.tooLarge(bytes.count)) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        switch ConfigText.decode(body) {
        case let .failure(problem):
            return .failure(SidecarProblem(problem))
        case let .success(text):
            guard isYAML(name) else { return .success(SidecarWords(caption: cleaned(text))) }
            return words(fromYAML: text)
        }
    }

    static func isYAML(_ name: String) -> Bool {
        let ext = name.split(separator: ".").last?.lowercased()
        return name.contains(".") && (ext == "yml" || ext == "yaml")
    }

    /// The name without its last extension; a name starting with its only dot keeps it.
    static func stem(of fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// NFC, `\n` line breaks, trimmed; nil when nothing is left.
    static func cleaned(_ text: String) -> String? {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{85}", with: "\n")
        let trimmed = unified.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
