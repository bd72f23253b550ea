/// An image read once, from the top, a row at a time: a JPEG being decoded, so that the whole
/// decoded image is never in memory at once.
public protocol RowSource {
    var width: Int { get }
    var height: Int { get }
    var layout: PixelBuffer.Layout { get }
    /// Writes the next `count` rows (width × channels bytes each, one after another) into `rows`.
    mutating func read(into rows: UnsafeMutablePointer<UInt8>, count: Int) throws
}

/// The last rows read from a source, in a ring of slots: asking for row y reads on up to y (a few
/// rows at a time, which saves calls into the decoder), and older rows are overwritten. Rows must
/// be asked for in rising order, each at most `window` - 1 rows behind the newest asked for.
final class RowWindow<Source: RowSource> {
    private var source: Source
    /// Rows read at once, beyond the window, when they are not boxed.
    static var readAhead: Int { 8 }
    let capacity: Int
    let rowBytes: Int
    private let slots: UnsafeMutablePointer<UInt8>
    private var read = 0
    /// Box averaging on the way in: this many source rows and columns make one row and pixel.
    private let boxX: Int, boxY: Int
    private var boxRows: [UInt8] = []
    private var boxSums: [UInt32] = []

    init(_ source: Source, window: Int, boxX: Int = 1, boxY: Int = 1) {
        self.source = source
        self.capacity = max(1, window) + Self.readAhead
        self.boxX = boxX
        self.boxY = boxY
        rowBytes = BoxReduction.size(source.width, by: boxX) * source.layout.rawValue
        slots = .allocate(capacity: self.capacity * rowBytes)
        if boxX > 1 || boxY > 1 {
            boxRows = [UInt8](repeating: 0, count: boxY * source.width * source.layout.rawValue)
            boxSums = [UInt32](repeating: 0, count: source.width * source.layout.rawValue)
        }
    }

    deinit { slots.deallocate() }

    /// Row `y` (of the boxed image, if boxed); valid until `capacity` more rows are read.
    func row(_ y: Int) throws -> UnsafePointer<UInt8> {
        while read <= y {
            read += try fill(slot: read % capacity)
        }
        return UnsafePointer(slots + (y % capacity) * rowBytes)
    }

    /// Reads into the ring from `slot` on; returns how many rows it read.
    private func fill(slot: Int) throws -> Int {
        let target = slots + slot * rowBytes
        if boxX == 1 && boxY == 1 {
            let count = min(Self.readAhead, source.height - read, capacity - slot)
            try source.read(into: target, count: count)
            return count
        }
        let count = min(boxY, source.height - read * boxY)
        try boxRows.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, count: count) }
        boxRows.withUnsafeBufferPointer { rows in
            BoxReduction.reduceRows(rows.baseAddress!, count: count, width: source.width, channels: source.layout.rawValue,
                                    byX: boxX, sums: &boxSums, into: target)
        }
        return 1
    }
}
