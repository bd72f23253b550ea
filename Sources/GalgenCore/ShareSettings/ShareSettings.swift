/// `feeds:` in gallery.yml: an Atom feed for the site and one per album (they need `base_url`).
public struct FeedSettings: Equatable, Sendable {
    /// On by default: a feed shows only what the pages already show.
    public var enabled = true
    /// The newest items a feed holds.
    public var limit = 50
    /// `feeds:` is written in gallery.yml (so a missing `base_url` is worth a line).
    public var asked = false

    public init(enabled: Bool = true, limit: Int = 50, asked: Bool = false) {
        self.enabled = enabled
        self.limit = limit
        self.asked = asked
    }
}

/// `tags:` in gallery.yml: keywords (from the photo, gallery.yml and sidecars) become tag pages.
public struct TagSettings: Equatable, Sendable {
    public var enabled = true
    /// People tags (MWG regions, `Iptc4xmpExt:PersonInImage`) are private unless this is set.
    public var people = false

    public init(enabled: Bool = true, people: Bool = false) {
        self.enabled = enabled
        self.people = people
    }
}

/// `downloads:` for the site or one album: what a visitor may take home in one file.
public enum AlbumDownloads: String, CaseIterable, Equatable, Sendable {
    /// Nothing more than today: the default.
    case none
    /// One zip per album, linked from its overview ("Download all").
    case zip
}

/// `language:` and `labels:`: the language of every word galgen writes into pages and gallery.js.
public struct SiteLanguage: Equatable, Sendable {
    /// A BCP 47 tag, as written (`de`, `pt-BR`).
    public var tag = "en"
    /// `labels:`: a string of galgen's own, by its key, replaced.
    public var overrides: [String: String] = [:]

    public init(tag: String = "en", overrides: [String: String] = [:]) {
        self.tag = tag
        self.overrides = overrides
    }
}
