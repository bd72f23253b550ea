import Foundation

/// What to do with a response, decided from its status line and headers alone.
public enum ResponseVerdict: Equatable, Sendable {
    /// 200: read the body.
    case body
    /// 304 that applies: keep the cached body, store this refreshed entry.
    case notModified(CacheEntry)
    /// 304 that does not describe the cached body: ask again without validators.
    case notModifiedMismatch
    case redirect(to: String)
    /// 429 or 5xx: try again, after the server's Retry-After when it gave one.
    case retry(FetchProblem, retryAfter: TimeInterval?)
    case fail(FetchProblem)
}

public enum ResponseRules {
    public static func verdict(_ head: HTTPHead, revalidating entry: CacheEntry?, receivedAt: Date) -> ResponseVerdict {
        switch head.status {
        case 200:
            return .body
        case 304:
            guard let entry else { return .fail(.notModifiedWithoutCache) }
            return entry.refreshed(by: head, receivedAt: receivedAt).map(ResponseVerdict.notModified) ?? .notModifiedMismatch
        case 301, 302, 303, 307, 308:
            guard let location = head.values("Location").first, !location.isEmpty else {
                return .fail(.redirectWithoutLocation(head.status))
            }
            return .redirect(to: location)
        case 429:
            return .retry(.tooManyRequests, retryAfter: retryAfter(head, now: receivedAt))
        case 500...599:
            return .retry(.serverError(head.status), retryAfter: retryAfter(head, now: receivedAt))
        default:
            return .fail(.status(head.status))
        }
    }

    /// Retry-After as seconds from now: delta-seconds or an HTTP date.
    static func retryAfter(_ head: HTTPHead, now: Date) -> TimeInterval? {
        guard let value = head.values("Retry-After").first?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        return HTTPDate.parse(value).map { max(0, $0.timeIntervalSince(now)) }
    }
}

/// Up to three attempts, with exponential backoff and jitter, honouring Retry-After up to a cap.
public struct RetryPolicy: Equatable, Sendable {
    public var maxAttempts = 3
    public var baseDelay: TimeInterval = 0.5
    /// The longest galgen waits, whatever Retry-After asks for.
    public var maxDelay: TimeInterval = 10

    public init(maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 10) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait before the next attempt, after `attempt` attempts failed, or nil to give up.
    /// `jitter` is a random number in 0..<1 (passed in so the rule stays pure).
    public func delay(afterAttempt attempt: Int, retryAfter: TimeInterval?, jitter: Double) -> TimeInterval? {
        guard attempt < maxAttempts else { return nil }
        if let retryAfter { return min(retryAfter, maxDelay) }
        let exponential = baseDelay * pow(2, Double(attempt - 1))
        // "Equal jitter": half fixed, half random, so retries from many downloads spread out.
        return min(exponential * (0.5 + jitter / 2), maxDelay)
    }
}

/// Which redirects are followed: at most five, never in a loop, never down to plain http,
/// never from a public host to a loopback or private address (nor from a private one to loopback).
public struct RedirectPolicy: Equatable, Sendable {
    public var maxRedirects = 5
    public var allowInsecureHosts: [String]

    public init(maxRedirects: Int = 5, allowInsecureHosts: [String] = []) {
        self.maxRedirects = maxRedirects
        self.allowInsecureHosts = allowInsecureHosts.map { $0.lowercased() }
    }

    /// The absolute URL to go to next, given the URLs visited so far (the first is the original).
    public func follow(_ location: String, visited: [String]) -> Result<String, FetchProblem> {
        guard let current = visited.last, let base = URL(string: current),
              let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased()
        else { return .failure(.unsupportedRedirect(to: URLRedaction.redact(location))) }
        let shown = URLRedaction.redact(target.absoluteString)
        guard scheme == "https" || scheme == "http" else { return .failure(.unsupportedRedirect(to: shown)) }
        if scheme == "http" {
            let host = target.host?.lowercased() ?? ""
            let fromHTTPS = base.scheme?.lowercased() == "https"
            if fromHTTPS || !(SourceClassifier.isLoopback(host) || allowInsecureHosts.contains(host)) {
                return .failure(.insecureRedirect(to: shown))
            }
        }
        // A server out there may not send galgen to this machine or into the local network.
        let from = base.host ?? "", to = target.host ?? ""
        if HostScope(host: to) < HostScope(host: from) { return .failure(.inwardRedirect(from: from, to: shown)) }
        if visited.contains(target.absoluteString) { return .failure(.redirectLoop(shown)) }
        if visited.count > maxRedirects { return .failure(.tooManyRedirects(limit: maxRedirects)) }
        return .success(target.absoluteString)
    }
}

extension RedirectPolicy {
    /// Whether the credentials written in `original` may go with a request to `target`:
    /// only to the same origin (scheme, host and port), as curl does, so that a redirect to
    /// another port (another program) on the same host does not receive them.
    public static func sendsCredentials(writtenFor original: String, to target: String) -> Bool {
        guard let from = Origin(original), let to = Origin(target) else { return false }
        return from == to
    }

    struct Origin: Equatable {
        var scheme: String
        var host: String
        var port: Int

        init?(_ url: String) {
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
                  let host = components.host?.lowercased(), !host.isEmpty
            else { return nil }
            guard let port = components.port ?? ["http": 80, "https": 443][scheme] else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
        }
    }
}

/// A body must look like a photo galgen reads (`ImageFormat`) from its first bytes, before galgen
/// keeps any of it.
public enum BodySniffer {
    public static let needed = ImageFormat.signatureLength
    /// How many of the first bytes a refusal shows.
    public static let shown = 24

    public static func problem(start: [UInt8], contentType: String?) -> FetchProblem? {
        if ImageFormat(signature: start) != nil { return nil }
        let text = String(decoding: start.prefix(shown), as: UTF8.self)
            .map { (0x20..<0x7F).contains($0.asciiValue ?? 0) ? $0 : "." }
        return .notAPhoto(contentType: contentType, start: start.isEmpty ? "empty" : "\"\(String(text))…\"")
    }
}
