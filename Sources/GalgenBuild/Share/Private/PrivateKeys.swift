import GalgenCore
import GalgenCrypto

/// What a private album's sealing needs that must stay the same from build to build, kept in
/// the cache (`private.json`, like the unlisted albums' addresses; never discarded): its folder's
/// random part, its content key, and each password source's salt and nonce. A lost table is a new
/// key: every file of the album changes, its address too, and visitors type the password again.
public struct PrivateKeys: Codable, Equatable, Sendable {
    /// The random part of the album's folder (`p-<token>/`).
    public var token: String
    /// 32 bytes, base64url.
    public var contentKey: String
    /// By `PasswordSource.key`.
    public var wraps: [String: Wrap]

    public struct Wrap: Codable, Equatable, Sendable {
        /// 16 bytes, base64url.
        public var salt: String
        /// 12 bytes, base64url.
        public var nonce: String
    }

    public static let tokenLength = 22
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

    /// New random keys, or `kept` completed: what it lacks (a password source added since) drawn.
    public static func random(passwords: [String], kept: PrivateKeys? = nil) throws -> PrivateKeys {
        var keys = try kept ?? PrivateKeys(token: String(Primitives.random(tokenLength).map { alphabet[Int($0) % alphabet.count] }),
                                           contentKey: Base64URL.encode(Primitives.random(32)), wraps: [:])
        for password in passwords where keys.wraps[password] == nil {
            keys.wraps[password] = Wrap(salt: Base64URL.encode(try Primitives.random(16)), nonce: Base64URL.encode(try Primitives.random(12)))
        }
        return keys
    }

    /// Whether the table holds what galgen writes (a damaged one is never silently replaced).
    public var isWellFormed: Bool {
        token.count == Self.tokenLength && token.allSatisfy(Self.alphabet.contains) && Base64URL.decode(contentKey)?.count == 32
            && wraps.values.allSatisfy { Base64URL.decode($0.salt)?.count == 16 && Base64URL.decode($0.nonce)?.count == 12 }
    }

    /// The album's folder: `p-<token>/` (its title is not in it).
    public var folder: String { "p-" + token }
}
