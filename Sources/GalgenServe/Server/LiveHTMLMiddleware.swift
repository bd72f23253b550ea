import Foundation
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
        // Judged by the name FileMiddleware will look up: the path decoded (`a%2Ejpg` is a photo).
        let path = request.uri.path
        guard Self.mayBePage(path.removingPercentEncoding ?? path) else { return try await next(request, context) }
        // The version before the file is read: a rebuild that ends meanwhile then reloads the page.
        let generation = events.state.generation
        var head = request.head
        for name in [HTTPField.Name.range, .ifRange, .ifNoneMatch, .ifModifiedSince] { head.headerFields[name] = nil }
        // HEAD is answered from the page a GET would send, for its length.
        if head.method == .head { head.method = .get }
        let response = try await next(Request(head: head, body: request.body), context)
        guard response.status == .ok, response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        let collector = Collector()
        try await response.body.write(collector.writer)
        let page = LiveReload.inject(into: String(buffer: collector.buffer), generation: generation)
        return Self.response(ByteBuffer(string: page), head: request.method == .head)
    }

    /// The page as served: its own length, never stored by the browser (it depends on the site version).
    static func response(_ page: ByteBuffer, head: Bool) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .contentLength: String(page.readableBytes), .cacheControl: "no-store"],
            body: head ? ResponseBody(contentLength: page.readableBytes) { writer in try await writer.finish(nil) } : ResponseBody(byteBuffer: page))
    }

    /// Folders (served as their index.html) and .html files.
    static func mayBePage(_ path: String) -> Bool {
        let bytes = path.utf8
        let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[bytes.index(after: $0)...] } ?? bytes[...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return true }
        let suffix = name[dot...]
        return suffix.elementsEqual(".html".utf8) || suffix.elementsEqual(".htm".utf8)
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
