import Foundation

/// What a child writes to one pipe, kept within bounds however much it writes: the first
/// `limit` bytes (a report) or the last `limit` bytes (a log whose end says what went wrong),
/// and whole lines handed to `onLine` as they arrive (ffmpeg's `-progress`).
final class OutputCapture: @unchecked Sendable {
    enum Keep { case head, tail }

    private let limit: Int
    private let keep: Keep
    private let onLine: (@Sendable (Substring) -> Void)?
    // Touched only by the one thread that drains the pipe, then read after it is done.
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false
    private var partialLine: [UInt8] = []
    private var skippingLongLine = false

    /// A line longer than this is not a progress line: it is dropped.
    static let maxLine = 4096

    init(limit: Int, keep: Keep, onLine: (@Sendable (Substring) -> Void)? = nil) {
        self.limit = limit
        self.keep = keep
        self.onLine = onLine
    }

    /// Reads the pipe until it closes (the child ended or was killed), on a thread of its own.
    func drain(_ handle: FileHandle, then done: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                take(Array(chunk))
            }
            try? handle.close()
            done()
        }
        thread.start()
    }

    func take(_ chunk: [UInt8]) {
        switch keep {
        case .head:
            let room = max(0, limit - bytes.count)
            bytes += chunk.prefix(room)
            if chunk.count > room { overflowed = true }
        case .tail:
            bytes += chunk
            if bytes.count > limit {
                bytes.removeFirst(bytes.count - limit)
                overflowed = true
            }
        }
        if onLine != nil { split(chunk) }
    }

    private func split(_ chunk: [UInt8]) {
        var start = chunk.startIndex
        for index in chunk.indices where chunk[index] == UInt8(ascii: "\n") {
            partialLine += chunk[start..<index]
            if !skippingLongLine, partialLine.count <= Self.maxLine {
                onLine?(Substring(String(decoding: partialLine, as: UTF8.self)))
            }
            partialLine.removeAll(keepingCapacity: true)
            skippingLongLine = false
            start = index + 1
        }
        partialLine += chunk[start...]
        if partialLine.count > Self.maxLine {
            partialLine.removeAll()
            skippingLongLine = true
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
