import CCurlShim
import CLibCurl
import Foundation
import Synchronization

/// One libcurl multi handle and the thread that drives it. Every transfer of a batch runs on it,
/// so connections are reused and at most `perHost` are open to a host; libcurl's callbacks run on
/// that thread only. `shutdown()` ends the thread once the batch's transfers are over.
final class CurlSession: Sendable {
    struct Options: Sendable {
        var connectTimeoutSeconds: Int
        /// A transfer that receives nothing for this long once its request is sent fails (`download.timeout`).
        var idleTimeoutSeconds: Int
        var perHost: Int
        /// Extra certificate authorities (a PEM file), trusted besides the system's.
        var extraTrustRoots: String?
    }

    let options: Options
    private let multi: Handle
    private let inbox = Mutex(Inbox())

    private struct Inbox {
        var adding: [CurlTransfer] = []
        var stopped: CheckedContinuation<Void, Never>?
        var stopping = false
    }

    /// libcurl's handles are plain pointers; each is used by the session's thread only, but for
    /// `curl_multi_wakeup`, which libcurl allows from any thread.
    struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    init(_ options: Options) {
        Self.globalSetUp
        self.options = options
        multi = Handle(pointer: curl_multi_init())
        _ = galgen_curl_multi_set_long(multi.pointer, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, options.perHost))
        let thread = Thread { [self] in run() }
        thread.name = "galgen curl"
        thread.start()
    }

    /// `curl_global_init`, once per process, before any handle (thread-safe in libcurl 7.84 and later).
    private static let globalSetUp: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Sends `request`; returns when its head has arrived. Cancelling the task stops the transfer.
    func execute(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = try CurlTransfer(request, options: options, wake: { [multi] in curl_multi_wakeup(multi.pointer) })
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.awaitHead(continuation)
                inbox.withLock { $0.adding.append(transfer) }
                curl_multi_wakeup(multi.pointer)
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// Ends the session's thread; transfers still running are stopped.
    func shutdown() async {
        await withCheckedContinuation { continuation in
            inbox.withLock {
                $0.stopping = true
                $0.stopped = continuation
            }
            curl_multi_wakeup(multi.pointer)
        }
    }

    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (adding, stopping) = inbox.withLock { inbox in
                defer { inbox.adding = [] }
                return (inbox.adding, inbox.stopping)
            }
            for transfer in adding {
                if transfer.isCancelled {
                    transfer.finish(CURLE_ABORTED_BY_CALLBACK)
                } else {
                    active[transfer.easy] = transfer
                    curl_multi_add_handle(multi.pointer, transfer.easy)
                }
            }
            if stopping {
                active.values.forEach { $0.cancel() }
                if active.isEmpty { break }
            }
            var running: Int32 = 0
            curl_multi_perform(multi.pointer, &running)
            collectFinished(&active)
            curl_multi_poll(multi.pointer, nil, 0, 250, nil)
        }
        curl_multi_cleanup(multi.pointer)
        inbox.withLock { $0.stopped }?.resume()
    }

    private func collectFinished(_ active: inout [UnsafeMutableRawPointer: CurlTransfer]) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi.pointer, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = active.removeValue(forKey: easy)
            else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi.pointer, easy)
            transfer.finish(code)
        }
    }
}
