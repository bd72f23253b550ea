import Foundation
import GalgenCore
@testable import GalgenFetch
import GalgenTestSupport
import Testing

struct DiskCacheTests {
    func makeCache() throws -> (DiskCache, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let cache = DiskCache(root: folder.path + "/cache")
        try cache.prepare()
        return (cache, folder)
    }

    func store(_ bytes: [UInt8], for url: String, in cache: DiskCache) throws -> CacheEntry {
        let writer = try cache.newBody()
        try bytes.withUnsafeBytes { try writer.append($0) }
        let (digest, _) = try writer.finish(transient: false)
        let entry = CacheEntry(url: url, digest: digest, size: bytes.count, etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 1_000))
        try cache.store(entry, for: url)
        return entry
    }

    @Test func aStoredBodyIsFoundIntactUnderItsDigest() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        let entry = try store(Array("hello".utf8), for: "https://example.org/a.jpg", in: cache)
        #expect(entry.digest == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(cache.lookup("https://example.org/a.jpg") == .intact(entry))
        #expect(cache.lookup("https://example.org/b.jpg") == .missing)
        #expect(folder.list("cache").filter { $0.contains(".partial-") }.isEmpty)
    }

    @Test func aChangedOrMissingBodyMakesTheEntryCorrupt() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        let entry = try store(Array("hello".utf8), for: "u", in: cache)
        try Data("hellO".utf8).write(to: URL(fileURLWithPath: cache.bodyPath(entry.digest)))
        #expect(cache.lookup("u") == .corrupt(entry))
        try FileManager.default.removeItem(atPath: cache.bodyPath(entry.digest))
        #expect(cache.lookup("u") == .corrupt(entry))
    }

    @Test func anUnreadableIndexEntryIsMissing() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        _ = try store(Array("hello".utf8), for: "u", in: cache)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cache.indexPath("u")))
        #expect(cache.lookup("u") == .missing)
    }

    @Test func theIndexNeverHoldsCredentials() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        let head = HTTPHead(status: 200, headers: [("ETag", "\"x\"")])
        let entry = try #require(CacheEntry.from(head, url: "https://bob:hunter2@example.org/a.jpg", digest: "d", size: 1, receivedAt: Date()))
        try cache.store(entry, for: "https://bob:hunter2@example.org/a.jpg")
        let text = try String(contentsOfFile: cache.indexPath("https://bob:hunter2@example.org/a.jpg"), encoding: .utf8)
        #expect(!text.contains("hunter2") && !text.contains("bob"))
        #expect(text.contains("example.org"))
    }

    @Test func discardingABodyLeavesNothing() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        let writer = try cache.newBody()
        try Array("partial".utf8).withUnsafeBytes { try writer.append($0) }
        #expect(folder.list("cache/bodies").count == 1)
        writer.discard()
        #expect(folder.list("cache/bodies").isEmpty)
    }

    @Test func partialFilesOfDeadProcessesAreRemovedAndOursAreKept() throws {
        let (cache, folder) = try makeCache()
        defer { folder.remove() }
        // A pid far above any real one stands for a build that was killed.
        let dead = folder.path + "/cache/bodies/.partial-2147483000-1"
        let ours = try cache.newBody()
        #expect(FileManager.default.createFile(atPath: dead, contents: Data("half".utf8)))
        try cache.prepare()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: ours.path))
        cache.removeTemporaryFiles()
        #expect(!FileManager.default.fileExists(atPath: ours.path))
    }
}
