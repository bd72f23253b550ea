/// Turns a string read from a photo's metadata into words fit to show.
enum MetadataText {
    /// Characters kept at most: a caption is a paragraph, not a document.
    static let maxCharacters = 2000
    /// Unicode scalars looked at at most, so a string of endless combining marks stays small too.
    static let maxScalars = 4 * maxCharacters

    /// Line ends made `\n`, tabs made spaces, every other control character (NUL, ESC, C1) removed,
    /// ends trimmed, at most `maxCharacters`; nil when nothing is left.
    static func clean(_ raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in raw.unicodeScalars.prefix(maxScalars) {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r": continue
            case "\r", "\n", "\u{2028}", "\u{2029}", "\u{85}": scalars.append("\n")
            case "\t": scalars.append(" ")
            case _ where scalar.properties.generalCategory == .control: continue
            case "\u{FEFF}": continue
            default: scalars.append(scalar)
            }
        }
        let capped = String(String(scalars).prefix(maxCharacters))
        let trimmed = capped.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
