import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import GalgenServe

@Suite struct ServerLimitsTests {
    @Test(arguments: [(256, 64), (1024, 256), (20_000, 512), (65_536, 512), (8, 4)])
    func connectionsGetAQuarterOfTheDescriptorsAndAtMost512(openFiles: Int, connections: Int) {
        #expect(ServerLimits(openFiles: openFiles).maxConnections == connections)
    }

    @Test func theDefaultsAreTenSecondsForAHeadAndAMinuteIdle() {
        let limits = ServerLimits(openFiles: 20_000)
        #expect(limits.headerTimeout == .seconds(10) && limits.idleTimeout == .seconds(60))
    }

    @Test func testsMayShortenTheTimeoutsThroughTheEnvironment() {
        let limits = ServerLimits().overridden(by: ["GALGEN_SERVE_HEADER_TIMEOUT": "0.5", "GALGEN_SERVE_IDLE_TIMEOUT": "3"])
        #expect(limits.headerTimeout == .milliseconds(500) && limits.idleTimeout == .seconds(3))
        #expect(limits.maxConnections == ServerLimits().maxConnections)
        for junk in ["", "0", "-1", "ten", "nan", "inf", "1e300"] {
            #expect(ServerLimits().overridden(by: ["GALGEN_SERVE_HEADER_TIMEOUT": junk]) == ServerLimits(), "\(junk)")
        }
    }
}

/// The header timeout on an embedded channel, whose clock the test moves.
@Suite struct HeaderTimeoutHandlerTests {
    let channel = EmbeddedChannel()
    let loop: EmbeddedEventLoop

    init() throws {
        loop = channel.embeddedEventLoop
        try channel.pipeline.syncOperations.addHandler(HeaderTimeoutHandler(timeout: .seconds(10)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
    }

    /// What a read from the socket looks like after the decoder: the parts it completed, then "read complete".
    func read(_ parts: HTTPRequestPart...) throws {
        for part in parts { try channel.writeInbound(part) }
        channel.pipeline.fireChannelReadComplete()
    }

    func respond() throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/"))

    @Test func bytesThatNeverBecomeAHeadAreClosedAfterTheTimeout() throws {
        try read()
        loop.advanceTime(by: .seconds(9))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func aConnectionThatSendsNothingIsLeftToTheIdleTimeout() throws {
        loop.advanceTime(by: .seconds(30))
        #expect(channel.isActive)
    }

    @Test func aHeadStopsTheClockAndALongResponseIsNotCut() throws {
        try read()
        loop.advanceTime(by: .seconds(5))
        try read(Self.head, .end(nil))
        // More bytes while the answer is being sent (the events stream, or a pipelined request).
        try read()
        loop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        try respond()
        loop.advanceTime(by: .seconds(60))
        #expect(channel.isActive, "quiet after its answer: the idle timeout's business")
        try read()
        loop.advanceTime(by: .seconds(10))
        #expect(!channel.isActive, "the next request's head did not arrive")
    }
}
