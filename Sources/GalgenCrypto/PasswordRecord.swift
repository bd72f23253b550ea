import Foundation

/// One password's way to an album's content key, published on the album's entry page:
/// `KEK = PBKDF2-HMAC-SHA256(password, salt, iterations, 32)`, then the content key sealed with
/// AES-256-GCM under the KEK (`aad = "galgen-private-v1|" + the album's id`). The browser does the
/// same with WebCrypto; a wrong password fails the tag. The salt and nonce are random once and
/// kept in the cache with the key, so the same password gives the same record on every build.
public struct PasswordRecord: Codable, Equatable, Sendable {
    public var v = 1
    public var iterations: Int
    /// base64url, no padding.
    public var salt: String
    public var nonce: String
    /// The content key sealed, with its tag.
    public var wrapped: String

    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256.
    public static let defaultIterations = 600_000

    public static func aad(album: String) -> [UInt8] { Array("galgen-private-v1|\(album)".utf8) }

    public init(contentKey: [UInt8], password: String, salt: [UInt8], nonce: [UInt8], album: String,
                iterations: Int = PasswordRecord.defaultIterations) throws(CryptoError) {
        let kek = try Primitives.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations, count: 32)
        self.iterations = iterations
        self.salt = Base64URL.encode(salt)
        self.nonce = Base64URL.encode(nonce)
        wrapped = Base64URL.encode(try Primitives.seal(contentKey, key: kek, nonce: nonce, aad: Self.aad(album: album)))
    }

    /// The content key, or `refused` for a wrong password (or a record of another album).
    public func unwrap(password: String, album: String) throws(CryptoError) -> [UInt8] {
        guard v == 1, let salt = Base64URL.decode(salt), let nonce = Base64URL.decode(nonce), nonce.count == 12,
              let wrapped = Base64URL.decode(wrapped) else { throw .refused("the password record is damaged") }
        let kek = try Primitives.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations, count: 32)
        do {
            return try Primitives.open(wrapped[...], key: kek, nonce: nonce, aad: Self.aad(album: album))
        } catch .refused {
            throw .refused("the password is not this album's")
        }
    }
}

/// Base64 with the URL's alphabet and no padding (RFC 4648 §5), as the page and WebCrypto's
/// callers read it: Foundation's base64 with two letters swapped.
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }

    public static func decode(_ text: String) -> [UInt8]? {
        guard !text.contains(where: { $0 == "+" || $0 == "/" || $0 == "=" }) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return Data(base64Encoded: standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)).map(Array.init)
    }
}
