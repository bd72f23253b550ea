import Foundation
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// Files named by their SHA-256: a damaged file is found, an unchanged one is trusted by its
/// stamp without hashing it again, and nothing is written that is there already.
struct ContentStoreTests {
    let folder: TemporaryFolder
    let bytes = Array("the bytes of a rendition".utf8)
    var digest: String { ContentHash.hex(bytes) }

    init() throws { folder = try TemporaryFolder() }

    /// A store as a build opens it: the stamps file, if any, read afresh.
    func openStore() -> ContentStore { ContentStore(folder: folder.path + "/store") }
    /// The files are named like renditions: digest and suffix.
    let suffix = ".jpg"
    var stampsFile: String { folder.path + "/store.stamps" }

    /// A store holding `bytes`, its stamps saved.
    func storeWithFile() throws -> (ContentStore, path: String) {
        let store = openStore()
        let path = try store.put(bytes, digest: digest, suffix: suffix, durable: false)
        try store.saveStamps()
        return (store, path)
    }

    @Test func aFileIsStoredUnderItsDigestAndVerified() throws {
        let (store, path) = try storeWithFile()
        #expect(path == folder.path + "/store/" + digest + ".jpg")
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        #expect(store.verify(digest, suffix: suffix) && openStore().verify(digest, suffix: suffix))
        #expect(!store.verify(ContentHash.hex(Array("never stored".utf8)), suffix: suffix))
        #expect(!folder.list().contains { $0.contains(".partial-") })
    }

    enum Damage: String, CaseIterable, Sendable { case sameSizeEdit, truncation, deletion }

    @Test("A damaged file is found, by the store that wrote it and by a later one", arguments: Damage.allCases)
    func aDamagedFileIsFound(_ damage: Damage) throws {
        let (store, path) = try storeWithFile()
        switch damage {
        case .sameSizeEdit: try FileEdit.editInPlace(path, with: Array("THE".utf8))
        case .truncation: try FileEdit.truncate(path, to: bytes.count / 2)
        case .deletion: try FileManager.default.removeItem(atPath: path)
        }
        #expect(!store.verify(digest, suffix: suffix))
        #expect(!openStore().verify(digest, suffix: suffix))
        // Putting it again repairs it.
        try openStore().put(bytes, digest: digest, suffix: suffix, durable: false)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        #expect(openStore().verify(digest, suffix: suffix))
    }

    @Test func anUnchangedFileIsTrustedByItsStampWithoutBeingHashed() throws {
        let (store, path) = try storeWithFile()
        // Other bytes with the stamp put back: only hashing could tell, and a trusted file is not hashed.
        try FileEdit.overwriteKeepingStamp(path, with: Array("THE".utf8))
        #expect(store.verify(digest, suffix: suffix))
        #expect(openStore().verify(digest, suffix: suffix), "the stamps file did not vouch for the file")
        // Without the stamps file, a store hashes the file and finds it damaged.
        try FileManager.default.removeItem(atPath: stampsFile)
        #expect(!openStore().verify(digest, suffix: suffix))
    }

    @Test func puttingAFileThatIsThereIntactWritesNothing() throws {
        let (store, path) = try storeWithFile()
        let file = FileStamp.of(path), stamps = FileStamp.of(stampsFile)
        try store.put(bytes, digest: digest, suffix: suffix, durable: false)
        let later = openStore()
        try later.put(bytes, digest: digest, suffix: suffix, durable: true)
        try later.saveStamps()
        #expect(FileStamp.of(path) == file, "the file was written again")
        #expect(FileStamp.of(stampsFile) == stamps, "the stamps file was written again")
    }
}
