import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head has not all arrived `timeout` after it was accepted,
/// or after the bytes that began a later request. Hummingbird's idle timeout cannot tell this
/// apart: it counts from the connection's last complete request part, so it would close a quiet
/// keep-alive connection as soon as a stalled one, or leave both open as long.
///
/// It sits after the HTTP decoder (in `HTTP1Channel`'s additional handlers), where a head is a
/// `.head` part and every read from the socket, whether or not it completed one, is a
/// `channelReadComplete`. So: the connection's start, and bytes read while no request is in
/// progress, start the clock; a head stops it; the clock does not run again until every response
/// has ended. It also tells `connections` when the connection opens, becomes busy and is idle
/// again, so the server can close the connection idle longest when it is full.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let connections: ConnectionTable?
    /// Heads read whose response has not ended yet.
    private var requestsInProgress = 0
    private var deadline: Scheduled<Void>?

    init(timeout: Duration, connections: ConnectionTable? = nil) {
        self.timeout = TimeAmount(timeout)
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Added as the connection is accepted: its first request has `timeout` to arrive.
        connections?.opened(context.channel)
        startClock(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            requestsInProgress += 1
            connections?.requestStarted(on: context.channel)
            stopClock()
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if requestsInProgress == 0 { startClock(context: context) }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An error answer (400 for a head that cannot be parsed) ends a response no head began.
        if case .end = unwrapOutboundIn(data), requestsInProgress > 0 {
            requestsInProgress -= 1
            connections?.responseEnded(on: context.channel)
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopClock()
    }

    private func startClock(context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            deadline = nil
            context.close(promise: nil)
        }
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
    }
}
