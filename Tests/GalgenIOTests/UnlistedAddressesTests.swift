import Foundation
import GalgenCore
@testable import GalgenIO
import GalgenTestSupport
import Testing

/// An unlisted album's address is made once and kept in the cache; a damaged table is an error,
/// never a silent new address.
struct UnlistedAddressesTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func open() -> CacheFolder { CacheFolder(root: folder.path + "/cache", output: folder.path + "/site") }

    @Test func aTokenIsMadeOnceAndKeptByTheNextBuild() throws {
        let first = try open().unlisted.token(for: "family")
        #expect(first.isNew && UnlistedAddress.isToken(first.token))
        // Written at once, before any page names it.
        #expect(folder.read("cache/unlisted.json")?.contains("\"family\" : \"\(first.token)\"") == true)
        let again = try open().unlisted.token(for: "family")
        #expect(again == (first.token, false))
        let other = try open().unlisted.token(for: "friends")
        #expect(other.isNew && other.token != first.token)
        #expect(try open().unlisted.token(for: "family") == (first.token, false))
    }

    @Test(arguments: ["{\"family\": \"short\"}", "not json", "[1, 2]"])
    func aDamagedTableIsAnErrorThatSaysHowToFixIt(_ text: String) throws {
        try folder.write("cache/unlisted.json", text)
        #expect {
            _ = try open().unlisted.token(for: "family")
        } throws: { error in
            let message = "\(error)"
            return message.contains("unlisted.json") && message.contains("remove it")
        }
        // Left as it was, for the person to restore.
        #expect(folder.read("cache/unlisted.json") == text)
    }
}
