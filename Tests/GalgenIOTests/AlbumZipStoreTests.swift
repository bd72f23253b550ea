import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenIO

/// The cache's zips: written once per entry list, then used as they are; pruned by key.
struct AlbumZipStoreTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func zip(_ texts: [String: String]) throws -> AlbumZip {
        let entries = try texts.keys.sorted().map { name in
            // Each source by its digest, as the caches keep them.
            let bytes = Array(texts[name]!.utf8), digest = ContentHash.hex(bytes)
            try folder.write("sources/" + digest, texts[name]!)
            return AlbumZip.Entry(name: name, content: .file(folder.path + "/sources/" + digest), digest: digest, byteCount: bytes.count)
        }
        return AlbumZip(album: "day", folder: "day/", baseName: "day", entries: entries)
    }

    @Test func aZipIsWrittenOnceThenUsedWithoutReadingItsSources() throws {
        let store = AlbumZipStore(folder: folder.path + "/zips")
        let plan = try zip(["a.jpg": "first photo", "b.jpg": "second photo"])
        let file = try store.make(plan)
        #expect(file.path == plan.path && file.content == .file(store.zipPath(plan.key)))
        #expect(file.byteCount == Int(plan.byteCount) && file.digest == ContentStore.digest(ofFile: store.zipPath(plan.key)))
        let stamp = try #require(FileStamp.of(store.zipPath(plan.key)))
        // The sources gone, the kept zip still answers: it is neither read again nor rewritten.
        try FileManager.default.removeItem(atPath: folder.path + "/sources")
        let again = try AlbumZipStore(folder: folder.path + "/zips").make(plan)
        #expect(again == file)
        #expect(FileStamp.of(store.zipPath(plan.key)) == stamp)
    }

    @Test func twoCachesMakeTheSameBytes() throws {
        let plan = try zip(["a.jpg": "first photo"])
        let one = try AlbumZipStore(folder: folder.path + "/one").make(plan)
        let two = try AlbumZipStore(folder: folder.path + "/two").make(plan)
        #expect(one.digest == two.digest)
    }

    @Test func aChangedZipInTheCacheIsWrittenAgain() throws {
        let store = AlbumZipStore(folder: folder.path + "/zips")
        let plan = try zip(["a.jpg": "first photo"])
        let file = try store.make(plan)
        try folder.write("zips/\(plan.key).zip", "damaged")
        #expect(try store.make(plan) == file)
        #expect(ContentStore.digest(ofFile: store.zipPath(plan.key)) == file.digest)
    }

    @Test func finishRemovesTheZipsThisBuildDidNotUse() throws {
        let store = AlbumZipStore(folder: folder.path + "/zips")
        let old = try zip(["a.jpg": "first photo"]), new = try zip(["a.jpg": "first photo, edited"])
        _ = try store.make(old)
        _ = try store.make(new)
        try store.finish([new.key])
        #expect(folder.list("zips") == ["\(new.key).json", "\(new.key).zip"])
        try store.finish([])
        #expect(folder.list("zips").isEmpty)
    }
}
