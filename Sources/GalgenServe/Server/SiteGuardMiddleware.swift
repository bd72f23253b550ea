import Foundation
import HTTPTypes
import Hummingbird

/// The first thing every request meets: the Host check, the path rules (`RequestTarget`), the
/// redirects to the base path, the page for what is not found, and the headers every response
/// carries. Requests that pass go on unchanged: `FileMiddleware` takes the base path off itself.
struct SiteGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let basePath: String
    let policy: HostPolicy
    let events: LiveEvents

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await route(request, context: context, next: next)
        response.headers.append(contentsOf: ServedHeaders.everyResponse)
        if response.headers[.cacheControl] == nil { response.headers.append(ServedHeaders.revalidate) }
        return response
    }

    private func route(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard policy.allowsHost(request.head.authority) else {
            return .text(.forbidden, "This server only answers requests for this machine's own names (the Host header was "
                + "\(request.head.authority ?? "")). Start it with --allow-host NAME to allow that name.\n")
        }
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        if request.uri.path.hasPrefix(LiveEndpoints.prefix) { return try await next(request, context) }
        switch RequestTarget.classify(rawPath: request.uri.path, basePath: basePath) {
        case let .rejected(status, reason):
            return status == 404 ? notFound(request) : .text(.init(code: status), "\(reason)\n")
        case let .redirect(location):
            return Response(status: .found, headers: [.location: location])
        case .file:
            var response = try await next(request, context)
            // FileMiddleware passes on the final responder's 404 when there is no such file.
            if response.status == .notFound { return notFound(request) }
            // FileMiddleware redirects a folder to its slash form without its `urlBasePath`.
            if basePath != "/", let location = response.headers[.location], location.hasPrefix("/") {
                response.headers[.location] = String(basePath.dropLast()) + location
            }
            return response
        }
    }

    /// A small page (with the live-reload script, so it turns into the page once it is built).
    private func notFound(_ request: Request) -> Response {
        let path = request.uri.path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing is built at <code>\(path)</code>.</p>
            <p>The site is served from <code>\(basePath)</code>.</p></body></html>
            """
        var response = Response.text(.notFound, LiveReload.inject(into: page, generation: events.state.generation))
        response.headers[.contentType] = "text/html; charset=utf-8"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

/// Headers on every response, built once (a header field checks its value when it is made).
enum ServedHeaders {
    static let everyResponse = [
        HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: .contentSecurityPolicy, value: LiveReload.headerPolicy),
        HTTPField(name: .referrerPolicy, value: "no-referrer"),
    ]
    /// Unless a response says otherwise: always revalidate (it is a preview).
    static let revalidate = HTTPField(name: .cacheControl, value: "no-cache")
}

extension Response {
    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
