/// Every string galgen writes into pages and gallery.js, in the site's language: a built-in
/// table per language, `labels:` from gallery.yml over it, English under both (a missing
/// translation is never an empty button).
public struct Labels: Equatable, Sendable {
    /// The site's language tag (`<html lang>`).
    public let language: String
    /// The strings by key, every key present.
    let table: [String: String]

    public init(_ language: SiteLanguage) {
        self.language = language.tag
        table = Labels.english.merging(language.overrides) { _, given in given }
    }

    /// The keys `labels:` may override.
    public static var keys: [String] { english.keys.sorted() }

    /// The string `key`, with `{name}` placeholders replaced by `values[name]`.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        var text = table[key] ?? Labels.english[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    public subscript(_ key: String) -> String { text(key) }

    /// English, the table every other falls back to. Keys are camelCase; `{count}`-style
    /// placeholders are filled by `text(_:_:)`.
    static let english: [String: String] = [
        "tags": "Tags",
        "download": "Download",
        "downloadAll": "Download all ({count}, {size})",
    ]
}

extension Gallery {
    /// The site's strings: `language:` and `labels:`.
    public var labels: Labels { Labels(language) }
}
