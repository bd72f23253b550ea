import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import GalgenServe

/// `--base-path`: the site as it will live in a sub-folder of its host.
@Suite struct PreviewBasePathTests {
    @Test(arguments: bothSetups)
    func theSiteIsServedUnderItsBasePath(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app(basePath: "/photos/trip/").test(setup) { client in
            let page = try await client.execute(uri: "/photos/trip/", method: .get)
            #expect(page.status == .ok && page.text.contains("<script src=\"/__galgen/live.js\" data-generation=\"t-0\""))
            #expect(try await client.execute(uri: "/photos/trip/index.html", method: .get).status == .ok)
            let photo = try await client.execute(uri: "/photos/trip/images/a.jpg", method: .get)
            #expect(photo.status == .ok && Array(buffer: photo.body) == PreviewSite.photo)
            // The live-reload endpoints stay where the script looks for them.
            #expect(try await client.execute(uri: "/__galgen/live.js", method: .get).status == .ok)
        }
    }

    @Test(arguments: bothSetups)
    func theBasePathAndFoldersRedirectToTheirSlashForm(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app(basePath: "/photos/trip/").test(setup) { client in
            for uri in ["/", "/photos/trip"] {
                let root = try await client.execute(uri: uri, method: .get)
                #expect(root.status == .found && root.headers[.location] == "/photos/trip/", "\(uri)")
            }
            for (uri, location) in [("/photos/trip/images", "/photos/trip/images/"), ("/photos/trip/album", "/photos/trip/album/")] {
                let folder = try await client.execute(uri: uri, method: .get)
                #expect(folder.status == .movedPermanently && folder.headers[.location] == location, "\(uri)")
                #expect(folder.hasSafetyHeaders)
            }
        }
    }

    @Test(arguments: bothSetups)
    func nothingOutsideTheBasePathIsServed(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app(basePath: "/photos/trip/").test(setup) { client in
            for uri in ["/images/a.jpg", "/index.html", "/photos/tripod/", "/photos/trip/missing.jpg"] {
                let outside = try await client.execute(uri: uri, method: .get)
                #expect(outside.status == .notFound, "\(uri)")
                #expect(outside.text.contains("The site is served from <code>/photos/trip/</code>"))
            }
            #expect(try await client.execute(uri: "/photos/trip/../../secret.txt", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/photos/trip/.git/config", method: .get).status == .notFound)
        }
    }

    /// The request goes to `FileMiddleware` as it came, and the path is decoded once.
    @Test(arguments: ["/", "/photos/trip/"])
    func namesThatNeedPercentEncodingAreServed(basePath: String) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try site.write("_site/a b.txt", "space")
        try site.write("_site/café.txt", "accent")
        try site.write("_site/100%.txt", "percent")
        try await site.app(basePath: basePath).test(.router) { client in
            for (name, text) in [("a%20b.txt", "space"), ("caf%C3%A9.txt", "accent"), ("100%25.txt", "percent")] {
                let response = try await client.execute(uri: basePath + name, method: .get)
                #expect(response.status == .ok && response.text == text, "\(basePath + name)")
            }
        }
    }
}
