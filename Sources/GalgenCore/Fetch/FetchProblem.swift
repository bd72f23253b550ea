import Foundation

/// Why a remote image could not be fetched. Messages never contain credentials:
/// every URL in here has been redacted by the code that made it.
public enum FetchProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case status(Int)
    case serverError(Int)
    case tooManyRequests
    case tooManyRedirects(limit: Int)
    case redirectLoop(String)
    case insecureRedirect(to: String)
    case unsupportedRedirect(to: String)
    /// A redirect to a loopback or private address from a host further out.
    case inwardRedirect(from: String, to: String)
    case redirectWithoutLocation(Int)
    case notAPhoto(contentType: String?, start: String)
    case tooLarge(limit: Int, declared: Int?)
    case truncated(received: Int, expected: Int?)
    case idleTimeout(seconds: Int)
    /// The whole download (`DownloadDeadline`) ran out while the server was still answering:
    /// `received` body bytes had arrived, nil when no body had started.
    case deadline(seconds: Int, timeout: Int, received: Int?)
    case connection(String)
    case notModifiedWithoutCache
    case offlineMissing
    /// The download cache itself cannot be written.
    case cache(String)
    /// The TLS handshake failed: an untrusted or mismatched certificate is not a passing fault.
    case tls(String)

    /// Worth another attempt: the network or the server may do better in a moment. A download
    /// that ran out of time while data was still arriving is not: its server is slow, not down,
    /// and no time is left for another attempt anyway.
    public var isRetryable: Bool {
        switch self {
        case .serverError, .tooManyRequests, .truncated, .idleTimeout, .connection: true
        default: false
        }
    }

    /// The origin is unreachable, broken or too slow, rather than saying the image is gone:
    /// a cached copy may stand in for it.
    public var isOriginFailure: Bool {
        if case .deadline = self { return true }
        return isRetryable
    }

    public var description: String {
        switch self {
        case let .status(code):
            "the server answered HTTP \(code)\(Self.reason(code).map { " \($0)" } ?? "")"
        case let .serverError(code):
            "the server failed with HTTP \(code)\(Self.reason(code).map { " \($0)" } ?? "")"
        case .tooManyRequests:
            "the server kept answering HTTP 429 Too Many Requests"
        case let .tooManyRedirects(limit):
            "more than \(limit) redirects"
        case let .redirectLoop(url):
            "redirect loop (back to \(url))"
        case let .insecureRedirect(url):
            "refused a redirect to plain http (\(url)); only https, loopback and download.allow_insecure_hosts may be used"
        case let .inwardRedirect(from, url):
            "refused a redirect from \(from) to a loopback or private address (\(url)): "
                + "a server may not send galgen into this machine or the local network; use that URL in gallery.yml if it is meant"
        case let .unsupportedRedirect(url):
            "refused a redirect to \(url): only http and https are followed"
        case let .redirectWithoutLocation(code):
            "HTTP \(code) redirect without a Location header"
        case let .notAPhoto(contentType, start):
            "not a photo galgen reads (\(ImageFormat.supportedList); got \(contentType ?? "no Content-Type"), starting \(start))"
        case let .tooLarge(limit, declared):
            (declared.map { "the body is \(Self.bytes($0))" } ?? "the body grew past the limit")
                + ", more than download.max_bytes (\(Self.bytes(limit)))"
        case let .truncated(received, expected):
            "the connection closed after \(received) of \(expected.map(String.init) ?? "an unknown number of") bytes"
        case let .idleTimeout(seconds):
            "no data for \(seconds) s (download.timeout)"
        case let .deadline(seconds, timeout, received):
            "the download took longer than \(seconds) s (\(DownloadDeadline.timeoutMultiple) × download.timeout of \(timeout) s) "
                + (received.map { "with data still arriving (\(Self.bytes($0)) so far)" } ?? "before the server had finished answering")
                + ": the server is too slow for that limit; raise download.timeout in gallery.yml, or host the photo on a faster server"
        case let .connection(reason):
            reason
        case .notModifiedWithoutCache:
            "the server answered 304 Not Modified to a request that was not conditional"
        case let .cache(reason):
            reason
        case let .tls(reason):
            reason
        case .offlineMissing:
            "not in the download cache, and --offline forbids downloading it"
        }
    }

    static func reason(_ code: Int) -> String? {
        [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
         429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
         503: "Service Unavailable", 504: "Gateway Timeout"][code]
    }

    static func bytes(_ count: Int) -> String {
        count >= 1_000_000 ? String(format: "%.1f MB", Double(count) / 1_000_000) : "\(count) bytes"
    }
}
