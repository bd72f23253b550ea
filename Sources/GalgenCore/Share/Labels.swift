/// Every string galgen writes into pages and gallery.js, in the site's language.
///
/// (Skeleton: the language helper fills the table and the keys.)
public struct Labels: Equatable, Sendable {
    /// The keys `labels:` may override.
    public static let keys: [String] = english.keys.sorted()

    static let english: [String: String] = [
        "tags": "Tags",
        "download": "Download",
        "downloadAll": "Download all ({count}, {size})",
    ]
}
