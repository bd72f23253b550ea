/// A `src:` that brings in many photos: a folder (every photo in it and its subfolders) or a glob
/// (`photos/2024/**/*.jpg`), with what it says about every photo it brings in.
public struct PhotoGroup: Equatable, Sendable {
    /// As written in gallery.yml, for messages.
    public var written: String
    /// The folder to look in: the folder itself, or the part of a glob before its first pattern
    /// character (resolved like any local `src`).
    public var root: String
    /// The rest of a glob, relative to `root`; nil for a whole folder.
    public var pattern: GlobPattern?
    /// Photos matching any of these (relative to `root`) are left out.
    public var exclude: [GlobPattern]
    /// Used for each photo that has no caption or alt text of its own (from gallery.yml, a sidecar
    /// or its metadata).
    public var caption: String?
    public var alt: String?
    /// `tags: [...]` on the entry: given to every photo it brings in.
    public var tags: [String] = []
    /// The entry's `details:`, for each photo it brings in.
    public var details: Set<DetailGroup>?
    /// The entry's `rights:`, for each photo it brings in.
    public var rights = RightsSettings()
    /// The entry's `watermark:`, for each photo it brings in.
    public var watermark = WatermarkSettings()
    public var location: SourceLocation

    public init(written: String, root: String, pattern: GlobPattern? = nil, exclude: [GlobPattern] = [],
                caption: String? = nil, alt: String? = nil, location: SourceLocation) {
        self.written = written
        self.root = root
        self.pattern = pattern
        self.exclude = exclude
        self.caption = caption
        self.alt = alt
        self.location = location
    }

    /// The part of `written` that names `root`, ending in `/`: photos are shown as this plus
    /// their path under the folder (`photos/2024/` + `june/IMG_1.jpg`).
    public var writtenRoot: String {
        guard pattern != nil else { return written.hasSuffix("/") ? written : written + "/" }
        let parts = written.split(separator: "/", omittingEmptySubsequences: false)
        let first = parts.firstIndex { GlobPattern.isPattern(String($0)) } ?? parts.endIndex
        return parts[..<first].map { $0 + "/" }.joined()
    }

    /// How deep under `root` photos can match (nil: any depth).
    public var maxDepth: Int? { pattern.map { $0.maxDepth } ?? nil }

    /// A local `src` as written and resolved: a folder or glob when it ends in `/` or has pattern
    /// characters; nil for a single file (which may still turn out to be a folder on disk).
    static func parse(written: String, resolved: String, location: SourceLocation) -> PhotoGroup? {
        guard GlobPattern.isPattern(written) else {
            guard written.hasSuffix("/") else { return nil }
            return PhotoGroup(written: written, root: resolved, location: location)
        }
        // Split the resolved path where the first segment with a pattern character begins.
        let parts = resolved.split(separator: "/", omittingEmptySubsequences: true)
        let first = parts.firstIndex { GlobPattern.isPattern(String($0)) } ?? parts.endIndex
        let root = (resolved.hasPrefix("/") ? "/" : "") + parts[..<first].joined(separator: "/")
        return PhotoGroup(written: written, root: root.isEmpty ? "/" : root,
                          pattern: GlobPattern(parts[first...].joined(separator: "/")), location: location)
    }
}

/// `albums: photos/`, or `- folders: photos/` in the album list: every folder under `root` that
/// holds photos becomes an album, in place of the entry.
public struct AlbumTree: Equatable, Sendable {
    public var written: String
    public var root: String
    public var exclude: [GlobPattern]
    /// The order of each album's photos; nil for the gallery's.
    public var order: PhotoOrder?
    public var location: SourceLocation

    public init(written: String, root: String, exclude: [GlobPattern] = [], order: PhotoOrder? = nil, location: SourceLocation) {
        self.written = written
        self.root = root
        self.exclude = exclude
        self.order = order
        self.location = location
    }
}

/// Something placed among the entries of a list: it goes before the entry at `position`.
public struct Placed<Value: Equatable & Sendable>: Equatable, Sendable {
    public var position: Int
    public var value: Value

    public init(_ value: Value, at position: Int) {
        self.value = value
        self.position = position
    }
}
