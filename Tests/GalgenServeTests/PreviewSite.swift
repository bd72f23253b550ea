import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import GalgenServe

/// A built site in a temporary folder (`folder/_site`), with a secret beside it, and the
/// preview server's application over it for HummingbirdTesting.
struct PreviewSite {
    static let page = #"""
        <!doctype html>
        <html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'">
        <title>Coast</title></head><body><p>Coast</p></body></html>
        """#
    /// Bytes that are not text, so a body that is not the file's shows.
    static let photo = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }

    let folder: String
    let events = LiveEvents(session: "t")
    var site: String { folder + "/_site" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)").path
        for path in ["_site/images", "_site/album", "_site/.git"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
        }
        try write("secret.txt", "top secret")
        try write("_site/index.html", Self.page)
        try write("_site/album/index.html", Self.page)
        try write("_site/.git/config", "[core]")
        try Data(Self.photo).write(to: URL(fileURLWithPath: site + "/images/a.jpg"))
    }

    func write(_ path: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + path, withDestinationPath: destination)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `galgen serve`'s application over the site (`.live` and `.ahc` bind their own port).
    /// HummingbirdTesting's live client opens its one connection before the test's first request,
    /// which a loaded machine may take longer than the 5 s header timeout to send: a minute, as
    /// for any kept-alive connection (`PreviewLoadTests` checks the timeouts themselves).
    func app(basePath: String = "/", policy: HostPolicy = HostPolicy(boundHost: "127.0.0.1")) -> Application<PreviewResponder> {
        PreviewServer(root: site, host: "127.0.0.1", port: 0, basePath: basePath, policy: policy, events: events,
                      limits: ServerLimits(headerTimeout: .seconds(60))).application()
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The headers every answer of the preview server carries, whatever it is.
    var hasSafetyHeaders: Bool {
        headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff"
            && headers[.contentSecurityPolicy] == LiveReload.headerPolicy
            && headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer"
    }
}

extension HTTPField.Name {
    static let host = HTTPField.Name("Host")!
}

/// In-process (straight to the responder) and through a real server on loopback.
let bothSetups: [TestingSetup] = [.router, .live]
