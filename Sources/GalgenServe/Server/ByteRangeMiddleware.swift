import HTTPTypes
import Hummingbird
import NIOCore

/// Range requests as RFC 9110 has them, in front of `FileMiddleware`, so a video seeks. Hummingbird
/// 2.28's own Range handling serves a well-formed `first-last` and `first-` inside the file right
/// (206, `Content-Range`, If-Range), but it reads `bytes=-500` as the first 501 bytes instead
/// of the last 500, answers a range past the end with a negative length, applies Range to HEAD,
/// and sends no `Content-Range: bytes */size` with its 416. So this decides the range itself
/// (`ByteRange`) from the file's size, learnt from a HEAD of the same request, and hands
/// `FileMiddleware` only the one form it gets right: `bytes=first-last` inside the file, with
/// `If-Range` set to the ETag that size came with, so a file replaced between the two looks is
/// sent whole (200) instead of as a part of the wrong file.
struct ByteRangeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.range] else { return try await next(request, context) }
        var plain = request.head
        plain.headerFields[.range] = nil
        plain.headerFields[.ifRange] = nil
        let whole = Request(head: plain, body: request.body)
        // Range is defined for GET only; a HEAD describes the whole file.
        guard request.method == .get else { return try await next(whole, context) }
        var probeHead = plain
        probeHead.method = .head
        let probe = try await next(Request(head: probeHead, body: RequestBody(buffer: ByteBuffer())), context)
        // Not modified (its conditions come before Range), not a file, or a file of unknown length.
        if probe.status == .notModified { return probe }
        guard probe.status == .ok, let size = probe.headers[.contentLength].flatMap(Int.init) else { return try await next(whole, context) }
        // If-Range names another version of the file than this one: the whole of this one.
        if let condition = request.headers[.ifRange], condition != probe.headers[.eTag], condition != probe.headers[.lastModified] {
            return try await next(whole, context)
        }
        switch ByteRange.resolve(header, size: size) {
        case .whole:
            return try await next(whole, context)
        case .unsatisfiable:
            return Self.unsatisfiable(size: size, header: header)
        case let .part(range):
            var part = plain
            part.headerFields[.range] = "bytes=\(range.lowerBound)-\(range.upperBound)"
            part.headerFields[.ifRange] = probe.headers[.eTag]
            return try await next(Request(head: part, body: request.body), context)
        }
    }

    /// 416, with the size the client can ask within.
    static func unsatisfiable(size: Int, header: String) -> Response {
        var response = Response.text(.rangeNotSatisfiable, "The range \(header) is not within this file of \(size) bytes.\n")
        response.headers[.contentRange] = "bytes */\(size)"
        response.headers[.acceptRanges] = "bytes"
        return response
    }
}
