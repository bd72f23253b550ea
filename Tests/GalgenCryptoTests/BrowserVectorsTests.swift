import Foundation
import Testing
@testable import GalgenCrypto

/// The vectors the browser suite opens with WebCrypto (Tests/Browser/test_private_open.py):
/// sealed here, committed in Tests/Fixtures/private/, and held to what this code seals, so the
/// two halves cannot drift apart. `GALGEN_WRITE_VECTORS=1 swift test --filter BrowserVectorsTests`
/// writes them again after a deliberate change of the format.
struct BrowserVectorsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/private")
    static let contentKey = (0..<32).map { UInt8($0 * 7 + 3) }
    static let album = "p-vectors"
    static let password = "correct horse battery staple"
    static let plaintextLength = 2 * SealedFile.chunkSize + 1000

    /// Byte i is (i·31 + i/256) mod 256: the browser makes the same bytes to compare.
    static var plaintext: [UInt8] { (0..<plaintextLength).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    struct Vectors: Codable, Equatable {
        var album: String
        var password: String
        var records: [PasswordRecord]
        var plaintextLength: Int
        var file: String
        var path: String
        var sealedName: String
    }

    static func make() throws -> (Vectors, [UInt8]) {
        let records = [
            try PasswordRecord(contentKey: contentKey, password: "an old password", salt: Array(repeating: 5, count: 16),
                               nonce: Array(repeating: 6, count: 12), album: album),
            try PasswordRecord(contentKey: contentKey, password: password, salt: (0..<16).map { UInt8($0) },
                               nonce: (0..<12).map { UInt8(100 + $0) }, album: album),
        ]
        let sealed = try SealedFile.seal(plaintext, digest: Array(repeating: 0xAB, count: 32), contentKey: contentKey)
        let path = "p-vectors/beach/index.html"
        return (Vectors(album: album, password: password, records: records, plaintextLength: plaintextLength, file: "sealed.bin",
                        path: path, sealedName: SealedFile.name(of: path, contentKey: contentKey)), sealed)
    }

    @Test func theCommittedVectorsAreWhatThisCodeSeals() throws {
        let (vectors, sealed) = try Self.make()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(vectors)
        if ProcessInfo.processInfo.environment["GALGEN_WRITE_VECTORS"] == "1" {
            try json.write(to: Self.folder.appendingPathComponent("vectors.json"))
            try Data(sealed).write(to: Self.folder.appendingPathComponent("sealed.bin"))
        }
        let committed = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.folder.appendingPathComponent("vectors.json")))
        #expect(committed == vectors)
        #expect(try Data(contentsOf: Self.folder.appendingPathComponent("sealed.bin")) == Data(sealed))
        #expect(try vectors.records[1].unwrap(password: Self.password, album: Self.album) == Self.contentKey)
    }
}
