import Foundation
import GalgenCore
import GalgenCrypto
import GalgenHash
import GalgenTestSupport
import Testing
@testable import GalgenIO

/// Private albums' sealed files in the cache: sealed chunk by chunk from the file (the same bytes
/// as sealing it whole), found again by id while intact, refused when damaged, pruned by id.
struct SealedFileStoreTests {
    let folder: TemporaryFolder
    static let key = [UInt8](repeating: 3, count: 32)

    init() throws {
        folder = try TemporaryFolder()
    }

    static let id = String(repeating: "ab", count: 32)

    @Test(arguments: [0, 1, SealedFile.chunkSize - 1, SealedFile.chunkSize, SealedFile.chunkSize + 1, 3 * SealedFile.chunkSize])
    func aFileSealedAChunkAtATimeIsTheFileSealedWhole(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let source = folder.path + "/source"
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        let digest = SHA256Hasher.hash(bytes)
        let store = SealedFileStore(folder: folder.path + "/sealed")
        let sealer = try SealedFile.Sealer(digest: digest, contentKey: Self.key)
        let kept = try store.keepSealing(Self.id, source, sealer.header) { chunk, index, last in try sealer.seal(chunk, index: index, last: last) }
        let whole = try SealedFile.seal(bytes, digest: digest, contentKey: Self.key)
        #expect(FileManager.default.contents(atPath: kept.path) == Data(whole))
        #expect(kept.byteCount == whole.count && kept.digest == ContentHash.hex(whole))
        #expect(store.lookup(Self.id) == kept)
    }

    @Test func aDamagedFileIsNotFoundAndUnusedOnesArePruned() throws {
        let store = SealedFileStore(folder: folder.path + "/sealed")
        let kept = try store.keep(Self.id, Array("sealed bytes".utf8))
        #expect(store.lookup(Self.id) == kept)
        try Data("sealed byteZ and more".utf8).write(to: URL(fileURLWithPath: kept.path))
        #expect(store.lookup(Self.id) == nil)
        let other = String(repeating: "cd", count: 32)
        _ = try store.keep(other, [1, 2, 3])
        try store.finish([other])
        #expect(folder.list("sealed").sorted() == [other + ".bin", other + ".json"])
        #expect(store.lookup("not an id") == nil)
    }
}
