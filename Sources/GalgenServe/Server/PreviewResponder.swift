import GalgenCore
import Hummingbird
import NIOCore

/// Every request, in order: `SiteGuardMiddleware` (Host, path rules, headers), then either the
/// live-reload endpoints or `LiveHTMLMiddleware` around `ByteRangeMiddleware` (Range requests,
/// for seeking in a video) around Hummingbird's `FileMiddleware`, which serves the folder under
/// the base path. Composed directly rather than through a `Router`:
/// the order is the whole design, and it reads here in one place.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let guardrail: SiteGuardMiddleware<Context>
    let pages: LiveHTMLMiddleware<Context>
    let ranges = ByteRangeMiddleware<Context>()
    let files: FileMiddleware<Context, ConfinedFileSystem>
    let endpoints: LiveEndpoints

    init(root: String, basePath: String, policy: HostPolicy, events: LiveEvents) {
        guardrail = SiteGuardMiddleware(basePath: basePath, policy: policy, events: events)
        pages = LiveHTMLMiddleware(events: events)
        files = FileMiddleware(fileProvider: ConfinedFileSystem(root: root), urlBasePath: basePath, searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: Self.imageMediaTypes)
            .withServeOnNotFoundResponse()
        endpoints = LiveEndpoints(policy: policy, events: events)
    }

    /// Every format galgen writes (renditions, published originals, videos: `.mp4` is
    /// `video/mp4`, `.webm` `video/webm`), with the media type the format table gives its suffix:
    /// Hummingbird's own table lacks AVIF, HEIC/HEIF and QuickTime, and the preview sends nosniff,
    /// so a file without its type would not show.
    static let imageMediaTypes: [String: MediaType] = Dictionary(
        ImageFormat.allCases.flatMap(\.identity.servedMediaTypes).compactMap { suffix, type in
            MediaType(from: type).map { (suffix, $0) }
        }) { first, _ in first }

    func respond(to request: Request, context: Context) async throws -> Response {
        try await guardrail.handle(request, context: context) { request, context in
            if request.uri.path.hasPrefix(LiveEndpoints.prefix) { return endpoints.respond(to: request) }
            return try await pages.handle(request, context: context) { request, context in
                try await ranges.handle(request, context: context) { request, context in
                    try await files.handle(request, context: context) { _, _ in Response(status: .notFound) }
                }
            }
        }
    }
}

/// `/__galgen/live.js` and the server-sent events it listens to.
struct LiveEndpoints: Sendable {
    static let prefix = "/__galgen/"

    let policy: HostPolicy
    let events: LiveEvents

    func respond(to request: Request) -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        switch request.uri.path {
        case LiveReload.scriptPath:
            return Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: Self.script))
        case LiveReload.eventsPath:
            guard policy.allowsOrigin(request.headers[.origin], host: request.head.authority) else {
                return Response.text(.forbidden, "The live-reload events are only for pages served by this server.\n")
            }
            let stream = events.subscribe()
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    // Reconnect quickly after a restart.
                    try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
                    for await message in stream { try await writer.write(ByteBuffer(string: message)) }
                    try await writer.finish(nil)
                })
        default:
            return Response.text(.notFound, "Not a galgen serve endpoint.\n")
        }
    }

    static let script = ByteBuffer(string: LiveScript.source)
}
