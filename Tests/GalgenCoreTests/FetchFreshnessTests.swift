import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: freshness")
struct FetchFreshnessTests {
    let now = FetchFixture.now

    func freshUntil(_ headers: (String, String)...) -> Date? {
        Freshness.freshUntil(HTTPHead(status: 200, headers: headers.map { (name: $0.0, value: $0.1) }), receivedAt: now)
    }

    /// Seconds from `now` the response stays fresh, or nil when it is stale at once.
    func lifetime(_ headers: (String, String)...) -> TimeInterval? {
        Freshness.freshUntil(HTTPHead(status: 200, headers: headers.map { (name: $0.0, value: $0.1) }), receivedAt: now)?
            .timeIntervalSince(now)
    }

    @Test func maxAgeCountsFromArrival() {
        #expect(freshUntil(("Cache-Control", "max-age=3600")) == now.addingTimeInterval(3600))
        #expect(lifetime(("cache-control", "public, max-age=60")) == 60)
    }

    @Test func maxAgeWinsOverExpires() {
        #expect(lifetime(("Expires", FetchFixture.date(86_400)), ("Cache-Control", "max-age=100")) == 100)
        // Even an Expires in the past, or one that does not parse, loses to max-age.
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Expires", FetchFixture.date(-60))) == 100)
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Expires", "0")) == 100)
    }

    @Test func expiresWithoutDateCountsFromArrival() {
        #expect(lifetime(("Expires", FetchFixture.date(300))) == 300)
        #expect(lifetime(("Expires", "Mon, 01 Jul 2024 13:00:00 GMT")) == 3600)
    }

    @Test func expiresIsRelativeToTheServersDate() {
        // The server's clock is 500 s ahead of ours: Expires - Date = 100 s of freshness, not 600.
        #expect(lifetime(("Date", FetchFixture.date(500)), ("Expires", FetchFixture.date(600))) == 100)
        // Its clock is 1000 s behind: the response looks 1000 s old already (apparent age).
        #expect(lifetime(("Date", FetchFixture.date(-1000)), ("Expires", FetchFixture.date(2600))) == 2600)
    }

    @Test("An Expires that does not parse or has passed means stale", arguments: [
        "0", "-1", "never", "", "Mon, 01 Jul 2024 11:59:59 GMT", "Mon, 01 Jul 2024 12:00:00 GMT",
    ])
    func invalidOrPastExpires(_ expires: String) {
        #expect(freshUntil(("Expires", expires)) == nil)
    }

    @Test func expiresEqualToDateIsStale() {
        #expect(freshUntil(("Date", FetchFixture.date(500)), ("Expires", FetchFixture.date(500))) == nil)
    }

    @Test func ageHeaderIsSubtracted() {
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Age", "30")) == 70)
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Age", " 30 ")) == 70)
        #expect(lifetime(("Expires", FetchFixture.date(300)), ("Age", "100")) == 200)
        #expect(freshUntil(("Cache-Control", "max-age=100"), ("Age", "100")) == nil)
        #expect(freshUntil(("Cache-Control", "max-age=100"), ("Age", "5000")) == nil)
    }

    @Test func anAgeThatDoesNotParseCountsAsZero() {
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Age", "old")) == 100)
    }

    @Test func apparentAgeFromDateIsSubtracted() {
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Date", FetchFixture.date(-40))) == 60)
        // A Date in our future is no negative age.
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Date", FetchFixture.date(40))) == 100)
        #expect(freshUntil(("Cache-Control", "max-age=100"), ("Date", FetchFixture.date(-100))) == nil)
    }

    @Test func theLargerOfAgeAndApparentAgeCounts() {
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Date", FetchFixture.date(-40)), ("Age", "30")) == 60)
        #expect(lifetime(("Cache-Control", "max-age=100"), ("Date", FetchFixture.date(-40)), ("Age", "50")) == 50)
    }

    @Test("no-cache and no-store are never fresh", arguments: [
        "no-cache, max-age=3600", "max-age=3600, no-store", "NO-CACHE", "no-store",
    ])
    func noCacheNoStore(_ control: String) {
        #expect(freshUntil(("Cache-Control", control), ("Expires", FetchFixture.date(3600))) == nil)
    }

    @Test func noCacheInASecondHeaderFieldCounts() {
        #expect(freshUntil(("Cache-Control", "max-age=3600"), ("Cache-Control", "no-cache")) == nil)
    }

    @Test("Without max-age or Expires galgen does not guess", arguments: [
        [] as [(String, String)],
        [("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")],
        [("Date", FetchFixture.nowText), ("ETag", "\"v1\"")],
        [("Cache-Control", "public, s-maxage=600")],
    ])
    func noFreshnessInformation(_ headers: [(String, String)]) {
        #expect(Freshness.freshUntil(HTTPHead(status: 200, headers: headers.map { (name: $0.0, value: $0.1) }), receivedAt: now) == nil)
    }

    @Test func maxAgeZeroOrInvalidIsStale() {
        #expect(freshUntil(("Cache-Control", "max-age=0")) == nil)
        #expect(freshUntil(("Cache-Control", "max-age=soon"), ("Expires", FetchFixture.date(3600))) == nil)
    }

    @Test func isFreshUntilTheInstantItExpires() {
        let entry = FetchFixture.entry(freshUntil: now)
        #expect(entry.isFresh(at: now.addingTimeInterval(-1)))
        #expect(entry.isFresh(at: now.addingTimeInterval(-0.001)))
        #expect(!entry.isFresh(at: now))
        #expect(!entry.isFresh(at: now.addingTimeInterval(1)))
        #expect(!FetchFixture.entry(freshUntil: nil).isFresh(at: .distantPast))
    }
}
