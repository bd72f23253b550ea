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
    /// The freshness lifetime the origin granted, kept for 304s that do not restate it.
    public var lifetime: TimeInterval?

    public init(url: String, digest: String, size: Int, contentType: String? = nil, etag: String? = nil,
                lastModified: String? = nil, storedAt: Date, freshUntil: Date? = nil, lifetime: TimeInterval? = nil) {
        self.url = url
        self.digest = digest
        self.size = size
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.lifetime = lifetime
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
            storedAt: receivedAt, freshUntil: Freshness.freshUntil(head, receivedAt: receivedAt),
            lifetime: Freshness.lifetime(head, receivedAt: receivedAt))
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
        if Freshness.isStated(head) { entry.lifetime = Freshness.lifetime(head, receivedAt: receivedAt) }
        entry.freshUntil = Freshness.freshUntil(lifetime: entry.lifetime, head, receivedAt: receivedAt)
        return entry
    }
}

/// How long a response stays fresh (RFC 9111 §4.2), for a private cache.
///
/// Without explicit freshness (max-age or Expires) galgen does not guess: the entry
/// is revalidated on every build, which costs one small request and a 304.
public enum Freshness {
    public static func freshUntil(_ head: HTTPHead, receivedAt: Date) -> Date? {
        freshUntil(lifetime: lifetime(head, receivedAt: receivedAt), head, receivedAt: receivedAt)
    }

    /// Seconds of freshness the response grants, or nil for none (no-cache, no-store,
    /// an Expires that does not parse, or nothing said at all).
    static func lifetime(_ head: HTTPHead, receivedAt: Date) -> TimeInterval? {
        let control = CacheControl(parsing: head["Cache-Control"])
        guard !control.noCache, !control.noStore else { return nil }
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        // An Expires that does not parse ("0", "-1") means already expired.
        guard let expires = head.values("Expires").first, let expiry = HTTPDate.parse(expires) else { return nil }
        let date = head.values("Date").first.flatMap(HTTPDate.parse)
        return expiry.timeIntervalSince(date ?? receivedAt)
    }

    /// Whether the response says anything about freshness; a 304 that does not keeps the stored lifetime.
    static func isStated(_ head: HTTPHead) -> Bool {
        head["Cache-Control"] != nil || head["Expires"] != nil
    }

    /// The lifetime minus the age the response already had when it arrived.
    static func freshUntil(lifetime: TimeInterval?, _ head: HTTPHead, receivedAt: Date) -> Date? {
        guard let lifetime else { return nil }
        let date = head.values("Date").first.flatMap(HTTPDate.parse)
        let apparentAge = max(0, date.map { receivedAt.timeIntervalSince($0) } ?? 0)
        let ageHeader = head.values("Age").first.flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let remaining = lifetime - max(apparentAge, ageHeader)
        return remaining > 0 ? receivedAt.addingTimeInterval(remaining) : nil
    }
}
