import Foundation
import Synchronization

/// File stamps by name, in a small text file: `size modified inode device name` per line (the
/// name last, so it may hold spaces). What the content store and the site writer recorded
/// when they wrote their files, to tell later whether anyone changed them.
/// The file is read once (`prefetch` starts that early) and what it holds is kept in memory.
public final class StampFile: Sendable {
    public let path: String
    private let known = Mutex<[String: FileStamp]?>(nil)

    public init(path: String) {
        self.path = path
    }

    /// Reads the file on another thread, so it overlaps with other start-up work.
    public func prefetch() {
        DispatchQueue.global().async { _ = self.read() }
    }

    /// The stamps in the file, read once and then kept (for readers that share it).
    public func read() -> [String: FileStamp] {
        known.withLock { known in
            if known == nil { known = load() }
            return known!
        }
    }

    /// The stamps in the file, read now and not kept (for an owner that keeps its own table);
    /// none when it is missing. An unreadable line is skipped (its file then counts as changed).
    public func load() -> [String: FileStamp] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var stamps: [String: FileStamp] = [:]
        for line in Array(data).split(separator: UInt8(ascii: "\n")) {
            if let (name, stamp) = Self.parse(line) { stamps[name] = stamp }
        }
        return stamps
    }

    /// One line's name and stamp, or nil when it is not `size modified inode device name`.
    static func parse(_ line: ArraySlice<UInt8>) -> (name: String, stamp: FileStamp)? {
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, let size = number(fields[0]), let modified = number(fields[1]),
              let inode = number(fields[2]), let device = number(fields[3]), !fields[4].isEmpty else { return nil }
        return (String(decoding: fields[4], as: UTF8.self),
                FileStamp(size: size, modified: modified, inode: UInt64(bitPattern: inode), device: UInt64(bitPattern: device)))
    }

    /// The line `parse` reads back.
    static func line(_ name: String, _ stamp: FileStamp) -> String {
        var bytes: [UInt8] = []
        append(name, stamp, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `line`, appended to `bytes`.
    static func append(_ name: String, _ stamp: FileStamp, to bytes: inout [UInt8]) {
        for number in [stamp.size, stamp.modified, Int64(bitPattern: stamp.inode), Int64(bitPattern: stamp.device)] {
            appendDecimal(number, to: &bytes)
            bytes.append(UInt8(ascii: " "))
        }
        bytes += name.utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Replaces the file (atomically) with these stamps, in name order.
    public func write(_ stamps: [String: FileStamp], temporaries: TemporaryFiles) throws {
        let loaded = known.withLock { $0 != nil }
        try write(inOrder: stamps.sorted(byText: \.key).lazy.map { (name: $0.key, stamp: $0.value) }, temporaries: temporaries)
        // Readers that share the file see what it now holds.
        if loaded { known.withLock { $0 = stamps } }
    }

    /// Replaces the file (atomically) with `stamps`, given in name order (`TextOrder`), a piece
    /// at a time (`PiecewiseFile`): a site's 300,000 stamps were a table, its sorted copy and a
    /// 24 MB array at once, at the top of a merge's memory. A reader reads the file again.
    public func write(inOrder stamps: some Sequence<(name: String, stamp: FileStamp)>, temporaries: TemporaryFiles) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PiecewiseFile.write(path, temporaries: temporaries) { write in
            // Bytes, line by line into one piece: a string per line and their join were most of a
            // merge's time to record 30,000 files' stamps.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Self.pieceSize + 4096)
            for (name, stamp) in stamps {
                Self.append(name, stamp, to: &bytes)
                if bytes.count >= Self.pieceSize {
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            try write(bytes)
        }
        known.withLock { $0 = nil }
    }

    static let pieceSize = 1 << 16

    /// `number` in decimal, `-` first when negative, without making a String of it.
    static func appendDecimal(_ number: Int64, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // Its magnitude as unsigned, so Int64.min has one too; its digits last first, then turned.
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// A decimal number, without making a String of it (a stamps file has thousands). It may be
    /// negative: a folder's listing stamp holds a 64-bit hash, and an inode or device number past
    /// 2⁶³ is written as its bit pattern.
    static func number(_ text: ArraySlice<UInt8>) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            // Summed towards the sign, so Int64.min (whose magnitude has no positive Int64) reads too.
            let (sum, carried) = negative ? times.subtractingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
                : times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !carried else { return nil }
            value = sum
        }
        return value
    }
}
