import Foundation
@testable import GalgenCore

/// Shared values for the pure fetch-rule tests.
enum FetchFixture {
    /// Mon, 01 Jul 2024 12:00:00 GMT: when the tests' responses arrive.
    static let now = Date(timeIntervalSince1970: 1_719_835_200)
    static let nowText = "Mon, 01 Jul 2024 12:00:00 GMT"

    /// `now` moved by `seconds`, as an IMF-fixdate.
    static func date(_ seconds: TimeInterval) -> String {
        HTTPDate.format(now.addingTimeInterval(seconds))
    }

    static func head(_ status: Int = 200, _ headers: (String, String)...) -> HTTPHead {
        HTTPHead(status: status, headers: headers.map { (name: $0.0, value: $0.1) })
    }

    static func entry(etag: String? = nil, lastModified: String? = nil, freshUntil: Date? = nil,
                      storedAt: Date = now.addingTimeInterval(-86_400)) -> CacheEntry {
        CacheEntry(url: "https://example.org/a.jpg", digest: String(repeating: "ab", count: 32), size: 1234,
                   contentType: "image/jpeg", etag: etag, lastModified: lastModified, storedAt: storedAt, freshUntil: freshUntil)
    }
}
