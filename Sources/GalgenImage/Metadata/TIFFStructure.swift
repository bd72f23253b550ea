import GalgenCore

/// One TIFF structure (an EXIF block, an MPF index, a maker note), read with bounds checks: the
/// one reader of IFDs and their values, for the photo's facts (`EXIFSummary`), its location
/// (`TIFFLocation`) and its Live Photo identifier (`AppleMakerNote`). Offsets in the structure
/// count from its first byte; an `Entry.at` is an index in `bytes`.
struct TIFFStructure {
    let bytes: ArraySlice<UInt8>
    let littleEndian: Bool
    /// Where IFD0 is, relative to the structure (0 when the byte order was given, not read).
    let firstIFD: Int

    /// One 12-byte IFD entry: tag, type, count, then the value inline (4 bytes or fewer) or its offset.
    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        /// Where the entry starts (an absolute index in `bytes`).
        var at: Int
    }

    /// A structure with its header (`II*\0` or `MM\0*`, then IFD0's offset); nil without one.
    init?(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        switch (bytes.bigEndian(at: bytes.startIndex, 2), bytes.bigEndian(at: bytes.startIndex + 2, 2)) {
        case (0x4949, 0x2A00): littleEndian = true
        case (0x4D4D, 0x002A): littleEndian = false
        default: return nil
        }
        guard let first = littleEndian ? bytes.littleEndian(at: bytes.startIndex + 4, 4) : bytes.bigEndian(at: bytes.startIndex + 4, 4)
        else { return nil }
        firstIFD = first
    }

    /// A structure without a header, in a known byte order (a maker note's IFD).
    init(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) {
        self.bytes = bytes
        self.littleEndian = littleEndian
        firstIFD = 0
    }

    func number(at absolute: Int, _ length: Int) -> Int? {
        littleEndian ? bytes.littleEndian(at: absolute, length) : bytes.bigEndian(at: absolute, length)
    }

    /// The absolute index of a structure-relative offset, when it lies inside.
    func absolute(_ offset: Int) -> Int? {
        offset >= 0 && offset < bytes.count ? bytes.startIndex + offset : nil
    }

    func contains(_ offset: Int) -> Bool { absolute(offset) != nil }

    /// The entries of the IFD at `offset`, or nil when they do not all lie inside.
    func entries(at offset: Int) -> [Entry]? {
        guard let start = absolute(offset), let count = number(at: start, 2),
              start + 2 + count * 12 <= bytes.endIndex else { return nil }
        return (0..<count).map { entry(at: start + 2 + $0 * 12) }
    }

    /// The entries of the IFD at `offset` that lie wholly inside, at most `limit`: a damaged IFD
    /// gives what can be read of it.
    func leadingEntries(at offset: Int, limit: Int) -> [Entry] {
        guard let start = absolute(offset), let count = number(at: start, 2) else { return [] }
        var entries: [Entry] = []
        for index in 0..<min(count, limit) {
            let at = start + 2 + index * 12
            guard at <= bytes.endIndex - 12 else { break }
            entries.append(entry(at: at))
        }
        return entries
    }

    private func entry(at: Int) -> Entry {
        Entry(tag: number(at: at, 2) ?? 0, type: number(at: at + 2, 2) ?? 0, count: number(at: at + 4, 4) ?? 0, at: at)
    }

    /// The offset of the IFD chained after the one at `offset`; nil when the pointer itself is missing.
    func next(after offset: Int, count: Int) -> Int? {
        absolute(offset).flatMap { number(at: $0 + 2 + count * 12, 4) }
    }

    /// Where an entry's values lie (inline or at its offset) when they are of `size` bytes each
    /// and all inside; nil otherwise.
    func values(_ entry: Entry, size: Int) -> Range<Int>? {
        guard Self.unitSize(entry.type) == size else { return nil }
        let total = entry.count * size
        guard total <= bytes.count else { return nil }
        if total <= 4 { return (entry.at + 8)..<(entry.at + 8 + total) }
        guard let offset = number(at: entry.at + 8, 4), let start = absolute(offset), start <= bytes.endIndex - total else {
            return nil
        }
        return start..<(start + total)
    }

    /// Bytes per value of each TIFF type (nil for unknown types).
    static func unitSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }
}

/// The values the photo's facts read, each nil when it is missing, empty or out of range.
extension TIFFStructure {
    /// Where the entry's whole value starts, if it has one and all of it lies inside.
    func valueStart(_ entry: Entry) -> Int? {
        guard entry.count > 0, let size = Self.unitSize(entry.type) else { return nil }
        return values(entry, size: size)?.lowerBound
    }

    /// The first LONG at the entry's value field, whatever its type says: a pointer to an IFD as
    /// lenient readers follow it.
    func pointer(_ entry: Entry) -> Int? { number(at: entry.at + 8, 4) }

    /// The first SHORT at the entry's value field (orientation).
    func short(_ entry: Entry) -> Int? { number(at: entry.at + 8, 2) }

    /// An ASCII (or BYTE/UNDEFINED) value up to its first NUL, at most `limit` bytes, whitespace
    /// trimmed; nil if empty. Bytes that are not UTF-8 are read as Latin-1.
    func string(_ entry: Entry, limit: Int) -> String? {
        guard [1, 2, 7].contains(entry.type), let start = valueStart(entry) else { return nil }
        let end = start + min(entry.count, limit)
        let raw = bytes[start..<end].prefix { $0 != 0 }
        var text = String(decoding: raw, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") {
            text = String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
        }
        let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The `index`-th RATIONAL (or positive SRATIONAL) of the entry; nil for a zero numerator or denominator.
    func rational(_ entry: Entry, index: Int = 0) -> PhotoFacts.Rational? {
        guard entry.type == 5 || entry.type == 10, index < entry.count, let start = valueStart(entry),
              let numerator = number(at: start + index * 8, 4), let denominator = number(at: start + index * 8 + 4, 4)
        else { return nil }
        if entry.type == 10, Int32(truncatingIfNeeded: numerator) < 0 || Int32(truncatingIfNeeded: denominator) < 0 { return nil }
        guard numerator != 0, denominator != 0 else { return nil }
        return PhotoFacts.Rational(UInt32(numerator), UInt32(denominator))
    }

    /// The first SRATIONAL (or RATIONAL) of the entry as a number, zero included; nil for a zero denominator.
    func signedRational(_ entry: Entry) -> Double? {
        guard entry.type == 5 || entry.type == 10, entry.count > 0, let start = valueStart(entry),
              let numerator = number(at: start, 4), let denominator = number(at: start + 4, 4), denominator != 0
        else { return nil }
        guard entry.type == 10 else { return Double(numerator) / Double(denominator) }
        return Double(Int32(truncatingIfNeeded: numerator)) / Double(Int32(truncatingIfNeeded: denominator))
    }

    /// The first SHORT or LONG of the entry; nil when zero.
    func unsigned(_ entry: Entry) -> Int? {
        guard let start = valueStart(entry) else { return nil }
        let value: Int?
        switch entry.type {
        case 3: value = number(at: start, 2)
        case 4: value = number(at: start, 4)
        default: return nil
        }
        return value == 0 ? nil : value
    }
}
