import Foundation

/// HTTP/1.1 over a plain socket, with the request target sent byte for byte: URL libraries
/// normalise `..` and percent-escapes away, which would hide exactly what the probes test.
enum RawHTTP {
    struct Response {
        var status: Int
        /// Lower-cased names.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error { case connect(Int32), timeout, malformed(String) }

    static func request(port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:],
                        host: String? = nil, timeout: Duration = .seconds(10)) throws -> Response {
        let connection = try Connection(port: port)
        defer { connection.close() }
        try connection.send(method: method, target: target, headers: headers, host: host ?? "127.0.0.1:\(port)", close: true)
        let raw = try connection.readToEnd(timeout: timeout)
        return try parse(raw, method: method)
    }

    static func parse(_ raw: [UInt8], method: String) throws -> Response {
        guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure.malformed(String(decoding: raw, as: UTF8.self)) }
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure.malformed(head[0]) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        if method == "HEAD" { body = [] }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var rest = bytes[...]
        while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)),
              let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16),
              size > 0 {
            let start = lineEnd.upperBound
            output += rest[start..<min(start + size, rest.endIndex)]
            rest = rest[min(start + size + 2, rest.endIndex)...]
        }
        return output
    }

    /// One TCP connection to 127.0.0.1.
    final class Connection {
        private let socketFD: Int32

        init(port: Int) throws {
            socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let code = errno
                Glibc.close(socketFD)
                throw Failure.connect(code)
            }
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        func send(method: String, target: String, headers: [String: String], host: String, close: Bool) throws {
            var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
            if close { request += "Connection: close\r\n" }
            request += "\r\n"
            try send(request)
        }

        /// Exactly these bytes (a request cut short, say).
        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Failure.connect(errno) }
                sent += count
            }
        }

        /// Whatever arrives within 200 ms; empty on a timeout, nil once the peer closed.
        func readSome() -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(socketFD, $0.baseAddress, $0.count) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return [] }
            return nil
        }

        func readToEnd(timeout: Duration = .seconds(10)) throws -> [UInt8] {
            let deadline = ContinuousClock.now + timeout
            var all: [UInt8] = []
            while ContinuousClock.now < deadline {
                guard let bytes = readSome() else { return all }
                all += bytes
            }
            throw Failure.timeout
        }

        /// How long until the peer closes the connection; nil if it is still open after `timeout`.
        func closedByPeer(within timeout: Duration) -> Duration? {
            let start = ContinuousClock.now
            while ContinuousClock.now - start < timeout {
                if readSome() == nil { return ContinuousClock.now - start }
            }
            return nil
        }

        func close() { Glibc.close(socketFD) }
    }
}

/// A server-sent-events stream read as text.
final class EventStream {
    private let connection: RawHTTP.Connection
    private(set) var text = ""

    init(port: Int, path: String = "/__galgen/events", headers: [String: String] = [:]) throws {
        connection = try RawHTTP.Connection(port: port)
        try connection.send(method: "GET", target: path, headers: headers, host: "127.0.0.1:\(port)", close: false)
    }

    /// The `data:` of every `state` event received so far, decoded.
    var states: [[String: String]] {
        text.components(separatedBy: "event: state\n").dropFirst().compactMap { block in
            guard let line = block.split(separator: "\n").first, line.hasPrefix("data: ") else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: String]
        }
    }

    /// Reads until `condition` holds for the states so far; false after `timeout`.
    func wait(timeout: Duration = .seconds(15), until condition: ([[String: String]]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(states) { return true }
            guard let bytes = connection.readSome() else { return condition(states) }
            text += String(decoding: bytes, as: UTF8.self)
            await Task.yield()
        }
        return condition(states)
    }

    func close() { connection.close() }
}
