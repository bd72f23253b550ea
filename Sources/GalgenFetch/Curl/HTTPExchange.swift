import GalgenCore

/// One request as `Transfer` makes it: the URL and the headers, in the order they are sent.
struct HTTPRequest: Sendable {
    var url: String
    var headers: [(name: String, value: String)] = []
}

/// A response's head, then its body as it arrives. Leaving the body before its end stops the transfer.
struct HTTPResponse: Sendable {
    var head: HTTPHead
    var body: AsyncThrowingStream<[UInt8], any Error>
}

/// A transfer that libcurl ended with an error: its code, its words (the error buffer, else
/// `curl_easy_strerror`), and the system's errno of the last connection attempt.
struct CurlFailure: Error, Sendable, CustomStringConvertible {
    var code: UInt32
    var message: String
    var systemError: Int32 = 0
    /// Stopped by `CurlTransfer`'s own idle clock (`download.timeout` without a byte), not by libcurl.
    var idle = false

    var description: String { message }
}
