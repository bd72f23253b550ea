import CCurlShim
import CLibCurl
import Foundation
import GalgenCore
import Synchronization

/// One request on a `CurlSession`: its easy handle and what libcurl's callbacks collect. The
/// head goes to the task that asked once its header block ends; the body follows as a stream.
/// Everything but `cancel()` runs on the session's thread.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private let wake: @Sendable () -> Void
    private let cancelled = Atomic(false)
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var head: CheckedContinuation<HTTPResponse, any Error>?
    private let body: AsyncThrowingStream<[UInt8], any Error>
    private let bodyInput: AsyncThrowingStream<[UInt8], any Error>.Continuation
    private var status = 0
    private var headers: [(String, String)] = []
    private var headDelivered = false
    /// The idle clock (`download.timeout`) starts once the request is sent (connecting has
    /// its own timeout) and restarts with every byte of the response.
    private let idleLimit: Duration
    private var lastActivity: ContinuousClock.Instant?
    private var idledOut = false

    init(_ request: HTTPRequest, options: CurlSession.Options, wake: @escaping @Sendable () -> Void) throws {
        guard let easy = curl_easy_init() else { throw CurlFailure(code: CURLE_OUT_OF_MEMORY.rawValue, message: "libcurl could not start a transfer") }
        self.easy = easy
        self.wake = wake
        idleLimit = .seconds(options.idleTimeoutSeconds)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        (body, bodyInput) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        bodyInput.onTermination = { [weak self] termination in
            // The reader left before the end (a size cap, a redirect's body): stop receiving.
            if case .cancelled = termination { self?.cancel() }
        }
        for (name, value) in request.headers {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        try configure(request.url, options: options)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Stops the transfer at libcurl's next progress callback (within a second, sooner when woken).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        wake()
    }

    func awaitHead(_ continuation: CheckedContinuation<HTTPResponse, any Error>) { head = continuation }

    private func configure(_ url: String, options: CurlSession.Options) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var results = [
            galgen_curl_set_string(easy, CURLOPT_URL, url),
            // Redirects are RedirectPolicy's to follow, to http and https only; no proxy, as before.
            galgen_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            galgen_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            galgen_curl_set_string(easy, CURLOPT_PROXY, ""),
            galgen_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            galgen_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutSeconds * 1000),
            galgen_curl_set_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList)),
            galgen_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)),
            galgen_curl_set_data_callback(easy, CURLOPT_HEADERFUNCTION, Self.headerCallback),
            galgen_curl_set_pointer(easy, CURLOPT_HEADERDATA, context),
            galgen_curl_set_data_callback(easy, CURLOPT_WRITEFUNCTION, Self.writeCallback),
            galgen_curl_set_pointer(easy, CURLOPT_WRITEDATA, context),
            galgen_curl_set_progress_callback(easy, Self.progressCallback),
            galgen_curl_set_pointer(easy, CURLOPT_XFERINFODATA, context),
            galgen_curl_set_long(easy, CURLOPT_NOPROGRESS, 0),
        ]
        if let roots = options.extraTrustRoots {
            // The extra authorities, and the system's hashed ones beside them.
            results.append(galgen_curl_set_string(easy, CURLOPT_CAINFO, roots))
            if FileManager.default.fileExists(atPath: "/etc/ssl/certs") {
                results.append(galgen_curl_set_string(easy, CURLOPT_CAPATH, "/etc/ssl/certs"))
            }
        }
        if let failed = results.first(where: { $0 != CURLE_OK }) {
            throw CurlFailure(code: failed.rawValue, message: "libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
        }
    }

    /// Called once with libcurl's result; the transfer is over.
    func finish(_ code: CURLcode) {
        if code == CURLE_OK {
            if !headDelivered { deliverHead() }
            bodyInput.finish()
            return
        }
        let error: any Error
        if idledOut {
            error = CurlFailure(code: CURLE_OPERATION_TIMEDOUT.rawValue, message: "no data for \(idleLimit)", idle: true)
        } else if isCancelled {
            error = CancellationError()
        } else {
            error = failure(code)
        }
        head?.resume(throwing: error)
        head = nil
        bodyInput.finish(throwing: error)
    }

    private func failure(_ code: CURLcode) -> CurlFailure {
        var systemError = 0
        _ = galgen_curl_get_long(easy, CURLINFO_OS_ERRNO, &systemError)
        let buffered = String(cString: errorBuffer)
        let message = buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
        return CurlFailure(code: code.rawValue, message: message, systemError: Int32(truncatingIfNeeded: systemError))
    }

    private func deliverHead() {
        headDelivered = true
        head?.resume(returning: HTTPResponse(head: HTTPHead(status: status, headers: headers), body: body))
        head = nil
    }

    /// One header line; an empty one ends a block. A 1xx block is followed by the real one.
    private func headerLine(_ bytes: UnsafeRawBufferPointer) {
        lastActivity = .now
        guard !headDelivered else { return }  // trailers after a chunked body
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            let words = line.split(separator: " ", maxSplits: 2)
            status = words.count > 1 ? Int(words[1]) ?? 0 : 0
            headers = []
        } else if line.isEmpty {
            if status >= 200 { deliverHead() }
        } else if let colon = line.firstIndex(of: ":") {
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
    }

    /// Body bytes: a copy into the stream; 0 (libcurl stops) once cancelled or unread.
    private func received(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        if !headDelivered { deliverHead() }
        guard !isCancelled else { return 0 }
        if case .terminated = bodyInput.yield(Array(bytes)) { return 0 }
        return bytes.count
    }

    private static let headerCallback: galgen_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        transfer.headerLine(UnsafeRawBufferPointer(start: data, count: size * count))
        return size * count
    }

    private static let writeCallback: galgen_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        return transfer.received(UnsafeRawBufferPointer(start: data, count: size * count))
    }

    private static let progressCallback: galgen_curl_progress_callback = { context, _, _, _, _ in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().shouldStop() ? 1 : 0
    }

    /// libcurl asks several times a second: true stops the transfer (cancelled, or idle too long).
    private func shouldStop() -> Bool {
        if isCancelled { return true }
        let now = ContinuousClock.now
        guard let last = lastActivity else {
            var sent: curl_off_t = 0
            if galgen_curl_get_off(easy, CURLINFO_PRETRANSFER_TIME_T, &sent) == CURLE_OK, sent > 0 { lastActivity = now }
            return false
        }
        if now - last > idleLimit { idledOut = true }
        return idledOut
    }
}
