import AsyncHTTPClient
import Foundation
import GalgenCore
import NIOCore
import NIOHTTP1
import NIOSSL

/// One attempt at one URL: request, follow redirects, then stream the body into the
/// cache or apply a 304. Nothing partial survives a failure or a cancellation.
struct Transfer {
    enum Result {
        case done(RemoteFetcher.Fetched)
        /// A 304 that does not describe the cached body.
        case mismatch
        case failed(FetchProblem, retryAfter: TimeInterval?)
    }

    let fetcher: RemoteFetcher
    let client: HTTPClient
    let settings: DownloadSettings
    let url: String
    let entry: CacheEntry?

    /// The whole attempt, redirects and body included, must end within this many seconds.
    var deadlineSeconds: Int { settings.timeoutSeconds * 10 }

    func run() async -> Result {
        let policy = RedirectPolicy(allowInsecureHosts: settings.allowInsecureHosts)
        let deadline = NIODeadline.now() + .seconds(Int64(deadlineSeconds))
        var visited = [url]
        do {
            while true {
                let response = try await send(visited.last!, deadline: deadline)
                let head = HTTPHead(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) })
                switch ResponseRules.verdict(head, revalidating: entry, receivedAt: fetcher.now()) {
                case .body:
                    return .done(try await keepBody(response, head: head))
                case let .notModified(refreshed):
                    await drain(response)
                    try? fetcher.cache.store(refreshed, for: url)
                    return .done(.init(path: fetcher.cache.bodyPath(refreshed.digest), outcome: .notModified, bytes: 0))
                case .notModifiedMismatch:
                    await drain(response)
                    return .mismatch
                case let .redirect(location):
                    await drain(response)
                    visited.append(try policy.follow(location, visited: visited).get())
                case let .retry(problem, retryAfter):
                    await drain(response)
                    return .failed(problem, retryAfter: retryAfter)
                case let .fail(problem):
                    await drain(response)
                    return .failed(problem, retryAfter: nil)
                }
            }
        } catch {
            return .failed(problem(from: error), retryAfter: nil)
        }
    }

    private func send(_ target: String, deadline: NIODeadline) async throws -> HTTPClientResponse {
        var components = URLComponents(string: target)
        let user = components?.user.flatMap { $0.removingPercentEncoding }
        let password = components?.password.flatMap { $0.removingPercentEncoding } ?? ""
        components?.user = nil
        components?.password = nil
        var request = HTTPClientRequest(url: components?.string ?? target)
        request.headers.add(name: "User-Agent", value: fetcher.userAgent)
        request.headers.add(name: "Accept", value: "image/jpeg, image/*;q=0.8")
        // Credentials go only to the host they were written for, never to a redirect's.
        if let user, URLComponents(string: target)?.host == URLComponents(string: url)?.host {
            request.setBasicAuth(username: user, password: password)
        }
        if let entry {
            for (name, value) in FetchDecision.conditionalHeaders(for: entry) { request.headers.add(name: name, value: value) }
        }
        return try await client.execute(request, deadline: deadline)
    }

    /// Streams the body to a temporary file: size cap first (declared, then counted),
    /// the JPEG check on the first bytes, then the digest decides its name.
    private func keepBody(_ response: HTTPClientResponse, head: HTTPHead) async throws -> RemoteFetcher.Fetched {
        let declared = head["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let declared, declared > settings.maxBytes { throw FetchProblem.tooLarge(limit: settings.maxBytes, declared: declared) }
        let contentType = head["Content-Type"]
        let writer = try fetcher.cache.newBody()
        do {
            var start: [UInt8] = []
            do {
                for try await buffer in response.body {
                    if start.count < BodySniffer.needed {
                        start += buffer.readableBytesView.prefix(BodySniffer.needed - start.count)
                        if start.count >= BodySniffer.needed, let problem = BodySniffer.problem(start: Array(buffer.readableBytesView.prefix(24)), contentType: contentType) {
                            throw problem
                        }
                    }
                    guard writer.size + buffer.readableBytes <= settings.maxBytes else {
                        throw FetchProblem.tooLarge(limit: settings.maxBytes, declared: nil)
                    }
                    try buffer.withUnsafeReadableBytes { try writer.append($0) }
                    fetcher.report(.download(.received(bytes: buffer.readableBytes)))
                }
            } catch let error as FetchProblem {
                throw error
            } catch let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded || error == .cancelled {
                throw error
            } catch is CancellationError {
                throw FetchProblem.connection("cancelled")
            } catch {
                // The connection broke mid-body.
                throw FetchProblem.truncated(received: writer.size, expected: declared)
            }
            if let problem = start.count < BodySniffer.needed ? BodySniffer.problem(start: start, contentType: contentType) : nil {
                throw problem
            }
            if let declared, writer.size != declared {
                throw FetchProblem.truncated(received: writer.size, expected: declared)
            }
            let control = CacheControl(parsing: head["Cache-Control"])
            let (digest, path) = try writer.finish(transient: control.noStore)
            if let newEntry = CacheEntry.from(head, url: url, digest: digest, size: writer.size, receivedAt: fetcher.now()) {
                try fetcher.cache.store(newEntry, for: url)
            } else {
                fetcher.cache.remove(url)
            }
            return .init(path: path, outcome: .downloaded, bytes: writer.size)
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Reads a small body to its end so the connection can be reused; gives up on a big one.
    private func drain(_ response: HTTPClientResponse) async {
        _ = try? await response.body.collect(upTo: 64 * 1024)
    }

    private func problem(from error: any Error) -> FetchProblem {
        if let problem = error as? FetchProblem { return problem }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: return .idleTimeout(seconds: settings.timeoutSeconds)
            case .deadlineExceeded: return .deadline(seconds: deadlineSeconds)
            case .connectTimeout: return .connection("could not connect within \(settings.timeoutSeconds) s")
            case .cancelled: return .connection("cancelled")
            case .remoteConnectionClosed: return .connection("the server closed the connection")
            default: return .connection("\(error)")
            }
        }
        if error is CancellationError { return .connection("cancelled") }
        if let error = error as? NIOSSLError { return .tls(Self.describe(tls: "\(error)")) }
        if let error = error as? NIOSSLExtraError { return .tls(Self.describe(tls: "\(error)")) }
        if let error = error as? CacheError { return .cache("\(error)") }
        return .connection(Self.describe(error))
    }

    static func describe(tls text: String) -> String {
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return "the server's TLS certificate is not trusted (CERTIFICATE_VERIFY_FAILED); "
                + "if it comes from a private certificate authority, set SSL_CERT_FILE to that authority's PEM file"
        }
        if text.contains("failedToValidateHostname") {
            return "the server's TLS certificate is for another host name"
        }
        return "the TLS handshake failed: \(text)"
    }

    /// NIO's connection errors, in words: DNS failures and refused connections.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("NXDOMAIN") || text.contains("dnsAError") || text.contains("dnsAAAAError") || text.contains("Name or service not known") {
            return "could not resolve the host name"
        }
        if text.contains("connectionRefused") || text.contains("Connection refused") {
            return "connection refused"
        }
        return text
    }
}
