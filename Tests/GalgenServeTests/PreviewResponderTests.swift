import Foundation
import GalgenCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import GalgenServe

/// What the preview server answers for pages, files and its own endpoints.
@Suite struct PreviewResponderTests {
    @Test(arguments: bothSetups)
    func pagesAreServedWithTheLiveReloadScript(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(setup) { client in
            for uri in ["/", "/index.html", "/album/"] {
                let page = try await client.execute(uri: uri, method: .get)
                #expect(page.status == .ok, "\(uri)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                #expect(page.headers[.cacheControl] == "no-store")
                #expect(Int(page.headers[.contentLength] ?? "") == page.body.readableBytes)
                #expect(page.text.contains("<title>Coast</title><script src=\"/__galgen/live.js\" data-generation=\"t-0\" defer></script>\n</head>"))
                #expect(page.text.contains("content=\"default-src 'none'; img-src 'self'; connect-src 'self'\""))
                #expect(page.hasSafetyHeaders)
            }
            // Always whole and fresh: the page depends on the site version too.
            let ranged = try await client.execute(uri: "/", method: .get, headers: [.range: "bytes=0-9", .ifNoneMatch: "*"])
            #expect(ranged.status == .ok && ranged.text.hasSuffix("</html>"))
        }
        #expect(site.read("_site/index.html") == PreviewSite.page, "the file in the output folder is untouched")
    }

    @Test func aPageServedAfterARebuildCarriesTheNewVersion() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            #expect(try await client.execute(uri: "/", method: .get).text.contains("data-generation=\"t-0\""))
            try site.write("_site/index.html", PreviewSite.page.replacingOccurrences(of: "Coast", with: "Harbour"))
            site.events.publish(siteChanged: true, error: nil)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.text.contains("<p>Harbour</p>") && page.text.contains("data-generation=\"t-1\""))
        }
    }

    @Test func headOfAPageHasTheLengthOfTheGet() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok && head.headers[.contentType] == "text/html; charset=utf-8")
            #expect(head.headers[.contentLength] == page.headers[.contentLength])
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test(arguments: bothSetups)
    func filesAnswerIfNoneMatchWith304AndRangesWith206(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(setup) { client in
            let photo = try await client.execute(uri: "/images/a.jpg", method: .get)
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg")
            #expect(Array(buffer: photo.body) == PreviewSite.photo)
            #expect(photo.headers[.cacheControl] == "no-cache" && photo.hasSafetyHeaders)
            let etag = try #require(photo.headers[.eTag])
            let again = try await client.execute(uri: "/images/a.jpg", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let range = try await client.execute(uri: "/images/a.jpg", method: .get, headers: [.range: "bytes=100-199"])
            #expect(range.status == .partialContent && range.headers[.contentRange] == "bytes 100-199/3000")
            #expect(Array(buffer: range.body) == Array(PreviewSite.photo[100...199]))
        }
    }

    @Test func avifAndWebPRenditionsAreServedAsWhatTheyAre() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try Data(PreviewSite.photo).write(to: URL(fileURLWithPath: site.site + "/images/a.avif"))
        try Data(PreviewSite.photo).write(to: URL(fileURLWithPath: site.site + "/images/a.webp"))
        try await site.app().test(.router) { client in
            let avif = try await client.execute(uri: "/images/a.avif", method: .get)
            #expect(avif.status == .ok && avif.headers[.contentType] == "image/avif" && Array(buffer: avif.body) == PreviewSite.photo)
            let webp = try await client.execute(uri: "/images/a.webp", method: .head)
            #expect(webp.status == .ok && webp.headers[.contentType] == "image/webp")
        }
    }

    /// The types are registered with `FileMiddleware`, which decides them by the file it serves.
    /// Before, a patch judged AVIF by the request's raw path, so an escaped name (`a%2Eavif`)
    /// went out with no type (and, with nosniff, did not show), as did every HEIC original.
    @Test(arguments: [
        ("/images/a%2Eavif", "image/avif"), ("/images/B.AVIF", "image/avif"),
        ("/images/shot-original.heic", "image/heic"), ("/images/shot-original.heif", "image/heif"),
    ])
    func everyFormatGalgenWritesIsServedWithItsType(path: String, type: String) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        for name in ["a.avif", "B.AVIF", "shot-original.heic", "shot-original.heif"] {
            try Data(PreviewSite.photo).write(to: URL(fileURLWithPath: site.site + "/images/" + name))
        }
        try await site.app().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get, headers: [.range: "bytes=0-9"])
            #expect(response.status == .partialContent && response.headers[.contentType] == type)
            #expect(Array(buffer: response.body) == Array(PreviewSite.photo[0...9]))
        }
    }

    /// The types come from the format table (`FormatIdentity`), not from a list of suffixes
    /// kept in the server: every suffix galgen writes goes out with its format's media type.
    @Test func everySuffixInTheFormatTableIsServedWithItsMediaType() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        let served = ImageFormat.allCases.flatMap(\.identity.servedMediaTypes)
        #expect(Set(served.map(\.key)).isSuperset(of: ["jpg", "heic", "heif", "avif", "webp", "png"]))
        for (suffix, _) in served {
            try Data(PreviewSite.photo).write(to: URL(fileURLWithPath: site.site + "/images/a." + suffix))
        }
        try await site.app().test(.router) { client in
            for (suffix, type) in served {
                let response = try await client.execute(uri: "/images/a." + suffix, method: .head)
                #expect(response.status == .ok && response.headers[.contentType] == type, "\(suffix)")
            }
        }
        #expect(ImageFormat.avif.identity.mediaType == "image/avif" && ImageFormat.webp.identity.mediaType == "image/webp"
            && ImageFormat.heif.identity.mediaType == "image/heic")
    }

    /// Only pages are sent whole and fresh: a photo's name is judged once decoded.
    @Test func aPercentEncodedPhotoNameIsStillAPhoto() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            let head = try await client.execute(uri: "/images/a%2Ejpg", method: .head)
            #expect(head.status == .ok && head.headers[.contentType] == "image/jpeg" && head.body.readableBytes == 0)
            let range = try await client.execute(uri: "/images/a%2Ejpg", method: .get, headers: [.range: "bytes=0-9"])
            #expect(range.status == .partialContent && Array(buffer: range.body) == Array(PreviewSite.photo[0...9]))
        }
    }

    @Test func largeFilesAreStreamedWithRangesToo() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 / 3) }
        try Data(bytes).write(to: URL(fileURLWithPath: site.site + "/images/large.jpg"))
        try await site.app().test(.router) { client in
            let whole = try await client.execute(uri: "/images/large.jpg", method: .get)
            #expect(whole.status == .ok && Array(buffer: whole.body) == bytes)
            let tail = try await client.execute(uri: "/images/large.jpg", method: .get, headers: [.range: "bytes=\(bytes.count - 10)-"])
            #expect(tail.status == .partialContent && Array(buffer: tail.body) == Array(bytes.suffix(10)))
        }
    }

    /// Replaced by a file of the same size within the same clock tick: new bytes, new ETag.
    @Test func aReplacedFileIsServedAnewWithANewETag() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            try site.write("_site/note.txt", "version one")
            let one = try await client.execute(uri: "/note.txt", method: .get)
            try site.write("_site/note.txt", "version two")
            let two = try await client.execute(uri: "/note.txt", method: .get, headers: [.ifNoneMatch: one.headers[.eTag] ?? ""])
            #expect(one.text == "version one" && two.status == .ok && two.text == "version two")
            #expect(two.headers[.eTag] != one.headers[.eTag])
            #expect(two.headers[.contentType] == "text/plain")
        }
    }

    @Test(arguments: bothSetups)
    func theLiveReloadScriptIsServed(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(setup) { client in
            let script = try await client.execute(uri: "/__galgen/live.js", method: .get)
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(Array(buffer: script.body) == PackageResources.live_js && script.text.contains("EventSource"))
            #expect(script.hasSafetyHeaders)
            let other = try await client.execute(uri: "/__galgen/other", method: .get)
            #expect(other.status == .notFound && other.hasSafetyHeaders)
        }
    }

    /// A preview is read-only.
    @Test(arguments: bothSetups)
    func otherMethodsThanGetAndHeadAreNotAllowed(setup: TestingSetup) async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(setup) { client in
            for (method, uri) in [(HTTPRequest.Method.post, "/"), (.put, "/images/a.jpg"), (.delete, "/__galgen/events"), (.post, "/missing")] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == "GET, HEAD" && response.hasSafetyHeaders)
            }
        }
    }

    @Test func whatIsNotBuiltIsAPageThatReloadsOnceItIs() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            let missing = try await client.execute(uri: "/missing.jpg", method: .get)
            #expect(missing.status == .notFound && missing.headers[.contentType] == "text/html; charset=utf-8")
            #expect(missing.headers[.cacheControl] == "no-store" && missing.hasSafetyHeaders)
            #expect(missing.text.contains("Nothing is built at <code>/missing.jpg</code>"))
            #expect(missing.text.contains("data-generation=\"t-0\" defer></script>"))
        }
    }

    @Test func theEventsStartWithTheSiteVersionAndFollowIt() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try await site.app().test(.router) { client in
            async let answer = client.execute(uri: "/__galgen/events", method: .get, headers: [.origin: "http://localhost"])
            // A loaded machine can take a while; should the stream open only after finishAll, it
            // ends after its first message (the test then fails instead of waiting forever).
            let deadline = ContinuousClock.now + .seconds(60)
            while site.events.openStreams == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            site.events.publish(siteChanged: true, error: "gallery.yml:3:1: bad")
            site.events.finishAll()
            let events = try await answer
            #expect(events.status == .ok && events.headers[.contentType] == "text/event-stream")
            #expect(events.headers[.cacheControl] == "no-store" && events.hasSafetyHeaders)
            #expect(events.text == "retry: 500\n\nevent: state\ndata: {\"generation\":\"t-0\"}\n\n"
                + "event: state\ndata: {\"error\":\"gallery.yml:3:1: bad\",\"generation\":\"t-1\"}\n\n")
        }
    }
}
