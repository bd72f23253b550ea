import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import GalgenServe

/// The preview server on loopback, filled with connections that send nothing or half a request
/// head. Before, they held every connection slot until their timeouts (60 s for the silent ones),
/// and a page or a new events stream waited in the listen queue as long.
@Suite(.serialized) struct PreviewLoadTests {
    static let halfRequest = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: stal"

    @Test func hundredsOfSilentAndHalfSentConnectionsHoldBackNeitherAPageNorAReload() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        let server = try await LoopbackServer(site, limits: ServerLimits(maxConnections: 64))
        defer { server.stop() }
        let openPage = try await server.connect(sending: LoopbackServer.request(LiveReload.eventsPath, port: server.port))
        #expect(await openPage.wait { $0.contains("event: state") })
        let stalled = try await server.flood(silent: 150, halfSent: 50, sending: Self.halfRequest)
        defer { stalled.forEach { $0.close() } }

        // 64 slots and 200 stalled connections: before, no answer for the 60 s of the idle timeout.
        // Well under a second here; the bound leaves room for a machine loaded by other tests.
        let asked = ContinuousClock.now
        let page = try await server.get("/", timeout: .seconds(20))
        #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("Coast"), "\(page.prefix(200))")
        #expect(ContinuousClock.now - asked < .seconds(5), "GET / took \(ContinuousClock.now - asked)")

        let reloadedPage = try await server.connect(sending: LoopbackServer.request(LiveReload.eventsPath, port: server.port))
        #expect(await reloadedPage.wait(timeout: .seconds(10)) { $0.contains("event: state") }, "a new events stream was not answered")
        site.events.publish(siteChanged: true, error: nil)
        let generation = site.events.state.generation
        for stream in [openPage, reloadedPage] {
            #expect(await stream.wait(timeout: .seconds(10)) { $0.contains(generation) }, "no reload event: the events stream was closed to make room?")
        }
        #expect(openPage.isOpen && reloadedPage.isOpen)
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheHeaderTimeout() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        let server = try await LoopbackServer(site, limits: ServerLimits(headerTimeout: .milliseconds(500), idleTimeout: .seconds(60)))
        defer { server.stop() }
        let silent = try await server.connect(sending: nil)
        // Before, the 60 s idle timeout; 5 s leave room for a loaded machine.
        #expect(await silent.wait(timeout: .seconds(5)) { _ in !silent.isOpen }, "a connection that sent nothing is still open")
    }
}
