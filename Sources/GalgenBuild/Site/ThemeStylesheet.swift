import GalgenCore

/// `theme.css` in a template folder: a few custom properties (`--accent: #c2410c;`, light and
/// dark) that restyle the built-in look without copying it. It is added at the end of
/// `gallery.css` (the folder's own, or the built-in one), so its values win, and is not
/// published on its own. The properties are listed at the top of `site-template/gallery.css`.
public enum ThemeStylesheet {
    public static let name = "theme.css"
    public static let stylesheet = "gallery.css"

    /// `files` with `theme.css` moved to the end of `gallery.css`.
    public static func assemble(_ files: [String: [UInt8]]) -> [String: [UInt8]] {
        var rest = files
        guard let theme = rest.removeValue(forKey: name) else { return rest }
        var css = rest[stylesheet] ?? []
        if let last = css.last, last != UInt8(ascii: "\n") { css.append(UInt8(ascii: "\n")) }
        rest[stylesheet] = css + Array("/* theme.css */\n".utf8) + theme
        return rest
    }
}
