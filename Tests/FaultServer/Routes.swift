import Foundation
import GalgenTestSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// The fault server's handlers; see `FaultServer` for the query parameters.
struct Routes: Sendable {
    let recorder: Recorder

    static let lastModified = "Sat, 01 Nov 2025 10:00:00 GMT"

    func add(to router: Router<BasicRequestContext>) {
        router.get("/img/{name}") { request, context in
            try await self.image(request, name: context.parameters.require("name"))
        }
        router.get("/loop/{n}") { request, context in
            let n = try context.parameters.require("n", as: Int.self)
            let next = request.uri.queryParameters.get("cycle") != nil && n >= 2 ? 0 : n + 1
            let suffix = request.uri.query.map { "?\($0)" } ?? ""
            return self.record(request, Response(status: .found, headers: [.location: "/loop/\(next)\(suffix)"]))
        }
        router.get("/redirect") { request, _ in
            let target = request.uri.queryParameters.get("to") ?? "/"
            return self.record(request, Response(status: .found, headers: [.location: target]))
        }
    }

    private func image(_ request: Request, name: String) async throws -> Response {
        let query = request.uri.queryParameters
        let key = request.uri.description
        let count = recorder.state.withLock { state -> Int in
            state.counts[key, default: 0] += 1
            let host = (request.head.authority ?? "")
            state.inFlight[host, default: 0] += 1
            state.maxInFlight[host] = max(state.maxInFlight[host] ?? 0, state.inFlight[host]!)
            return state.counts[key]!
        }
        defer {
            recorder.state.withLock { $0.inFlight[(request.head.authority ?? ""), default: 1] -= 1 }
        }
        if let latency = query.get("latency", as: Int.self) {
            try await Task.sleep(for: .milliseconds(latency))
        }
        if let status = query.get("status", as: Int.self) ?? recorder.state.withLock({ $0.statuses[name] }) {
            return record(request, html(status: HTTPResponse.Status(code: status)))
        }
        if let fail = query.get("fail", as: Int.self), count <= fail {
            return record(request, html(status: .internalServerError))
        }
        if query.get("throttle") != nil, count == 1 {
            let retryAfter = query.get("retry_after") ?? "1"
            return record(request, Response(status: .tooManyRequests, headers: [HTTPField.Name("Retry-After")!: retryAfter]))
        }
        if query.get("html") != nil {
            return record(request, html(status: .ok))
        }
        guard var bytes = body(name) else { return record(request, html(status: .notFound)) }
        bytes += [UInt8](repeating: 0, count: query.get("pad", as: Int.self) ?? 0)

        var headers: HTTPFields = [.contentType: "image/jpeg"]
        let strong = "\"\(Self.tag(bytes))\""
        let etag: String? = switch query.get("etag") {
        case "weak": "W/\(strong)"
        case nil: nil
        default: strong
        }
        if let etag { headers[.eTag] = etag }
        if query.get("last_modified") != nil { headers[.lastModified] = Self.lastModified }
        var control: [String] = []
        if let maxAge = query.get("max_age") { control.append("max-age=\(maxAge)") }
        if query.get("no_store") != nil { control.append("no-store") }
        if query.get("no_cache") != nil { control.append("no-cache") }
        if !control.isEmpty { headers[.cacheControl] = control.joined(separator: ", ") }

        let conditional = request.headers[.ifNoneMatch] != nil || request.headers[.ifModifiedSince] != nil
        if query.get("wrong_304") != nil, conditional {
            return record(request, Response(status: .notModified, headers: [.eTag: "\"some-other-body\""]))
        }
        let tagMatches = etag.map { tag in
            request.headers[.ifNoneMatch].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(tag) } ?? false
        } ?? false
        let dateMatches = query.get("last_modified") != nil && request.headers[.ifModifiedSince] == Self.lastModified
        if tagMatches || (request.headers[.ifNoneMatch] == nil && dateMatches) {
            return record(request, Response(status: .notModified, headers: headers))
        }

        let whole = bytes
        if let cut = query.get("cut", as: Int.self) {
            record(request, status: 200, bodyBytes: cut)
            return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: whole.count) { writer in
                try await writer.write(ByteBuffer(bytes: whole.prefix(cut)))
                throw CutShort()
            })
        }
        if query.get("stall") != nil {
            record(request, status: 200, bodyBytes: 1000)
            return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: whole.count) { writer in
                try await writer.write(ByteBuffer(bytes: whole.prefix(1000)))
                try await Task.sleep(for: .seconds(60))
                throw CutShort()
            })
        }
        if let pause = query.get("drip", as: Int.self) {
            // Slow but live: the first 1000 bytes, then one byte every `pause` ms, never silent for long.
            record(request, status: 200, bodyBytes: whole.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: whole.count) { writer in
                try await writer.write(ByteBuffer(bytes: whole.prefix(1000)))
                for byte in whole.dropFirst(1000) {
                    try await Task.sleep(for: .milliseconds(pause))
                    try await writer.write(ByteBuffer(bytes: [byte]))
                }
                try await writer.finish(nil)
            })
        }
        if let first = query.get("chunk", as: Int.self) {
            // The first bytes in a chunk of their own: the pause keeps the client from reading them together with the rest.
            record(request, status: 200, bodyBytes: whole.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: whole.count) { writer in
                try await writer.write(ByteBuffer(bytes: whole.prefix(first)))
                try await Task.sleep(for: .milliseconds(100))
                try await writer.write(ByteBuffer(bytes: whole.dropFirst(first)))
                try await writer.finish(nil)
            })
        }
        if query.get("chunked") != nil {
            // No Content-Length: the size is known only by counting.
            record(request, status: 200, bodyBytes: whole.count)
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for start in stride(from: 0, to: whole.count, by: 16_384) {
                    try await writer.write(ByteBuffer(bytes: whole[start..<min(start + 16_384, whole.count)]))
                }
                try await writer.finish(nil)
            })
        }
        return record(request, Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes))), bodyBytes: bytes.count)
    }

    private func body(_ name: String) -> [UInt8]? {
        if let replaced = recorder.state.withLock({ $0.bodies[name] }) { return replaced }
        guard !name.contains("/"), !name.hasPrefix(".") else { return nil }
        return FileManager.default.contents(atPath: Fixtures.root + "/orientation/" + name).map { [UInt8]($0) }
    }

    private func html(status: HTTPResponse.Status) -> Response {
        let page = "<!doctype html><html><body><h1>\(status.code) \(status.reasonPhrase)</h1></body></html>"
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    @discardableResult
    private func record(_ request: Request, _ response: Response, bodyBytes: Int = 0) -> Response {
        record(request, status: Int(response.status.code), bodyBytes: bodyBytes)
        return response
    }

    private func record(_ request: Request, status: Int, bodyBytes: Int) {
        let entry = FaultServer.Logged(
            path: request.uri.path, query: request.uri.query ?? "", status: status, bodyBytes: bodyBytes,
            conditional: request.headers[.ifNoneMatch] != nil || request.headers[.ifModifiedSince] != nil,
            host: (request.head.authority ?? ""), authorization: request.headers[.authorization])
        recorder.state.withLock { $0.log.append(entry) }
    }

    /// A short content tag: changes whenever the bytes do.
    static func tag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}

struct CutShort: Error {}
