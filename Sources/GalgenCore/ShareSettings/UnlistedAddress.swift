/// An unlisted album's address: its slug and ten random letters and digits (`family-k3j9x0q2ma/`),
/// about 52 bits, so only someone given the link finds it. It is not a password: anyone with the
/// link sees the album, and may pass the link on.
///
/// The random part is made once (`token(using:)`, at the build's edge), then kept: in the cache
/// (`CacheFolder.unlisted`), or in gallery.yml as `unlisted: k3j9x0q2ma`.
public enum UnlistedAddress {
    public static let tokenLength = 10
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// A new random part.
    public static func token(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<tokenLength).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// What a shard puts in an unlisted album's address: a shard writes no page, so it needs
    /// none, and it must not draw (nor print) one of its own.
    public static let unpublished = String(repeating: "0", count: tokenLength)

    /// Ten lower-case ASCII letters and digits.
    public static func isToken(_ text: String) -> Bool {
        text.count == tokenLength && text.allSatisfy { alphabet.contains($0) }
    }

    /// The album's slug as published: `<slug>-<token>`.
    public static func slug(_ slug: String, token: String) -> String {
        slug + "-" + token
    }

    /// The gallery with each unlisted album at its hard-to-guess address: the token gallery.yml
    /// gives, else `token(slug)` (the cache's, or a new one it keeps).
    public static func addressed(_ gallery: Gallery, token: (_ slug: String) -> String) -> Gallery {
        var gallery = gallery
        for index in gallery.albums.indices where gallery.albums[index].unlisted {
            let album = gallery.albums[index]
            gallery.albums[index].slug = slug(album.slug, token: album.unlistedToken ?? token(album.slug))
        }
        return gallery
    }
}
