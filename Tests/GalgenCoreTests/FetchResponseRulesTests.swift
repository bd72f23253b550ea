import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: what a response means")
struct FetchResponseRulesTests {
    let now = FetchFixture.now
    let cached = FetchFixture.entry(etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT",
                                    freshUntil: FetchFixture.now.addingTimeInterval(-5))

    func verdict(_ status: Int, _ headers: (String, String)..., revalidating entry: CacheEntry? = nil) -> ResponseVerdict {
        ResponseRules.verdict(HTTPHead(status: status, headers: headers.map { (name: $0.0, value: $0.1) }),
                              revalidating: entry, receivedAt: now)
    }

    @Test func okReadsTheBody() {
        #expect(verdict(200) == .body)
        #expect(verdict(200, ("Cache-Control", "no-store"), revalidating: cached) == .body)
    }

    @Test func notModifiedRefreshesTheEntry() {
        let expected = cached.refreshed(by: FetchFixture.head(304, ("ETag", "\"v1\""), ("Cache-Control", "max-age=60")), receivedAt: now)
        #expect(expected != nil)
        #expect(verdict(304, ("ETag", "\"v1\""), ("Cache-Control", "max-age=60"), revalidating: cached) == expected.map(ResponseVerdict.notModified))
        guard case let .notModified(entry) = verdict(304, ("Cache-Control", "max-age=60"), revalidating: cached) else {
            Issue.record("expected notModified")
            return
        }
        #expect(entry.storedAt == now)
        #expect(entry.freshUntil == now.addingTimeInterval(60))
        #expect(entry.digest == cached.digest)
    }

    @Test func notModifiedWithoutACachedEntryFails() {
        #expect(verdict(304) == .fail(.notModifiedWithoutCache))
        #expect(verdict(304, ("ETag", "\"v1\"")) == .fail(.notModifiedWithoutCache))
    }

    @Test func notModifiedForAnotherBodyIsAMismatch() {
        #expect(verdict(304, ("ETag", "\"v2\""), revalidating: cached) == .notModifiedMismatch)
    }

    @Test("Redirects go to their Location, as written", arguments: [301, 302, 303, 307, 308])
    func redirect(_ status: Int) {
        #expect(verdict(status, ("Location", "https://cdn.example.org/a.jpg")) == .redirect(to: "https://cdn.example.org/a.jpg"))
        #expect(verdict(status, ("location", "/b.jpg")) == .redirect(to: "/b.jpg"))
        #expect(verdict(status, ("Location", "https://one/x"), ("Location", "https://two/x")) == .redirect(to: "https://one/x"))
    }

    @Test("A redirect without a Location fails", arguments: [301, 302, 303, 307, 308])
    func redirectWithoutLocation(_ status: Int) {
        #expect(verdict(status) == .fail(.redirectWithoutLocation(status)))
        #expect(verdict(status, ("Location", "")) == .fail(.redirectWithoutLocation(status)))
        #expect(FetchProblem.redirectWithoutLocation(status).description == "HTTP \(status) redirect without a Location header")
    }

    @Test func tooManyRequestsIsRetried() {
        #expect(verdict(429) == .retry(.tooManyRequests, retryAfter: nil))
        #expect(verdict(429, ("Retry-After", "120")) == .retry(.tooManyRequests, retryAfter: 120))
    }

    @Test("Server errors are retried", arguments: [500, 502, 503, 504, 599])
    func serverErrors(_ status: Int) {
        #expect(verdict(status) == .retry(.serverError(status), retryAfter: nil))
        #expect(verdict(status, ("Retry-After", "7")) == .retry(.serverError(status), retryAfter: 7))
    }

    @Test("Retry-After as seconds or as an HTTP date", arguments: [
        ("120", 120), (" 7 ", 7), ("0", 0), ("-5", 0),
        (FetchFixture.date(30), 30), ("Mon, 01 Jul 2024 12:01:00 GMT", 60), ("Monday, 01-Jul-24 12:00:45 GMT", 45),
        (FetchFixture.date(-300), 0), (FetchFixture.nowText, 0),
    ] as [(String, TimeInterval)])
    func retryAfter(_ value: String, _ seconds: TimeInterval) {
        #expect(verdict(503, ("Retry-After", value)) == .retry(.serverError(503), retryAfter: seconds))
        #expect(verdict(429, ("retry-after", value)) == .retry(.tooManyRequests, retryAfter: seconds))
    }

    @Test("A Retry-After that is neither is ignored", arguments: ["soon", "1.5", "", "Mon, 01 Jul 2024"])
    func unparseableRetryAfter(_ value: String) {
        #expect(verdict(503, ("Retry-After", value)) == .retry(.serverError(503), retryAfter: nil))
    }

    @Test("Everything else fails with its status", arguments: [404, 403, 401, 410, 400, 418, 201, 204, 206, 300, 305, 100, 600])
    func otherStatuses(_ status: Int) {
        #expect(verdict(status) == .fail(.status(status)))
        #expect(verdict(status, revalidating: cached) == .fail(.status(status)))
    }

    @Test func notFoundIsNotRetriedAndReadsWell() {
        #expect(!FetchProblem.status(404).isRetryable)
        #expect(FetchProblem.status(404).description == "the server answered HTTP 404 Not Found")
        #expect(FetchProblem.status(418).description == "the server answered HTTP 418")
        #expect(FetchProblem.serverError(503).description == "the server failed with HTTP 503 Service Unavailable")
    }

    @Test("Which problems are worth another attempt", arguments: [
        (FetchProblem.serverError(500), true), (.tooManyRequests, true), (.truncated(received: 1, expected: 2), true),
        (.idleTimeout(seconds: 30), true), (.connection("reset"), true),
        (.status(404), false), (.notAPhoto(contentType: nil, start: "empty"), false), (.tooLarge(limit: 1, declared: 2), false),
        (.redirectLoop("x"), false), (.insecureRedirect(to: "x"), false), (.tooManyRedirects(limit: 5), false),
        (.notModifiedWithoutCache, false), (.offlineMissing, false), (.cache("disk full"), false),
    ])
    func retryable(_ problem: FetchProblem, _ retryable: Bool) {
        #expect(problem.isRetryable == retryable)
        #expect(problem.isOriginFailure == retryable)
    }

    @Test func aDownloadOutOfTimeIsNotRetriedButACachedCopyMayStandIn() {
        let slow = FetchProblem.deadline(seconds: 8, timeout: 2, received: 1_012)
        #expect(!slow.isRetryable && slow.isOriginFailure)
        #expect(slow.description == "the download took longer than 8 s (4 × download.timeout of 2 s) with data still arriving "
            + "(1012 bytes so far): the server is too slow for that limit; raise download.timeout in gallery.yml, "
            + "or host the photo on a faster server")
        #expect(FetchProblem.deadline(seconds: 120, timeout: 30, received: nil).description
            .hasPrefix("the download took longer than 120 s (4 × download.timeout of 30 s) before the server had finished answering: "))
    }
}
