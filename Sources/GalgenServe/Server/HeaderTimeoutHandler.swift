import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head has not all arrived `timeout` after the bytes that
/// began it. Hummingbird's idle timeout cannot tell this apart: it counts from the connection's
/// last complete request part, so it would close a quiet keep-alive connection as soon as a
/// stalled one, or leave both open as long.
///
/// It sits after the HTTP decoder (in `HTTP1Channel`'s additional handlers), where a head is a
/// `.head` part and every read from the socket, whether or not it completed one, is a
/// `channelReadComplete`. So: bytes read while no request is in progress start the clock; a head
/// stops it; the clock does not run again until every response has ended.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    /// Heads read whose response has not ended yet.
    private var requestsInProgress = 0
    private var deadline: Scheduled<Void>?

    init(timeout: Duration) {
        self.timeout = TimeAmount(timeout)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            requestsInProgress += 1
            stopClock()
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if requestsInProgress == 0 && deadline == nil {
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
                deadline = nil
                context.close(promise: nil)
            }
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An error answer (400 for a head that cannot be parsed) ends a response no head began.
        if case .end = unwrapOutboundIn(data) { requestsInProgress = max(0, requestsInProgress - 1) }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopClock()
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
    }
}
