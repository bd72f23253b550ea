import CCurlShim
import CLibCurl
import Foundation
import GalgenCore

/// One attempt at one URL: request, follow redirects, then stream the body into the
/// cache or apply a 304. Nothing partial survives a failure or a cancellation.
struct Transfer: Sendable {
    enum Outcome: Sendable {
        case done(RemoteFetcher.Fetched)
        /// A 304 that does not describe the cached body.
        case mismatch
        case failed(FetchProblem, retryAfter: TimeInterval?)
    }

    /// A stale cached copy and the conditional headers that ask whether it still holds,
    /// as `FetchAction.revalidate` decided them.
    struct Revalidation: Sendable {
        var entry: CacheEntry
        var headers: [String: String]
    }

    let fetcher: RemoteFetcher
    let session: CurlSession
    let settings: DownloadSettings
    let url: String
    /// Nil asks unconditionally.
    let revalidating: Revalidation?
    /// When the photo's whole download (`DownloadDeadline`), this attempt with the others, must
    /// have ended; nil gives this attempt the whole of it.
    var deadline: ContinuousClock.Instant? = nil

    func run() async -> Outcome {
        let deadline = deadline ?? .now + .seconds(DownloadDeadline.seconds(settings))
        return await Self.racing(deadline) { flag in await attempt(flag: flag) }
    }

    private func attempt(flag: DeadlineFlag) async -> Outcome {
        let policy = RedirectPolicy(allowInsecureHosts: settings.allowInsecureHosts)
        var target = url
        var visited = [url]
        do {
            while true {
                let response = try await send(target)
                let head = response.head
                switch ResponseRules.verdict(head, revalidating: revalidating?.entry, receivedAt: fetcher.now()) {
                case .body:
                    return .done(try await keepBody(response, head: head, flag: flag))
                case let .notModified(refreshed):
                    await drain(response)
                    try? fetcher.cache.store(refreshed, for: url)
                    return .done(.init(path: fetcher.cache.bodyPath(refreshed.digest), outcome: .notModified, bytes: 0))
                case .notModifiedMismatch:
                    await drain(response)
                    return .mismatch
                case let .redirect(location):
                    await drain(response)
                    target = try policy.follow(location, visited: visited).get()
                    visited.append(target)
                case let .retry(problem, retryAfter):
                    await drain(response)
                    return .failed(problem, retryAfter: retryAfter)
                case let .fail(problem):
                    await drain(response)
                    return .failed(problem, retryAfter: nil)
                }
            }
        } catch {
            return .failed(problem(from: error, flag: flag), retryAfter: nil)
        }
    }

    private func send(_ target: String) async throws -> HTTPResponse {
        var components = URLComponents(string: target)
        components?.user = nil
        components?.password = nil
        var request = HTTPRequest(url: components?.string ?? target)
        request.headers.append(("User-Agent", fetcher.userAgent))
        request.headers.append(("Accept", "image/jpeg, image/*;q=0.8"))
        // The credentials written in gallery.yml, and only to the origin they were written for
        // (again after a redirect there, never to another host, port or scheme). A redirect's
        // Location carries none that are used: they would be the server's, not the user's.
        let written = URLComponents(string: url)
        if let user = written?.user.flatMap({ $0.removingPercentEncoding }),
           RedirectPolicy.sendsCredentials(writtenFor: url, to: target) {
            let password = written?.password.flatMap { $0.removingPercentEncoding } ?? ""
            request.headers.append(("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()))
        }
        // Sorted so that the same decision always makes the same request.
        for (name, value) in (revalidating?.headers ?? [:]).sorted(by: { $0.key < $1.key }) {
            request.headers.append((name, value))
        }
        return try await session.execute(request)
    }

    /// Streams the body to a temporary file: size cap first (declared, then counted),
    /// the JPEG check on the first bytes, then the digest decides its name.
    private func keepBody(_ response: HTTPResponse, head: HTTPHead, flag: DeadlineFlag) async throws -> RemoteFetcher.Fetched {
        let declared = head["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let declared, declared > settings.maxBytes { throw FetchProblem.tooLarge(limit: settings.maxBytes, declared: declared) }
        let contentType = head["Content-Type"]
        let writer = try fetcher.cache.newBody()
        do {
            // The body's first bytes, however the network splits them into chunks.
            var start: [UInt8] = []
            var sniffed = false
            do {
                for try await buffer in response.body {
                    if !sniffed {
                        start += buffer.prefix(BodySniffer.needed - start.count)
                        if start.count >= BodySniffer.needed {
                            sniffed = true
                            if let problem = BodySniffer.problem(start: start, contentType: contentType) { throw problem }
                        }
                    }
                    guard writer.size + buffer.count <= settings.maxBytes else {
                        throw FetchProblem.tooLarge(limit: settings.maxBytes, declared: nil)
                    }
                    try buffer.withUnsafeBytes { try writer.append($0) }
                    fetcher.report(.download(.received(bytes: buffer.count)))
                }
                // A cancelled body may end as if it were complete.
                try Task.checkCancellation()
            } catch let error as FetchProblem {
                throw error
            } catch let error as CurlFailure where error.code == CURLE_OPERATION_TIMEDOUT.rawValue {
                throw error
            } catch is CancellationError {
                // By the whole download's deadline while data was still arriving (a slow server,
                // not a gone one), or by the build.
                throw stopped(flag, received: writer.size)
            } catch let error as CacheError {
                // The disk, not the connection: say so, and do not try again.
                throw FetchProblem.cache("\(error)")
            } catch {
                // The connection broke mid-body.
                throw FetchProblem.truncated(received: writer.size, expected: declared)
            }
            if !sniffed, let problem = BodySniffer.problem(start: start, contentType: contentType) {
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
    private func drain(_ response: HTTPResponse) async {
        var read = 0
        do {
            for try await buffer in response.body {
                read += buffer.count
                if read > 64 * 1024 { return }
            }
        } catch {}
    }

    /// Any error from an attempt, as the problem the user is told about.
    private func problem(from error: any Error, flag: DeadlineFlag) -> FetchProblem {
        switch error {
        case let problem as FetchProblem:
            return problem
        case let error as CurlFailure where error.code == CURLE_OPERATION_TIMEDOUT.rawValue:
            // CurlTransfer's idle clock (download.timeout without a byte), else libcurl's connect timeout.
            return error.idle
                ? .idleTimeout(seconds: settings.timeoutSeconds)
                : .connection("could not connect within \(settings.timeoutSeconds) s")
        case let error as CurlFailure where error.code == CURLE_GOT_NOTHING.rawValue:
            return .connection("the server closed the connection")
        case is CancellationError:
            return stopped(flag, received: nil)
        case let error as CacheError:
            return .cache("\(error)")
        default:
            return TransportFailure(error)?.problem ?? .connection("\(error)")
        }
    }
}
