import Foundation

/// What the cache remembers about one URL: which body it got, how to revalidate it,
/// and until when it may be used without asking.
public struct CacheEntry: Codable, Equatable, Sendable {
    /// The URL with any credentials removed; for people reading the index.
    public var url: String
    /// Lowercase hex SHA-256 of the body, which is also its file name in the cache.
    public var digest: String
    public var size: Int
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// When the response (or the last 304 that refreshed it) arrived.
    public var storedAt: Date
    /// Usable without a request until then; nil means revalidate before every use.
    public var freshUntil: Date?

    public init(url: String, digest: String, size: Int, contentType: String? = nil, etag: String? = nil,
                lastModified: String? = nil, storedAt: Date, freshUntil: Date? = nil) {
        self.url = url
        self.digest = digest
        self.size = size
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.freshUntil = freshUntil
    }

    public func isFresh(at now: Date) -> Bool {
        guard let freshUntil else { return false }
        return now < freshUntil
    }

    /// The entry for a 200 response, or nil when the response says not to store it.
    public static func from(_ head: HTTPHead, url: String, digest: String, size: Int, receivedAt: Date) -> CacheEntry? {
        guard !CacheControl(parsing: head["Cache-Control"]).noStore else { return nil }
        return CacheEntry(
            url: URLRedaction.redact(url), digest: digest, size: size, contentType: head["Content-Type"],
            etag: head.values("ETag").first, lastModified: head.values("Last-Modified").first,
            storedAt: receivedAt, freshUntil: Freshness.freshUntil(head, receivedAt: receivedAt))
    }

    /// This entry refreshed by a 304 (RFC 9111 §4.3.4), or nil when the 304 does not
    /// describe the stored body: it carries a strong ETag different from the stored one.
    public func refreshed(by head: HTTPHead, receivedAt: Date) -> CacheEntry? {
        let newTag = head.values("ETag").first
        if let newTag, !newTag.hasPrefix("W/"), newTag != etag { return nil }
        var entry = self
        entry.etag = newTag ?? etag
        entry.lastModified = head.values("Last-Modified").first ?? lastModified
        entry.storedAt = receivedAt
        entry.freshUntil = Freshness.freshUntil(head, receivedAt: receivedAt)
        return entry
    }
}

/// How long a response stays fresh (RFC 9111 §4.2), for a private cache.
///
/// Without explicit freshness (max-age or Expires) galgen does not guess: the entry
/// is revalidated on every build, which costs one small request and a 304.
public enum Freshness {
    public static func freshUntil(_ head: HTTPHead, receivedAt: Date) -> Date? {
        let control = CacheControl(parsing: head["Cache-Control"])
        guard !control.noCache, !control.noStore else { return nil }
        let date = head.values("Date").first.flatMap(HTTPDate.parse)
        let lifetime: TimeInterval
        if let maxAge = control.maxAge {
            lifetime = TimeInterval(maxAge)
        } else if let expires = head.values("Expires").first {
            // An Expires that does not parse ("0", "-1") means already expired.
            guard let expiry = HTTPDate.parse(expires) else { return nil }
            lifetime = expiry.timeIntervalSince(date ?? receivedAt)
        } else {
            return nil
        }
        let apparentAge = max(0, date.map { receivedAt.timeIntervalSince($0) } ?? 0)
        let ageHeader = head.values("Age").first.flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let remaining = lifetime - max(apparentAge, ageHeader)
        return remaining > 0 ? receivedAt.addingTimeInterval(remaining) : nil
    }
}
