import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: what to do before any request")
struct FetchDecisionTests {
    let now = FetchFixture.now
    let lastModified = "Mon, 01 Jan 2024 00:00:00 GMT"
    var fresh: CacheEntry { FetchFixture.entry(etag: "\"v1\"", lastModified: lastModified, freshUntil: now.addingTimeInterval(60)) }
    var stale: CacheEntry { FetchFixture.entry(etag: "\"v1\"", lastModified: lastModified, freshUntil: now.addingTimeInterval(-60)) }

    @Test func missingIsDownloaded() {
        #expect(FetchDecision.decide(.missing, now: now, offline: false) == .download)
    }

    @Test func corruptIsDownloadedEvenWhenFresh() {
        #expect(FetchDecision.decide(.corrupt(fresh), now: now, offline: false) == .download)
        #expect(FetchDecision.decide(.corrupt(stale), now: now, offline: false) == .download)
        #expect(CacheLookup.corrupt(fresh).usable == nil)
        #expect(CacheLookup.intact(fresh).usable == fresh)
    }

    @Test func freshIsUsedWithoutARequest() {
        #expect(FetchDecision.decide(.intact(fresh), now: now, offline: false) == .useCached(fresh))
        #expect(FetchDecision.decide(.intact(fresh), now: now.addingTimeInterval(59), offline: false) == .useCached(fresh))
    }

    @Test func staleWithBothValidatorsIsRevalidatedWithBothHeaders() {
        #expect(FetchDecision.decide(.intact(stale), now: now, offline: false)
                == .revalidate(stale, headers: ["If-None-Match": "\"v1\"", "If-Modified-Since": lastModified]))
    }

    @Test func freshnessEndsAtFreshUntil() {
        let entry = FetchFixture.entry(etag: "W/\"w\"", freshUntil: now)
        #expect(FetchDecision.decide(.intact(entry), now: now, offline: false) == .revalidate(entry, headers: ["If-None-Match": "W/\"w\""]))
    }

    @Test func onlyTheValidatorsTheEntryHasAreSent() {
        let etagOnly = FetchFixture.entry(etag: "W/\"weak\"")
        #expect(FetchDecision.decide(.intact(etagOnly), now: now, offline: false)
                == .revalidate(etagOnly, headers: ["If-None-Match": "W/\"weak\""]))
        let dateOnly = FetchFixture.entry(lastModified: lastModified)
        #expect(FetchDecision.decide(.intact(dateOnly), now: now, offline: false)
                == .revalidate(dateOnly, headers: ["If-Modified-Since": lastModified]))
    }

    @Test func staleWithoutValidatorsIsDownloadedAgain() {
        let bare = FetchFixture.entry(freshUntil: now.addingTimeInterval(-1))
        #expect(FetchDecision.decide(.intact(bare), now: now, offline: false) == .download)
        #expect(FetchDecision.decide(.intact(FetchFixture.entry()), now: now, offline: false) == .download)
    }

    @Test func noCacheEntriesAreRevalidatedEveryTime() {
        let entry = FetchFixture.entry(etag: "\"v1\"", freshUntil: nil, storedAt: now)
        #expect(FetchDecision.decide(.intact(entry), now: now, offline: false) == .revalidate(entry, headers: ["If-None-Match": "\"v1\""]))
    }

    @Test func offlineWithNothingUsableIsUnavailable() {
        #expect(FetchDecision.decide(.missing, now: now, offline: true) == .unavailableOffline)
        #expect(FetchDecision.decide(.corrupt(fresh), now: now, offline: true) == .unavailableOffline)
    }

    @Test func offlineUsesWhateverIsCachedHoweverStale() {
        #expect(FetchDecision.decide(.intact(stale), now: now, offline: true) == .useCached(stale))
        #expect(FetchDecision.decide(.intact(fresh), now: now, offline: true) == .useCached(fresh))
        let bare = FetchFixture.entry()
        #expect(FetchDecision.decide(.intact(bare), now: now, offline: true) == .useCached(bare))
    }

    @Test func conditionalHeaders() {
        #expect(FetchDecision.conditionalHeaders(for: FetchFixture.entry()) == [:])
        #expect(FetchDecision.conditionalHeaders(for: stale) == ["If-None-Match": "\"v1\"", "If-Modified-Since": lastModified])
    }
}
