import Foundation
import NIOCore
import NIOEmbedded
import Testing
@testable import GalgenServe

/// The listening channel after a failed accept, on an embedded channel whose clock the test moves.
/// Before, the error reached Hummingbird's accept loop, which then stopped accepting for good.
@Suite struct AcceptErrorHandlerTests {
    let server = EmbeddedChannel()
    let table = ConnectionTable(capacity: 100)
    let reads = ReadCounter()

    init() throws {
        try server.pipeline.syncOperations.addHandler(reads)
        try server.pipeline.syncOperations.addHandler(AcceptErrorHandler(connections: table))
    }

    /// An accepted connection as the table sees it; `busy` has a request in progress.
    func connection(busy: Bool = false) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(loop: server.embeddedEventLoop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        table.opened(channel)
        if busy { table.requestStarted(on: channel) }
        return channel
    }

    func acceptFails(_ code: Int32) {
        server.pipeline.syncOperations.fireErrorCaught(IOError(errnoCode: code, reason: "accept"))
    }

    @Test func outOfDescriptorsItClosesIdleConnectionsAndGoesOnAccepting() throws {
        let idle = try (0..<3).map { _ in try connection() }
        let answering = try connection(busy: true)
        acceptFails(EMFILE)
        #expect(throws: Never.self) { try server.throwIfErrorCaught() }
        #expect(idle.allSatisfy { !$0.isActive } && answering.isActive)
        server.embeddedEventLoop.run()
        server.read()
        #expect(reads.count == 1, "accepts again once the idle connections closed")
    }

    @Test func withNothingIdleToCloseItWaitsBeforeAcceptingAgain() throws {
        let answering = try connection(busy: true)
        acceptFails(ENFILE)
        server.read()
        #expect(reads.count == 0, "a retry at once would fail again, in a busy loop")
        server.embeddedEventLoop.advanceTime(by: AcceptErrorHandler.retryDelay)
        #expect(reads.count == 1 && answering.isActive)
        #expect(throws: Never.self) { try server.throwIfErrorCaught() }
    }

    @Test func aClientThatLeftBeforeItWasAcceptedIsNoError() throws {
        acceptFails(ECONNABORTED)
        #expect(throws: Never.self) { try server.throwIfErrorCaught() }
        server.read()
        #expect(reads.count == 1)
    }

    @Test func otherErrorsGoOn() {
        acceptFails(EBADF)
        #expect(throws: IOError.self) { try server.throwIfErrorCaught() }
    }
}

/// Counts the reads that reach the socket (it sits next to the head of the pipeline).
final class ReadCounter: ChannelOutboundHandler {
    typealias OutboundIn = Never
    private(set) var count = 0

    func read(context: ChannelHandlerContext) {
        count += 1
        context.read()
    }
}
