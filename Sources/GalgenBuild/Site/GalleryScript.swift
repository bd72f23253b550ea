import GalgenCore

/// `gallery.js` as a template keeps it: small parts with one job each, joined into one classic
/// script when the site is built (like a hand-written library before bundlers), so `file://`
/// keeps working: modules do not load from there.
///
/// The joined script is one function: `gallery.state.js` is its own body (what every part
/// shares; it may end the script with `return`), and every other part runs in a function of its
/// own, so its variables are its own. A template's own `gallery.js` wins over the parts.
public enum GalleryScript {
    /// The asset the parts make.
    public static let name = "gallery.js"

    /// The part that holds the shared state; it is not wrapped.
    public static let statePart = "gallery.state.js"

    /// The parts' file names, in the order they are joined (and run).
    public static let parts = [
        // First: the places map needs nothing the viewer's parts share, and the state part ends
        // the script on a page without a viewer.
        "gallery.map.js",
        statePart,
        "gallery.segments.js",
        "gallery.moves.js",
        "gallery.announce.js",
        "gallery.keys.js",
        "gallery.ahead.js",
        "gallery.buttons.js",
        "gallery.slideshow.js",
        "gallery.touch.js",
        "gallery.live.js",
        "gallery.zoom.js",
        "gallery.fullscreen.js",
    ]

    /// A template's files with the parts taken out and, unless the files have a `gallery.js` of
    /// their own, joined into one.
    public static func assemble(_ files: [String: [UInt8]]) -> [String: [UInt8]] {
        var rest = files
        let present = parts.compactMap { name in rest.removeValue(forKey: name).map { (name, $0) } }
        if rest[name] == nil, !present.isEmpty {
            rest[name] = join(present)
        }
        return rest
    }

    /// The script the parts (name and text, in order) make, without their whole-line `//`
    /// comments (a quarter of the bytes, which the parts keep for their readers).
    public static func join(_ parts: [(name: String, text: [UInt8])]) -> [UInt8] {
        var script = Array((head + labelsLine(.standard)).utf8)
        for (name, text) in parts {
            let wrapped = name != statePart
            if wrapped { script += Array("(function () {\n".utf8) }
            script += withoutCommentLines(text)
            // A last line without its newline (a comment, say) must not swallow what follows.
            if text.last != UInt8(ascii: "\n") { script.append(UInt8(ascii: "\n")) }
            if wrapped { script += Array("})();\n".utf8) }
        }
        return script + Array("})();\n".utf8)
    }

    /// `text` less its lines that are only a `//` comment (after spaces or tabs). The parts write
    /// no template literals, where such a line could be text.
    static func withoutCommentLines(_ text: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast(text.last == UInt8(ascii: "\n") ? 1 : 0) {
            let start = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? line.endIndex
            if line[start...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) { continue }
            kept += line
            kept.append(UInt8(ascii: "\n"))
        }
        if text.last != UInt8(ascii: "\n"), kept.last == UInt8(ascii: "\n") { kept.removeLast() }
        return kept
    }
}
