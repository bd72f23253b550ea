/// `rights:` in gallery.yml, for the site, an album or a photo: who made the photos and on what
/// terms. Each field of the nearest level that gives it wins (a photo's over its album's over the
/// site's); a field no level gives comes from the photo's own file (`EmbeddedRights`).
public struct RightsSettings: Equatable, Sendable, Codable {
    public var creator: String?
    public var copyright: String?
    /// The licence: an http(s) address (what search engines read), or its name as text.
    public var license: String?
    /// Where a licence can be had: an http(s) address.
    public var acquireLicensePage: String?

    public init(creator: String? = nil, copyright: String? = nil, license: String? = nil, acquireLicensePage: String? = nil) {
        self.creator = creator
        self.copyright = copyright
        self.license = license
        self.acquireLicensePage = acquireLicensePage
    }

    /// These fields over `base`'s: each one given here wins.
    public func over(_ base: RightsSettings) -> RightsSettings {
        RightsSettings(creator: creator ?? base.creator, copyright: copyright ?? base.copyright,
                       license: license ?? base.license, acquireLicensePage: acquireLicensePage ?? base.acquireLicensePage)
    }

    /// What a photo's page says: these settings, and for a field none gives, the file's own.
    public func resolved(with file: EmbeddedRights) -> RightsSettings {
        over(RightsSettings(creator: file.creator, copyright: file.copyright, license: file.webStatement))
    }

    public var isEmpty: Bool { self == RightsSettings() }

    /// Whether `text` is an http(s) address a page may link.
    public static func isWebAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && lowered.count > 8 && !text.contains(where: \.isWhitespace)
    }
}

extension RightsSettings: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        for field in [creator, copyright, license, acquireLicensePage] { field.fingerprint(into: &fingerprint) }
    }
}
