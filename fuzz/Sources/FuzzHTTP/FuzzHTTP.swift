import Foundation
import GalgenCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input: a conversation with a hostile server, as text.
///
///     GET https://user:pw@images.example.com/a.jpg     (optional; this URL by default)
///     301                                               (status of the first response)
///     Location: http://127.0.0.1:8080/b.jpg
///     --                                                (next response)
///     200
///     Cache-Control: max-age=60, no-cache
///     ETag: "v1"
///                                                       (blank line: the body's first bytes follow)
///     \xFF\xD8\xFF...
///
/// Each response goes through what `Transfer` and `RemoteFetcher` do with one, using only the pure
/// rules of GalgenCore: the verdict, redirects (policy, host scope, credentials), Retry-After and
/// backoff, the body sniff, the cache entry a 200 makes, and the freshness decision and 304
/// refresh of the entry stored so far. Their promises are checked; a broken one is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    HTTPFuzzing.run(Conversation(bytes))
    return 0
}

/// The input, split into the request URL and the responses.
struct Conversation {
    static let defaultURL = "https://user:secret@images.example.com/photos/a.jpg"
    var url = defaultURL
    var responses: [(head: HTTPHead, body: [UInt8])] = []

    init(_ bytes: [UInt8]) {
        var parts = Self.split(bytes, on: Array("\n--\n".utf8))
        if let first = parts.first, first.starts(with: Array("GET ".utf8)) {
            let line = first.prefix { $0 != UInt8(ascii: "\n") }
            url = String(decoding: line.dropFirst(4), as: UTF8.self)
            parts[0] = Array(first.dropFirst(line.count + 1))
        }
        responses = parts.prefix(16).map(Self.response)
    }

    static func response(_ bytes: [UInt8]) -> (head: HTTPHead, body: [UInt8]) {
        let blank = Array("\n\n".utf8)
        let split = Self.split(bytes, on: blank, maxParts: 2)
        let text = String(decoding: split[0], as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        // "HTTP/1.1 200 OK" or just "200"; NIO hands over a status in 0...999.
        let token = statusLine.split(separator: " ").first { Int($0) != nil } ?? "200"
        let status = min(max(Int(token) ?? 200, 0), 999)
        let headers = lines.prefix(64).map { line -> (name: String, value: String) in
            guard let colon = line.firstIndex(of: ":") else { return (line, "") }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (HTTPHead(status: status, headers: headers), split.count > 1 ? split[1] : [])
    }

    static func split(_ bytes: [UInt8], on separator: [UInt8], maxParts: Int = .max) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count, parts.count < maxParts - 1 {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }
}

enum HTTPFuzzing {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)
    static let policy = RedirectPolicy(allowInsecureHosts: ["legacy.example.org", "LAN.example"])
    static let retry = RetryPolicy()

    static func run(_ conversation: Conversation) {
        let url = conversation.url
        var visited = [url]
        var stored: CacheEntry? = CacheEntry(
            url: URLRedaction.redact(url), digest: String(repeating: "ab", count: 32), size: 1000,
            contentType: "image/jpeg", etag: "\"seed\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT",
            storedAt: start, freshUntil: nil, lifetime: nil)
        for (index, response) in conversation.responses.enumerated() {
            let now = start.addingTimeInterval(TimeInterval(index))
            let head = response.head
            parseEveryValue(head)
            let revalidating = revalidation(of: stored, now: now)
            let verdict = ResponseRules.verdict(head, revalidating: revalidating, receivedAt: now)
            switch verdict {
            case .body:
                stored = keep(head, body: response.body, url: url, now: now) ?? stored
                visited = [url]
            case let .notModified(refreshed):
                require(revalidating != nil, "a 304 was applied without a cached entry")
                require(refreshed.digest == revalidating?.digest, "a 304 changed the body")
                require(refreshed.storedAt == now, "a 304 did not restamp the entry")
                checkFreshness(refreshed)
                stored = refreshed
            case .notModifiedMismatch:
                require(revalidating != nil, "a 304 mismatch without a cached entry")
            case let .redirect(location):
                visited = follow(location, visited: visited, original: url)
            case let .retry(problem, retryAfter):
                require(problem.isRetryable, "retrying a problem that is not retryable")
                if let retryAfter { require(retryAfter >= 0 && retryAfter.isFinite, "Retry-After \(retryAfter)") }
                for attempt in 1...3 {
                    let delay = retry.delay(afterAttempt: attempt, retryAfter: retryAfter, jitter: Double(index % 7) / 7)
                    if let delay { require(delay >= 0 && delay <= retry.maxDelay, "backoff of \(delay) s") }
                }
                _ = problem.description
            case let .fail(problem):
                require(!problem.isRetryable || head.status < 300, "a retryable failure was not retried")
                _ = problem.description
            }
        }
    }

    /// The entry a stale cache revalidates with, as `FetchDecision` decides it.
    static func revalidation(of stored: CacheEntry?, now: Date) -> CacheEntry? {
        let lookup: CacheLookup = stored.map { .intact($0) } ?? .missing
        require(FetchDecision.decide(lookup, now: now, offline: true) != .download, "offline decided to download")
        switch FetchDecision.decide(lookup, now: now, offline: false) {
        case let .revalidate(entry, headers):
            require(!headers.isEmpty, "a revalidation without validators")
            require(headers["If-None-Match"] == entry.etag && headers["If-Modified-Since"] == entry.lastModified,
                    "the validators are not the entry's")
            return entry
        case let .useCached(entry):
            require(entry.isFresh(at: now), "a stale entry used online")
            // A fresh entry makes no request; revalidate anyway, so 304s meet an entry.
            return entry
        case .download:
            require(stored == nil || (stored?.etag == nil && stored?.lastModified == nil), "downloaded over validators")
            return nil
        case .unavailableOffline:
            fatalError("fuzz invariant: unavailable offline when online")
        }
    }

    /// The body of a 200: its declared length, the sniff of its first bytes, the entry it makes.
    static func keep(_ head: HTTPHead, body: [UInt8], url: String, now: Date) -> CacheEntry? {
        _ = head["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let start = Array(body.prefix(BodySniffer.shown))
        let problem = BodySniffer.problem(start: start, contentType: head["Content-Type"])
        let looksLikeJPEG = start.count >= 3 && start[0] == 0xFF && start[1] == 0xD8 && start[2] == 0xFF
        require((problem == nil) == looksLikeJPEG, "the sniff disagrees with the JPEG signature")
        if let problem {
            require(problem.description.utf8.count <= 300 + (head["Content-Type"]?.utf8.count ?? 0), "a long refusal")
        }
        let noStore = CacheControl(parsing: head["Cache-Control"]).noStore
        let entry = CacheEntry.from(head, url: url, digest: String(repeating: "cd", count: 32), size: body.count, receivedAt: now)
        require((entry == nil) == noStore, "no-store and storing disagree")
        if let entry {
            if let stored = URLComponents(string: entry.url) {
                require(stored.user == nil && stored.password == nil, "the cache index keeps credentials: \(entry.url)")
            }
            checkFreshness(entry)
        }
        return entry
    }

    static func checkFreshness(_ entry: CacheEntry) {
        if let until = entry.freshUntil {
            require(until > entry.storedAt, "fresh until before it was stored")
            require(entry.isFresh(at: entry.storedAt), "not fresh when stored with a lifetime")
        }
        if let lifetime = entry.lifetime { require(!lifetime.isNaN, "a lifetime that is not a number") }
    }

    /// A redirect as `Transfer` follows it; a refusal ends the attempt and the next response starts over.
    static func follow(_ location: String, visited: [String], original: String) -> [String] {
        switch policy.follow(location, visited: visited) {
        case let .success(target):
            let from = URL(string: visited.last ?? "")?.host ?? ""
            let targetURL = URL(string: target)
            let scheme = targetURL?.scheme?.lowercased()
            require(scheme == "https" || scheme == "http", "followed to \(scheme ?? "no scheme")")
            require(!visited.contains(target), "followed a loop")
            require(visited.count <= policy.maxRedirects, "followed past the limit")
            require(HostScope(host: targetURL?.host ?? "") >= HostScope(host: from), "followed inwards, from \(from) to \(target)")
            if RedirectPolicy.sendsCredentials(writtenFor: original, to: target) {
                require(RedirectPolicy.sendsCredentials(writtenFor: target, to: original), "credentials rule not symmetric")
            }
            return visited + [target]
        case let .failure(problem):
            require(!problem.isRetryable, "a refused redirect retried")
            _ = problem.description
            return [original]
        }
    }

    /// Every header value through every parser of header values, and the host of every URL-ish one.
    static func parseEveryValue(_ head: HTTPHead) {
        for (_, value) in head.headers.prefix(16) {
            _ = HTTPDate.parse(value)
            let control = CacheControl(parsing: value)
            if let maxAge = control.maxAge { require(maxAge >= 0 && maxAge <= Int(Int32.max), "max-age \(maxAge)") }
            checkScope(value)
            if let host = URLComponents(string: value)?.host { checkScope(host) }
        }
    }

    /// HostScope reads addresses from their spelling; the C library's own parsers say what a
    /// connection to that spelling would reach. A scope further out than that lets a redirect in.
    static func checkScope(_ host: String) {
        let scope = HostScope(host: host)
        // The C parsers would stop at a NUL and read a different string.
        guard !host.utf8.contains(0) else { return }
        var v4 = in_addr()
        if inet_aton(host, &v4) != 0, !host.contains(where: \.isWhitespace) {
            let expected = ReferenceScope.ipv4(UInt32(bigEndian: v4.s_addr))
            require(scope <= expected, "HostScope(\(host)) is \(scope), but it is the address of \(expected)")
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            let expected = ReferenceScope.ipv6(bytes)
            require(scope <= expected, "HostScope(\(host)) is \(scope), but it is the address of \(expected)")
            require(HostScope(host: "[" + host + "]") == scope, "brackets change the scope of \(host)")
        }
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}

/// The address ranges of HostScope's documentation, written out again from the addresses' bytes.
enum ReferenceScope {
    static func ipv4(_ a: UInt32) -> HostScope {
        let b = [UInt8(a >> 24), UInt8(a >> 16 & 0xFF), UInt8(a >> 8 & 0xFF), UInt8(a & 0xFF)]
        if b[0] == 127 || b[0] == 0 { return .loopback }
        if b[0] == 10 || (b[0] == 172 && (16...31).contains(b[1])) || (b[0] == 192 && b[1] == 168)
            || (b[0] == 169 && b[1] == 254) || (b[0] == 100 && (64...127).contains(b[1])) {
            return .privateNetwork
        }
        return .publicNetwork
    }

    static func ipv6(_ b: [UInt8]) -> HostScope {
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] <= 1 { return .loopback }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
            return ipv4(UInt32(b[12]) << 24 | UInt32(b[13]) << 16 | UInt32(b[14]) << 8 | UInt32(b[15]))
        }
        if b[0] & 0xFE == 0xFC || (b[0] == 0xFE && b[1] & 0xC0 == 0x80) || (b[0] == 0xFE && b[1] & 0xC0 == 0xC0) {
            return .privateNetwork
        }
        return .publicNetwork
    }
}
