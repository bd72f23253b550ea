extension Labels {
    /// The built-in tables by base language; English (`Labels.english`) is under each.
    /// A test checks that each has every English key, the same placeholders, and no other keys
    /// than the plural forms its language has (`photosFew`).
    package static let builtIn: [String: [String: String]] = [
        "en": english,
        "de": german,
        "fr": french,
        "es": spanish,
        "it": italian,
        "pt": portuguese,
        "nl": dutch,
        "ja": japanese,
        "ar": arabic,
        "he": hebrew,
    ]
}
