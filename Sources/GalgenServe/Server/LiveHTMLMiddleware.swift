import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Adds the live-reload script to HTML that `FileMiddleware` serves. Pages are always sent
/// whole and fresh (no Range, no 304): what is sent depends on the site version too, and a
/// page is small.
struct LiveHTMLMiddleware<Context: RequestContext>: RouterMiddleware {
    let events: LiveEvents

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.mayBePage(request.uri.path) else { return try await next(request, context) }
        var head = request.head
        for name in [HTTPField.Name.range, .ifRange, .ifNoneMatch, .ifModifiedSince] { head.headerFields[name] = nil }
        // HEAD is answered from the page a GET would send, for its length.
        if head.method == .head { head.method = .get }
        var response = try await next(Request(head: head, body: request.body), context)
        guard response.status == .ok, response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        for name in [HTTPField.Name.eTag, .lastModified, .acceptRanges] { response.headers[name] = nil }
        response.headers[.cacheControl] = "no-store"
        response.headers[.contentType] = "text/html; charset=utf-8"
        let generation = events.state.generation
        let collector = Collector()
        try await response.body.write(collector.writer)
        let page = LiveReload.inject(into: String(buffer: collector.buffer), generation: generation)
        let body = ByteBuffer(string: page)
        response.headers[.contentLength] = String(body.readableBytes)
        response.body = request.method == .head
            ? ResponseBody(contentLength: body.readableBytes) { writer in try await writer.finish(nil) }
            : ResponseBody(byteBuffer: body)
        return response
    }

    /// Folders (served as their index.html) and .html files.
    static func mayBePage(_ path: String) -> Bool {
        let last = path.split(separator: "/").last ?? ""
        return path.hasSuffix("/") || last.hasSuffix(".html") || last.hasSuffix(".htm") || !last.contains(".")
    }
}

/// Gathers a response body in memory.
final class Collector: Sendable {
    private let collected = Mutex(ByteBuffer())

    var buffer: ByteBuffer { collected.withLock { $0 } }

    var writer: some ResponseBodyWriter { Writer(collector: self) }

    struct Writer: ResponseBodyWriter {
        let collector: Collector

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collector.collected.withLock { _ = $0.writeBuffer(&buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
