import Foundation

/// What the cache holds for a URL before anything is fetched.
public enum CacheLookup: Equatable, Sendable {
    case missing
    /// An index entry whose body is gone or no longer matches its digest.
    case corrupt(CacheEntry)
    case intact(CacheEntry)

    public var usable: CacheEntry? {
        if case let .intact(entry) = self { return entry }
        return nil
    }
}

/// The first move for one URL: decided from the cache alone, before any request.
public enum FetchAction: Equatable, Sendable {
    /// Fresh (or offline): no request at all.
    case useCached(CacheEntry)
    /// Stale with validators: a conditional GET with these headers.
    case revalidate(CacheEntry, headers: [String: String])
    /// Nothing usable: an unconditional GET.
    case download
    /// Offline with nothing cached.
    case unavailableOffline
}

public enum FetchDecision {
    public static func decide(_ lookup: CacheLookup, now: Date, offline: Bool) -> FetchAction {
        guard let entry = lookup.usable else { return offline ? .unavailableOffline : .download }
        if offline || entry.isFresh(at: now) { return .useCached(entry) }
        let headers = conditionalHeaders(for: entry)
        return headers.isEmpty ? .download : .revalidate(entry, headers: headers)
    }

    /// The validators the entry has, as request headers. Only `decide` asks: the download
    /// sends the headers its `FetchAction.revalidate` carries.
    static func conditionalHeaders(for entry: CacheEntry) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = entry.etag { headers["If-None-Match"] = etag }
        if let lastModified = entry.lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}

/// A remote source as the fetch stage hands it on: a local file with its bytes, and a
/// warning when it is not what the origin would serve now (an origin failure fell back
/// to the cached copy).
public struct FetchedSource: Equatable, Sendable, ExpressibleByStringLiteral {
    public var path: String
    public var warning: String?

    public init(path: String, warning: String? = nil) {
        self.path = path
        self.warning = warning
    }

    public init(stringLiteral path: String) {
        self.init(path: path)
    }
}
