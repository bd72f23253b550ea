import Foundation

/// URL fragment and file-name safe identifiers.
public enum Slug {
    /// Lowercase ASCII letters and digits joined by single hyphens.
    public static func make(from text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

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
        } else {
            name = path.split(separator: "/").last.map(String.init) ?? path
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
