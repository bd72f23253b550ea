import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: CacheEntry")
struct FetchCacheEntryTests {
    let now = FetchFixture.now
    let digest = String(repeating: "0f", count: 32)

    func from(_ headers: (String, String)..., url: String = "https://example.org/a.jpg") -> CacheEntry? {
        CacheEntry.from(HTTPHead(status: 200, headers: headers.map { (name: $0.0, value: $0.1) }),
                        url: url, digest: digest, size: 4321, receivedAt: now)
    }

    @Test("no-store responses are not stored", arguments: ["no-store", "NO-STORE", "public, no-store, max-age=60", "max-age=60,no-store"])
    func noStore(_ control: String) {
        #expect(from(("Cache-Control", control), ("ETag", "\"v1\"")) == nil)
    }

    @Test func noStoreInASecondHeaderFieldCounts() {
        #expect(from(("Cache-Control", "max-age=60"), ("cache-control", "no-store")) == nil)
    }

    @Test func keepsValidatorsTypeAndFreshness() throws {
        let entry = try #require(from(
            ("content-type", "image/jpeg"), ("ETag", "\"abc123\""), ("last-modified", "Mon, 01 Jan 2024 00:00:00 GMT"),
            ("Cache-Control", "max-age=600")))
        #expect(entry == CacheEntry(url: "https://example.org/a.jpg", digest: digest, size: 4321, contentType: "image/jpeg",
                                    etag: "\"abc123\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT",
                                    storedAt: now, freshUntil: now.addingTimeInterval(600), lifetime: 600))
    }

    @Test func withoutHeadersEverythingOptionalIsNil() throws {
        let entry = try #require(from())
        #expect(entry.contentType == nil && entry.etag == nil && entry.lastModified == nil && entry.freshUntil == nil)
        #expect(entry.digest == digest && entry.size == 4321 && entry.storedAt == now)
    }

    @Test func noCacheIsStoredButNeverFresh() throws {
        let entry = try #require(from(("Cache-Control", "no-cache, max-age=600"), ("ETag", "W/\"w\"")))
        #expect(entry.etag == "W/\"w\"")
        #expect(entry.freshUntil == nil)
    }

    @Test func weakETagIsKeptVerbatim() {
        #expect(from(("ETag", "W/\"x\""))?.etag == "W/\"x\"")
    }

    @Test("The stored URL has no credentials", arguments: [
        ("https://user:secret@example.org/a.jpg?w=1", "https://example.org/a.jpg?w=1"),
        ("https://secret@example.org:8443/a.jpg", "https://example.org:8443/a.jpg"),
        ("https://example.org/a.jpg", "https://example.org/a.jpg"),
    ])
    func urlIsRedacted(_ url: String, _ stored: String) {
        #expect(from(url: url)?.url == stored)
    }

    @Test func roundTripsThroughJSON() throws {
        let entry = try #require(from(("ETag", "\"v1\""), ("Cache-Control", "max-age=60"), ("Content-Type", "image/jpeg")))
        let decoded = try JSONDecoder().decode(CacheEntry.self, from: JSONEncoder().encode(entry))
        #expect(decoded == entry)
    }

    // MARK: refreshed(by:)

    let stored = FetchFixture.entry(etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT",
                                    freshUntil: FetchFixture.now.addingTimeInterval(-10))

    func notModified(_ headers: (String, String)...) -> HTTPHead {
        HTTPHead(status: 304, headers: headers.map { (name: $0.0, value: $0.1) })
    }

    @Test("A different strong ETag means the 304 is about another body", arguments: ["\"v2\"", "\"V1\"", "v1"])
    func strongMismatch(_ etag: String) {
        #expect(stored.refreshed(by: notModified(("ETag", etag)), receivedAt: now) == nil)
    }

    @Test func aStrongETagWhenNoneWasStoredIsAMismatch() {
        let entry = FetchFixture.entry(lastModified: "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(entry.refreshed(by: notModified(("ETag", "\"v1\"")), receivedAt: now) == nil)
    }

    @Test func aStrongETagDoesNotMatchAStoredWeakOne() {
        let entry = FetchFixture.entry(etag: "W/\"v1\"")
        #expect(entry.refreshed(by: notModified(("ETag", "\"v1\"")), receivedAt: now) == nil)
    }

    @Test func theSameStrongETagRefreshes() throws {
        let refreshed = try #require(stored.refreshed(by: notModified(("ETag", "\"v1\"")), receivedAt: now))
        #expect(refreshed.etag == "\"v1\"")
        #expect(refreshed.storedAt == now)
    }

    @Test("A weak ETag is accepted and replaces the stored one", arguments: ["W/\"v1\"", "W/\"v2\""])
    func weakETag(_ etag: String) throws {
        let refreshed = try #require(stored.refreshed(by: notModified(("ETag", etag)), receivedAt: now))
        #expect(refreshed.etag == etag)
    }

    @Test func withoutValidatorsTheStoredOnesStay() throws {
        let refreshed = try #require(stored.refreshed(by: notModified(), receivedAt: now))
        #expect(refreshed.etag == "\"v1\"")
        #expect(refreshed.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
    }

    @Test func newValidatorsAndFreshnessApply() throws {
        let refreshed = try #require(stored.refreshed(
            by: notModified(("etag", "W/\"v9\""), ("Last-Modified", "Tue, 02 Jan 2024 00:00:00 GMT"), ("Cache-Control", "max-age=120")),
            receivedAt: now))
        #expect(refreshed == CacheEntry(url: stored.url, digest: stored.digest, size: stored.size, contentType: "image/jpeg",
                                        etag: "W/\"v9\"", lastModified: "Tue, 02 Jan 2024 00:00:00 GMT",
                                        storedAt: now, freshUntil: now.addingTimeInterval(120), lifetime: 120))
        #expect(refreshed.isFresh(at: now.addingTimeInterval(119)))
        #expect(!refreshed.isFresh(at: now.addingTimeInterval(120)))
    }

    @Test func a304ThatSaysNothingAboutFreshnessKeepsTheStoredLifetime() throws {
        var entry = stored
        entry.lifetime = 300
        let later = now.addingTimeInterval(1_000)
        let refreshed = try #require(entry.refreshed(by: notModified(), receivedAt: later))
        #expect(refreshed.freshUntil == later.addingTimeInterval(300))
        let restated = try #require(entry.refreshed(by: notModified(("Cache-Control", "no-cache")), receivedAt: later))
        #expect(restated.freshUntil == nil && restated.lifetime == nil)
    }

    @Test func freshnessComesFromThe304AndItsAge() throws {
        let refreshed = try #require(stored.refreshed(
            by: notModified(("Expires", FetchFixture.date(900)), ("Age", "100")), receivedAt: now))
        #expect(refreshed.freshUntil == now.addingTimeInterval(800))
        let noCache = try #require(stored.refreshed(by: notModified(("Cache-Control", "no-cache, max-age=60")), receivedAt: now))
        #expect(noCache.freshUntil == nil)
    }

    @Test func theBodyDescriptionIsUnchanged() throws {
        let refreshed = try #require(stored.refreshed(by: notModified(("Content-Type", "text/html"), ("Cache-Control", "max-age=1")),
                                                      receivedAt: now))
        #expect(refreshed.url == stored.url && refreshed.digest == stored.digest && refreshed.size == stored.size)
        #expect(refreshed.contentType == stored.contentType)
    }
}
