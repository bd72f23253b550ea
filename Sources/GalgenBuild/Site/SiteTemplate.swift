import GalgenCore

/// A site template as values: Mustache templates by name, and static assets.
public struct SiteTemplate: Equatable, Sendable {
    /// Template text by name, without the `.mustache` extension.
    public var templates: [String: String]
    /// Files copied to `assets/` unchanged (CSS, JS, icons), by file name.
    public var assets: [String: [UInt8]]
    /// What a private album's folder holds in the clear besides its entry page, by file name
    /// (`PrivateBundle.scripts`, the worker): galgen's own, whatever the theme.
    public var privateAlbumFiles: [String: [UInt8]] = [:]

    public init(templates: [String: String], assets: [String: [UInt8]]) {
        self.templates = templates
        self.assets = assets
    }

    /// Sorts files of a template folder into templates and assets by extension, joins
    /// `gallery.js`'s parts (`GalleryScript`) and puts `theme.css` at the end of `gallery.css`
    /// (`ThemeStylesheet`).
    public init(files: [String: [UInt8]]) {
        var templates: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        for (name, bytes) in GalleryScript.assemble(ThemeStylesheet.assemble(files)) {
            if name.hasSuffix(".mustache") {
                templates[String(name.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
            } else {
                assets[name] = bytes
            }
        }
        self.init(templates: templates, assets: assets)
    }
}
