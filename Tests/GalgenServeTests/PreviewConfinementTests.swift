import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import GalgenServe

/// Nothing outside the site folder, nor its hidden files, is ever sent; other sites' names get nothing.
@Suite struct PreviewConfinementTests {
    static let probes: [(String, HTTPResponse.Status)] = [
        ("/../secret.txt", .badRequest), ("/images/../../secret.txt", .badRequest), ("/%2e%2e/secret.txt", .badRequest),
        ("/%252e%252e/secret.txt", .badRequest), ("/..%2fsecret.txt", .badRequest), ("/%5c..%5csecret.txt", .badRequest),
        ("//etc/passwd", .badRequest), ("/index.html%00.jpg", .badRequest), ("/./index.html", .badRequest),
        ("/.git/config", .notFound), ("/%2egit/config", .notFound), ("/.galgen-cache/manifest.json", .notFound),
        ("/leak.txt", .notFound), ("/passwd", .notFound), ("/outside/secret.txt", .notFound), ("/outside/", .notFound),
        ("/etc/passwd", .notFound),
    ]

    @Test(arguments: bothSetups)
    func traversalDotfileAndSymlinkProbesAreRefused(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try site.link("_site/leak.txt", to: site.folder + "/secret.txt")
        try site.link("_site/outside", to: site.folder)
        try site.link("_site/passwd", to: "/etc/passwd")
        try site.link("_site/inside.html", to: site.site + "/index.html")
        try await site.app().test(setup) { client in
            for (uri, status) in Self.probes {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri) answered \(response.status)")
                #expect(!response.text.contains("top secret") && !response.text.contains("root:") && !response.text.contains("[core]"),
                        "\(uri) leaked a file")
                #expect(response.hasSafetyHeaders, "\(uri)")
            }
            // A symlink that stays inside the folder is fine.
            #expect(try await client.execute(uri: "/inside.html", method: .get).status == .ok)
        }
    }

    @Test func aFileReplacedByASymlinkToOutsideIsRefusedFromThenOn() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            try site.write("_site/swap.txt", "harmless")
            #expect(try await client.execute(uri: "/swap.txt", method: .get).text == "harmless")
            try FileManager.default.removeItem(atPath: site.site + "/swap.txt")
            try site.link("_site/swap.txt", to: site.folder + "/secret.txt")
            let swapped = try await client.execute(uri: "/swap.txt", method: .get)
            #expect(swapped.status == .notFound && !swapped.text.contains("top secret"))
        }
    }

    /// A folder of the site replaced by a symlink to outside: what is under it is refused too.
    @Test func aFolderReplacedByASymlinkToOutsideIsRefused() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            try FileManager.default.createDirectory(atPath: site.site + "/notes", withIntermediateDirectories: true)
            try site.write("_site/notes/secret.txt", "harmless")
            #expect(try await client.execute(uri: "/notes/secret.txt", method: .get).status == .ok)
            try FileManager.default.removeItem(atPath: site.site + "/notes")
            try site.link("_site/notes", to: site.folder)
            let swapped = try await client.execute(uri: "/notes/secret.txt", method: .get)
            #expect(swapped.status == .notFound && !swapped.text.contains("top secret"))
        }
    }

    /// DNS rebinding: another site's name pointing at 127.0.0.1 gets nothing, least of all the events.
    @Test func otherHostNamesAreRefused() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        let policy = HostPolicy(boundHost: "127.0.0.1", allowedNames: ["studio.local"])
        try await site.app(policy: policy).test(.ahc()) { client in
            let port = try #require(client.port)
            for uri in ["/", "/images/a.jpg", "/__galgen/events", "/../secret.txt"] {
                let refused = try await client.execute(uri: uri, method: .get, headers: [.host: "evil.example:\(port)"])
                #expect(refused.status == .forbidden, "\(uri)")
                #expect(refused.text.contains("--allow-host") && refused.hasSafetyHeaders)
            }
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "studio.local:\(port)", "[::1]:\(port)"] {
                #expect(try await client.execute(uri: "/", method: .get, headers: [.host: host]).status == .ok, "\(host)")
            }
        }
    }

    @Test func theEventsOnlyAnswerPagesOfThisServer() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            for origin in ["http://evil.example", "http://localhost:9999", "null"] {
                let refused = try await client.execute(uri: "/__galgen/events", method: .get, headers: [.origin: origin])
                #expect(refused.status == .forbidden, "\(origin)")
                #expect(refused.hasSafetyHeaders)
            }
        }
    }
}
