import Foundation
import Testing
@testable import GalgenCrypto

/// A password's record opens the album's key with that password, for that album, only.
struct PasswordRecordTests {
    static let key = [UInt8](repeating: 9, count: 32)
    static let salt = [UInt8](repeating: 1, count: 16), nonce = [UInt8](repeating: 2, count: 12)

    @Test func theRightPasswordOpensTheKeyAndNothingElseDoes() throws {
        let record = try PasswordRecord(contentKey: Self.key, password: "correct horse battery", salt: Self.salt, nonce: Self.nonce,
                                        album: "p-abc", iterations: 1000)
        #expect(try record.unwrap(password: "correct horse battery", album: "p-abc") == Self.key)
        #expect(throws: CryptoError.refused("the password is not this album's")) {
            try record.unwrap(password: "correct horse batterY", album: "p-abc")
        }
        #expect(throws: CryptoError.self) { try record.unwrap(password: "correct horse battery", album: "p-abd") }
        var damaged = record
        damaged.wrapped = "!!"
        #expect(throws: CryptoError.refused("the password record is damaged")) { try damaged.unwrap(password: "x", album: "p-abc") }
    }

    @Test func theRecordIsTheSameForTheSameInputsAndSaysNothingOfThePassword() throws {
        let one = try PasswordRecord(contentKey: Self.key, password: "pässwörd 🔑", salt: Self.salt, nonce: Self.nonce, album: "a",
                                     iterations: 1000)
        let two = try PasswordRecord(contentKey: Self.key, password: "pässwörd 🔑", salt: Self.salt, nonce: Self.nonce, album: "a",
                                     iterations: 1000)
        #expect(one == two)
        let json = String(decoding: try JSONEncoder().encode(one), as: UTF8.self)
        #expect(!json.contains("pässwörd") && json.contains("\"iterations\":1000"))
        #expect(PasswordRecord.defaultIterations >= 600_000)
    }

    @Test(arguments: [[], [0], [0, 1], [0, 1, 2], [251, 255, 191, 62, 63], Array(0...255).map(UInt8.init)] as [[UInt8]])
    func base64URLRoundTripsWithoutPaddingOrPlusOrSlash(bytes: [UInt8]) {
        let text = Base64URL.encode(bytes)
        #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test func base64URLRefusesOtherAlphabets() {
        #expect(Base64URL.decode("+/8") == nil && Base64URL.decode("AA==") == nil && Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("-_8") == [251, 255])
    }
}
