import GalgenCore

/// Which files of a template folder a site uses. Pure: the file system's answers come in as
/// `TemplateEntry`s, the decision goes out as a `TemplateSelection`.
///
/// A template folder's files other than templates are published verbatim, so only the
/// folder's own regular files of the kinds a site needs are used: `template: /etc` must not
/// publish `passwd`, nor a symlink to `/proc/self/environ` the build's environment.
public enum TemplateFolder {
    /// Mustache templates: rendered, never published themselves.
    public static let templateExtension = "mustache"

    /// What a site's assets may be, by extension (any case), copied to `assets/` unchanged:
    /// stylesheets, scripts, fonts, images and icons, the web app manifest, text (robots.txt)
    /// and HTML.
    public static let assetExtensions: Set<String> = [
        "css",
        "js", "mjs",
        "woff", "woff2", "ttf", "otf", "eot",
        "png", "jpg", "jpeg", "gif", "webp", "avif", "jxl", "svg", "ico", "bmp",
        "webmanifest",
        "txt",
        "html", "htm",
    ]

    /// The entries the site uses (regular files inside the folder, of a site's kinds) and
    /// the others with the reason each is skipped. Dot files (`.DS_Store`, `.git`, `.env`)
    /// are left out without a word, as they always were.
    public static func select(_ entries: [TemplateEntry]) -> TemplateSelection {
        var selection = TemplateSelection(used: [], skipped: [])
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            if let reason = skipReason(entry) {
                selection.skipped.append(SkippedTemplateFile(name: entry.name, reason: reason))
            } else {
                selection.used.append(entry.name)
            }
        }
        return selection
    }

    /// Whether a file of this name is one a site uses.
    public static func isSiteFile(_ name: String) -> Bool {
        // Exactly `.mustache`, as `SiteTemplate` tells templates from assets: `page.MUSTACHE`
        // would be published as an asset.
        if name.hasSuffix("." + templateExtension) { return true }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return assetExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The asset kinds, for messages: ".avif .bmp .css …".
    public static var allowedAssets: String {
        assetExtensions.sorted().map { "." + $0 }.joined(separator: " ")
    }

    private static func skipReason(_ entry: TemplateEntry) -> String? {
        switch entry.kind {
        case .folder:
            return "skipped: a folder (only the template folder's own files are used, not its subfolders)"
        case let .outside(target):
            return "skipped: a symlink to \(target), outside the template folder (only files inside it are used)"
        case let .unreadable(reason):
            return "skipped: \(reason)"
        case let .special(kind):
            return "skipped: not a regular file but \(kind); a template folder contributes only regular files"
        case .file:
            guard isSiteFile(entry.name) else {
                return "skipped: not a kind of file a site uses (a template folder contributes only .mustache templates "
                    + "and stylesheets, scripts, fonts, images, icons, .webmanifest, .txt and .html: \(allowedAssets)); "
                    + "keep other files out of the template folder"
            }
            return nil
        }
    }
}

/// One entry of a template folder as the file system shows it, symlinks followed.
public struct TemplateEntry: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A regular file inside the folder: the entry itself, or where its symlink leads.
        case file
        case folder
        /// Not a regular file: "a FIFO (named pipe)", "a character device", …
        case special(String)
        /// A symlink that leads out of the folder, to this real path.
        case outside(target: String)
        /// What cannot be looked at: a symlink to nothing, a loop, no permission.
        case unreadable(String)
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// What a site takes from its template folder.
public struct TemplateSelection: Equatable, Sendable {
    /// The names of the files the site uses, sorted.
    public var used: [String]
    /// The others, sorted by name, with why.
    public var skipped: [SkippedTemplateFile]

    public init(used: [String], skipped: [SkippedTemplateFile]) {
        self.used = used
        self.skipped = skipped
    }
}

/// A file of the template folder the site does not use, and why (a warning).
public struct SkippedTemplateFile: Equatable, Sendable {
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
