import FaultServer
import Foundation
import GalgenTestSupport
import Testing

/// The download cache across builds: offline, origin failures, corruption, interruption,
/// concurrency limits and https.
@Suite(.serialized)
struct RemoteCacheTests {
    @Test func offlineUsesTheCacheAndNamesWhatIsMissing() async throws {
        let server = try await FaultServer.start()
        let cached = server.url("/img/Landscape_1.jpg?etag=1")
        let uncached = server.url("/img/Landscape_2.jpg")
        let project = try TestProject(RemoteGallery.yaml(images: [cached]))
        #expect(try await project.build().status == 0)
        await server.stop()
        let requestsBefore = server.log.count

        try project.writeGallery(RemoteGallery.yaml(images: [cached, uncached]))
        let result = try await project.build(["--offline"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(cached): from cache (offline)"))
        #expect(result.stderr.contains("\(uncached): download failed: not in the download cache, and --offline forbids downloading it"))
        #expect(project.siteImages == ["landscape-1-200.<fp>.jpg"])
        #expect(server.log.count == requestsBefore)
    }

    @Test func anUnreachableOriginFallsBackToTheCachedCopyWithAWarning() async throws {
        let server = try await FaultServer.start()
        let url = server.url("/img/Landscape_1.jpg?etag=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))
        #expect(try await project.build().status == 0)
        await server.stop()

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("! \(url): connection refused; used the cached copy from"), "\(result.stderr)")
        #expect(result.stderr.contains("\(url): from cache (origin failed)"))
        // The report keeps the warning with the image.
        let report = try #require(project.read(".galgen-cache/build-report.json"))
        #expect(report.contains("connection refused; used the cached copy from"))
        #expect(project.siteImages == ["landscape-1-200.<fp>.jpg"])
    }

    @Test func aServerErrorFallsBackButA404DoesNot() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let url = server.url("/img/Landscape_1.jpg?etag=1")
        let project = try TestProject(RemoteGallery.yaml(images: [url]))
        #expect(try await project.build().status == 0)

        // The origin fails every time: the cached copy stands in.
        server.setStatus("Landscape_1.jpg", 503)
        let broken = try await project.build()
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.contains("! \(url): the server failed with HTTP 503 Service Unavailable; used the cached copy from"))
        #expect(server.log.map(\.status) == [200, 503, 503, 503])

        // The origin says the photo is gone: that is an answer, not a failure to work around.
        server.setStatus("Landscape_1.jpg", 404)
        let gone = try await project.build()
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("\(url): download failed: the server answered HTTP 404 Not Found"))
        #expect(project.siteImages.isEmpty)
    }

    @Test func aCorruptedBodyIsDownloadedAgain() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: [server.url("/img/Landscape_1.jpg?max_age=3600")]))
        #expect(try await project.build().status == 0)
        let body = try #require(project.cachedBodies.first)
        let path = project.cache + "/bodies/" + body
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.log.map(\.status) == [200, 200], "a fresh but corrupt entry must not be used")
        let repaired = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(repaired != bytes && project.cachedBodies == [body])
    }

    @Test func ctrlCDuringADownloadLeavesNothingPartial() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let stalled = server.url("/img/Landscape_1.jpg?stall=1")
        let project = try TestProject(RemoteGallery.yaml(images: [stalled], download: "timeout: 60"))

        let process = try Galgen.start(["build", "--quiet"], in: project.path)
        try await waitUntil { server.log.count == 1 }
        try await Task.sleep(for: .milliseconds(300))
        #expect(project.folder.list(".galgen-cache").contains { $0.contains(".partial-") }, "the download should be in progress")
        process.interrupt()
        await wait(for: process)

        #expect(process.terminationStatus == 130)
        #expect(project.partialFiles.isEmpty && project.cachedEntries.isEmpty && project.cachedBodies.isEmpty)
    }

    @Test func aKilledDownloadIsCleanedUpAndRedoneByTheNextBuild() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let project = try TestProject(RemoteGallery.yaml(images: ["{ src: '\(server.url("/img/Landscape_1.jpg?stall=1"))', slug: photo }"], download: "timeout: 60"))

        let process = try Galgen.start(["build", "--quiet"], in: project.path)
        try await waitUntil { server.log.count == 1 }
        try await Task.sleep(for: .milliseconds(300))
        kill(process.processIdentifier, SIGKILL)
        await wait(for: process)
        #expect(!project.partialFiles.isEmpty, "SIGKILL cannot clean up; the next build must")

        try project.writeGallery(RemoteGallery.yaml(images: ["{ src: '\(server.url("/img/Landscape_1.jpg"))', slug: photo }"]))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.partialFiles.isEmpty)
        #expect(project.cachedBodies.count == 1)
        #expect(project.siteImages == ["photo-200.<fp>.jpg"])
    }

    @Test func concurrencyAndPerHostCapsHold() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let urls = (1...6).flatMap { n in
            ["127.0.0.1", "localhost"].map { host in
                "{ src: 'http://\(host):\(server.port)/img/Landscape_1.jpg?latency=300&n=\(n)', slug: \(host.prefix(3))\(n) }"
            }
        }
        let project = try TestProject(RemoteGallery.yaml(images: urls, download: "concurrency: 3, per_host: 2"))

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let loopback = server.maxInFlight(host: "127.0.0.1:\(server.port)")
        let localhost = server.maxInFlight(host: "localhost:\(server.port)")
        #expect(loopback <= 2 && localhost <= 2)
        #expect(loopback + localhost <= 4)
        #expect(loopback >= 1 && localhost >= 1)
        #expect(server.log.count == 12)
    }

    @Test func httpsWorksAndARedirectDownToHTTPIsRefused() async throws {
        let folder = try TemporaryFolder()
        let certificates = try TestCertificates.make(in: folder.path)
        let secure = try await FaultServer.start(tls: certificates.serverTLS)
        let plain = try await FaultServer.start()
        defer { Task { await secure.stop(); await plain.stop() } }
        let downgrade = secure.url("/redirect?to=\(plain.url("/img/Landscape_2.jpg"))")
        let project = try TestProject(RemoteGallery.yaml(images: [
            "{ src: '\(secure.url("/img/Landscape_1.jpg"))', slug: secure }", "{ src: '\(downgrade)', slug: downgrade }",
        ]))

        // The real binary: which certificates are trusted comes from its environment.
        let result = try await project.buildWithBinary(environment: ["NO_COLOR": "1", "SSL_CERT_FILE": certificates.caFile])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(downgrade): download failed: refused a redirect to plain http (\(plain.url("/img/Landscape_2.jpg")))"), "\(result.stderr)")
        #expect(project.siteImages == ["secure-200.<fp>.jpg"])
        #expect(plain.log.isEmpty)

        // Without the test CA the certificate is not trusted.
        try FileManager.default.removeItem(atPath: project.cache)
        let untrusted = try await project.buildWithBinary(environment: ["NO_COLOR": "1"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("download failed: the server's TLS certificate is not trusted (CERTIFICATE_VERIFY_FAILED)"), "\(untrusted.stderr)")
        #expect(secure.log.count == 2, "an untrusted certificate is not retried")
    }
}

/// Polls until the condition holds, for at most ten seconds.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
        guard Date() < deadline else { throw WaitTimedOut() }
        try await Task.sleep(for: .milliseconds(20))
    }
}

struct WaitTimedOut: Error {}

/// Waits for a child process without blocking one of Swift's cooperative threads.
func wait(for process: Process) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            process.waitUntilExit()
            continuation.resume()
        }
    }
}
