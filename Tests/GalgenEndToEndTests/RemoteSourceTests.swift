import FaultServer
import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` against a real HTTP server on loopback, one fault at a time: which images
/// are built, the exit status, the message, and what the cache holds afterwards.
@Suite(.serialized)
struct RemoteSourceTests {
    @Test func downloadsEachDistinctURLOnceAndCachesIt() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let slow = server.url("/img/Landscape_1.jpg?latency=300")
        let project = try TestProject(RemoteGallery.yaml(images: [
            server.url("/img/Landscape_2.jpg"), "{ src: '\(slow)', slug: one }", "{ src: '\(slow)', slug: again }",
        ]))

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.log.count == 2)
        // One source, one set of renditions, shared by both photos' pages.
        #expect(project.siteImages == ["landscape-2-200.<fp>.jpg", "one-200.<fp>.jpg"])
        #expect(project.siteFile("index.html")?.contains(#"id="grid.again""#) == true)
        let rendition = "../images/" + (try #require(TestProject.names(in: project.path("_site/images")).first { $0.hasPrefix("one-") }))
        #expect(project.siteFile("one/index.html")?.contains(rendition) == true)
        #expect(project.siteFile("again/index.html")?.contains(rendition) == true)
        #expect(project.cachedEntries.count == 2 && project.cachedBodies.count == 2)
        #expect(result.stderr.contains("↓ \(slow): downloaded"))
        #expect(project.partialFiles.isEmpty)
    }

    @Test func notFoundFailsThatImageOnly() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let missing = server.url("/img/Landscape_1.jpg?status=404")
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_2.jpg"), missing]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("gallery.yml:5:5: \(missing): download failed: the server answered HTTP 404 Not Found"))
        #expect(project.siteImages == ["landscape-2-200.<fp>.jpg"])
        #expect(project.cachedEntries.count == 1)
        #expect(server.requests(to: "/img/Landscape_1.jpg").count == 1, "a 404 is not retried")
    }

    @Test func serverErrorThenSuccessIsRetried() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_1.jpg?fail=1")]))

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.log.map(\.status) == [500, 200])
        #expect(project.siteImages == ["landscape-1-200.<fp>.jpg"])
    }

    @Test func aServerThatKeepsFailingIsTriedThreeTimes() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let broken = server.url("/img/Landscape_1.jpg?fail=99")
        let project = try TestProject(RemoteGallery.yaml(images: [broken]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(server.log.map(\.status) == [500, 500, 500])
        #expect(result.stderr.contains("\(broken): download failed: the server failed with HTTP 500 Internal Server Error"))
        #expect(project.cachedEntries.isEmpty)
    }

    @Test func tooManyRequestsWaitsForRetryAfter() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_1.jpg?throttle=1&retry_after=1")]))

        let started = Date()
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.log.map(\.status) == [429, 200])
        #expect(Date().timeIntervalSince(started) >= 1, "the retry came before Retry-After")
    }

    @Test func validatorsMakeTheSecondBuildA304() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?etag=1&last_modified=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))

        #expect(try await project.build().status == 0)
        let second = try await project.build()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("\(url): not modified (304)"))
        #expect(server.log.map(\.status) == [200, 304])
        #expect(server.log.map(\.conditional) == [false, true])
        #expect(project.siteImages == ["landscape-1-200.<fp>.jpg"])
    }

    @Test func a304ForAnotherBodyIsNotApplied() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_1.jpg?etag=1&wrong_304=1")]))

        #expect(try await project.build().status == 0)
        let second = try await project.build()
        #expect(second.status == 0, "\(second.stderr)")
        // Conditional request → 304 naming another ETag → the body is fetched again, unconditionally.
        #expect(server.log.map(\.status) == [200, 304, 200])
        #expect(server.log.map(\.conditional) == [false, true, false])
    }

    @Test func aFreshEntryNeedsNoRequest() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?max_age=3600")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))

        #expect(try await project.build().status == 0)
        let second = try await project.build()
        #expect(second.status == 0)
        #expect(second.stderr.contains("\(url): fresh in cache"))
        #expect(server.log.count == 1)
    }

    @Test func noStoreIsNeverKept() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_1.jpg?no_store=1&etag=1")]))

        #expect(try await project.build().status == 0)
        #expect(project.cachedEntries.isEmpty && project.cachedBodies.isEmpty)
        #expect(project.partialFiles.isEmpty, "the transient copy outlived the build")
        #expect(try await project.build().status == 0)
        #expect(server.log.map(\.status) == [200, 200])
        #expect(server.log.map(\.conditional) == [false, false])
        #expect(project.siteImages == ["landscape-1-200.<fp>.jpg"])
    }

    /// serve keeps one fetcher for all its builds: each build's no-store copy must go when that
    /// build is over, not pile up until serve exits.
    @Test func serveRemovesEachBuildsNoStoreCopy() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?no_store=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))
        let serve = try ServeProcess([], in: project.path)
        #expect(project.partialFiles.isEmpty, "the first build's no-store copy outlived it: \(project.partialFiles)")
        for round in 1...2 {
            try project.write("gallery.yml", RemoteGallery.yaml(images: [url]).replacingOccurrences(
                of: "title: Remote", with: "title: Remote \(round)"))
            #expect(await serve.waitForLog("Rebuilt in", count: round), "no rebuild:\n\(serve.log)")
            #expect(project.partialFiles.isEmpty, "rebuild \(round) left \(project.partialFiles)")
        }
        #expect(server.log.map(\.status) == [200, 200, 200])
        #expect(await serve.interrupt() == 0)
    }

    @Test func aBodyCutShortIsNotKept() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let size = try Fixtures.bytes("orientation/Landscape_1.jpg").count
        let url = server.url("/img/Landscape_1.jpg?cut=1000")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url): download failed: the connection closed after 1000 of \(size) bytes"), "\(result.stderr)")
        #expect(server.log.count == 3, "a broken connection is retried")
        #expect(project.cachedEntries.isEmpty && project.cachedBodies.isEmpty && project.partialFiles.isEmpty)
    }

    @Test func aStallAfterTheHeadersTimesOut() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?stall=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url, server.url("/img/Landscape_2.jpg")], download: "timeout: 1"))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url): download failed: no data for 1 s (download.timeout)"), "\(result.stderr)")
        #expect(project.siteImages == ["landscape-2-200.<fp>.jpg"])
        #expect(project.cachedEntries.count == 1 && project.partialFiles.isEmpty)
    }

    @Test func aDeclaredBodyOverTheCapIsRefusedBeforeReading() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let size = try Fixtures.bytes("orientation/Landscape_1.jpg").count
        let url = server.url("/img/Landscape_1.jpg?pad=100000")
        let project = try TestProject(RemoteGallery.yaml(images: [url], download: "max_bytes: \(size + 50_000)"))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url): download failed: the body is \(size + 100_000) bytes, more than download.max_bytes (\(size + 50_000) bytes)"), "\(result.stderr)")
        #expect(project.cachedBodies.isEmpty && project.partialFiles.isEmpty)
    }

    @Test func aStreamedBodyOverTheCapIsCutOff() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?chunked=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url], download: "max_bytes: 100000"))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url): download failed: the body grew past the limit, more than download.max_bytes (100000 bytes)"), "\(result.stderr)")
        #expect(project.cachedBodies.isEmpty && project.partialFiles.isEmpty)
    }

    @Test func redirectsAreFollowedFiveTimesAndLoopsStop() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let endless = server.url("/loop/0")
        let cycle = server.url("/loop/0?cycle=1")
        let fine = server.url("/redirect?to=/img/Landscape_2.jpg")
        let project = try TestProject(RemoteGallery.yaml(images: [
            "{ src: '\(endless)', slug: endless }", "{ src: '\(cycle)', slug: cycle }", "{ src: '\(fine)', slug: fine }",
        ]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(endless): download failed: more than 5 redirects"), "\(result.stderr)")
        #expect(result.stderr.contains("\(cycle): download failed: redirect loop (back to \(server.url("/loop/0?cycle=1")))"), "\(result.stderr)")
        #expect(server.log.filter { $0.path.hasPrefix("/loop/") && !$0.query.contains("cycle") }.count == 6)
        #expect(project.siteImages == ["fine-200.<fp>.jpg"])
    }

    @Test func anHTMLPageIsNotAJPEG() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?html=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"\#(url): download failed: not a photo galgen reads (JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL; got text/html; charset=utf-8, starting "<!doctype html><html><bo…")"#), "\(result.stderr)")
        #expect(project.cachedBodies.isEmpty && project.partialFiles.isEmpty)
    }

    @Test func credentialsAreSentButNeverShown() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let port = server.port
        let project = try TestProject(RemoteGallery.yaml(images: [
            "http://alice:s3cret@127.0.0.1:\(port)/img/Landscape_1.jpg", "http://alice:s3cret@127.0.0.1:\(port)/img/Landscape_2.jpg?status=403",
        ]))

        let result = try await project.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("http://127.0.0.1:\(port)/img/Landscape_2.jpg?status=403: download failed: the server answered HTTP 403 Forbidden"))
        #expect(!result.stderr.contains("s3cret") && !result.stderr.contains("alice"))
        #expect(server.log.allSatisfy { $0.authorization == "Basic YWxpY2U6czNjcmV0" })
        let written = project.list().filter { $0 != "gallery.yml" }.compactMap { project.read($0) }
        #expect(!written.contains { $0.contains("s3cret") }, "a password reached a file")
    }
}
