import Foundation
import NIOCore

/// What the listening socket does when `accept` fails. Out of file descriptors (`EMFILE`,
/// `ENFILE`) or kernel memory, NIO reports the error and tries again at once, in a busy loop (a
/// core at 100%), and nothing more is answered until some connection closes by itself (the build
/// cannot open its files either). Instead, this lowers the connection cap and closes the
/// connections idle longest (`ConnectionTable.descriptorsRanOut`), and accepts again once they
/// have closed, or after `retryDelay` when none was idle. A client that left before it was
/// accepted (`ECONNABORTED`) is no error at all. Other errors go on to Hummingbird.
///
/// It goes first in the server channel's pipeline, so it sees errors before Hummingbird does and
/// the accepts it holds back are the last word.
final class AcceptErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    /// Idle connections closed at least each time descriptors run out: room for the connection
    /// waiting and for the files its answer opens.
    static let evictedPerShortage = 8
    static let retryDelay = TimeAmount.milliseconds(100)

    private let connections: ConnectionTable
    private var paused = false
    private var readWanted = false
    private var removed = false

    init(connections: ConnectionTable) {
        self.connections = connections
    }

    static func isShortage(_ code: Int32) -> Bool {
        [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let code = (error as? IOError)?.errnoCode else { return context.fireErrorCaught(error) }
        if code == ECONNABORTED { return }
        guard Self.isShortage(code) else { return context.fireErrorCaught(error) }
        pause(context: context, until: connections.descriptorsRanOut(closingAtLeast: Self.evictedPerShortage))
    }

    func read(context: ChannelHandlerContext) {
        if paused { readWanted = true } else { context.read() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
    }

    private func pause(context: ChannelHandlerContext, until closes: [EventLoopFuture<Void>]) {
        guard !paused else { return }
        paused = true
        let loop = context.eventLoop
        let freed = closes.isEmpty
            ? loop.scheduleTask(in: Self.retryDelay) {}.futureResult
            : EventLoopFuture.andAllComplete(closes, on: loop)
        freed.hop(to: loop).assumeIsolated().whenComplete { [self] _ in
            paused = false
            guard readWanted, !removed else { return }
            readWanted = false
            context.read()
        }
    }
}
