import Foundation

/// URL fragment and file-name safe identifiers.
public enum Slug {
    /// The longest slug, in bytes: renditions are `<slug>-<width>.<hash>.jpg`, and every path
    /// component must stay well under the 255 bytes file systems allow.
    public static let maximumLength = 100

    /// Lowercase ASCII letters and digits joined by single hyphens, at most `maximumLength` long.
    ///
    /// Letters are transliterated, not dropped: accents are taken off (`Été` → `ete`), compatibility
    /// forms folded (`ﬁ` → `fi`, `Ａ` → `a`) and a few letters spelt out (`ß` → `ss`). Only Unicode's
    /// normalization and case data are used, never the platform's locale or ICU transforms, so every
    /// machine gives the same slug.
    public static func make(from text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in latin(text).unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return shortened(slug)
    }

    /// At most `maximumLength` bytes, cut at a hyphen when one is near the end, without a trailing hyphen.
    static func shortened(_ slug: String) -> String {
        guard slug.utf8.count > maximumLength else { return slug }
        // Slugs from `make` are ASCII, so a byte count is a character count.
        var cut = String(slug.unicodeScalars.prefix(maximumLength))
        if let hyphen = cut.lastIndex(of: "-"), cut.distance(from: hyphen, to: cut.endIndex) <= 20 {
            cut = String(cut[..<hyphen])
        }
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }

    /// Lowercased, decomposed (NFKD) and without combining marks, with letters that have no
    /// decomposition spelt the way they are usually written in ASCII.
    private static func latin(_ text: String) -> String {
        // ASCII has no decomposition, no marks and nothing spelt out: only its case changes (a
        // gallery of 10,000 photos' slugs spent most of their time in Foundation's NFKD).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var result = ""
        for scalar in text.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            if let spelt = spelling[scalar] {
                result += spelt
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static let spelling: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
        "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k", "ŋ": "ng",
    ]

    /// Whether a slug written by the user is safe as an id, fragment and file name.
    public static func isValid(_ slug: String) -> Bool {
        guard let first = slug.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return slug.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// The file name of a path or URL without its folder and extension: `photos/Beach.JPG` → `Beach`,
    /// `https://example.org/a/dunes.jpg?w=2000` → `dunes`.
    public static func stem(ofPath path: String) -> String {
        let name: String
        if SourceClassifier.scheme(of: path) != nil, let components = URLComponents(string: path) {
            // Split while still encoded, so an encoded "/" stays inside its segment; decode once.
            guard let last = components.percentEncodedPath.split(separator: "/").last else {
                return components.host ?? path
            }
            name = String(last).removingPercentEncoding ?? String(last)
        } else if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.utf8.index(after: slash) != path.endIndex {
            // After the last `/`, by bytes (`/` is ASCII).
            name = String(path[path.utf8.index(after: slash)...])
        } else {
            name = path.split(separator: "/").last.map(String.init) ?? path
        }
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
