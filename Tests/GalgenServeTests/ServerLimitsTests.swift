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

    @Test func theDefaultsAreFiveSecondsForAHeadAndAMinuteIdle() {
        let limits = ServerLimits(openFiles: 20_000)
        #expect(limits.headerTimeout == .seconds(5) && limits.idleTimeout == .seconds(60))
    }

    @Test func testsMayShortenTheTimeoutsThroughTheEnvironment() {
        let limits = ServerLimits().overridden(by: ["GALGEN_SERVE_HEADER_TIMEOUT": "0.5", "GALGEN_SERVE_IDLE_TIMEOUT": "3"])
        #expect(limits.headerTimeout == .milliseconds(500) && limits.idleTimeout == .seconds(3))
        #expect(limits.maxConnections == ServerLimits().maxConnections)
        for junk in ["", "0", "-1", "ten", "nan", "inf", "1e300"] {
            #expect(ServerLimits().overridden(by: ["GALGEN_SERVE_HEADER_TIMEOUT": junk]) == ServerLimits(), "\(junk)")
        }
    }

    @Test func testsMaySetTheConnectionCapThroughTheEnvironment() {
        #expect(ServerLimits().overridden(by: ["GALGEN_SERVE_MAX_CONNECTIONS": "1000"]).maxConnections == 1000)
        for junk in ["", "0", "-5", "1.5", "many", "100001"] {
            #expect(ServerLimits().overridden(by: ["GALGEN_SERVE_MAX_CONNECTIONS": junk]) == ServerLimits(), "\(junk)")
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

    /// It was left to the 60 s idle timeout: hundreds of them took every connection slot for a minute.
    @Test func aConnectionThatSendsNothingIsClosedAfterTheTimeoutToo() throws {
        loop.advanceTime(by: .seconds(9))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
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

/// Connections tell the table when they open, answer and go idle; at capacity it closes the one
/// idle longest (here on embedded channels: the test runs every event loop).
@Suite struct ConnectionTableTests {
    let table = ConnectionTable(capacity: 3)

    func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(HeaderTimeoutHandler(timeout: .seconds(10), connections: table))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return channel
    }

    @Test func atCapacityTheConnectionIdleLongestIsClosedAndOneAnsweringIsNot() throws {
        let events = try connection()
        try events.writeInbound(HeaderTimeoutHandlerTests.head)
        let silent = try connection()
        let newest = try connection()
        #expect(!silent.isActive && events.isActive && newest.isActive)
        #expect(table.count == 2)
        let next = try connection()
        #expect(!newest.isActive && events.isActive && next.isActive, "the events stream is one response that never ends")
    }

    @Test func aClosedConnectionIsNoLongerCounted() throws {
        let one = try connection()
        _ = try connection()
        #expect(table.count == 2)
        try one.close().wait()
        one.embeddedEventLoop.run()
        #expect(table.count == 1)
    }
}
