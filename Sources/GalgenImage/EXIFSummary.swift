import GalgenCore
import GalgenJPEG
import GalgenPixels

/// The EXIF facts the image stage and the photo page need, read with bounds checks.
///
/// IFD0 gives orientation, make and model (whether it records a place is `LocationScanner`'s,
/// which reads every block, so one rule decides both the warning and the original); the Exif IFD it points to gives the
/// date taken and the exposure settings. Malformed data never crashes and never loops: every read
/// is bounds-checked, counts are capped, each IFD is read at most once, and a tag whose value is
/// out of range is simply missing while the others are kept.
public struct EXIFSummary: Equatable, Sendable {
    public var orientation: Int?
    /// Date, camera and exposure settings, for the photo page.
    public var facts = PhotoFacts()
    /// ImageDescription (IFD0, else the Exif IFD) as written, whitespace trimmed: a caption, or a camera's boilerplate
    /// (`PhotoMetadataReader` tells them apart).
    public var imageDescription: String?
    /// SubSecTimeOriginal and OffsetTimeOriginal (Exif IFD) as written: the fraction of a second
    /// (`"75"`) and the UTC offset (`"+02:00"`) of `facts.takenAt`.
    public var subSecTimeOriginal: String?
    public var offsetTimeOriginal: String?

    /// Entries read per IFD at most (real files have a few dozen).
    static let maxEntries = 512
    /// Bytes of an ASCII value kept at most.
    static let maxStringLength = 256
    /// Bytes of ImageDescription kept at most (a caption, longer than the other strings).
    static let maxDescriptionLength = 8192
    /// IFDs followed through Exif pointers at most, beyond IFD0.
    static let maxLinkedIFDs = 4

    /// Reads the EXIF of a whole JPEG file (no EXIF: an empty summary).
    public init(jpeg bytes: [UInt8]) {
        self.init(tiff: JPEGMarkers.exifPayload(in: bytes) ?? [])
    }

    /// Parses the TIFF payload of an APP1 "Exif" segment (after the "Exif\0\0" header).
    public init(tiff bytes: [UInt8]) {
        guard bytes.count >= 8 else { return }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return
        }
        let reader = TIFFReader(bytes: bytes, littleEndian: little)
        guard reader.u16(2) == 42, let ifd = reader.u32(4) else { return }
        var visited: Set<Int> = [Int(ifd)]
        var exifPointer: Int?
        for entry in reader.entries(at: Int(ifd), limit: Self.maxEntries) {
            switch entry.tag {
            case 0x0112: orientation = reader.u16(entry.offset + 8).map(Int.init)
            case 0x010F: facts.make = facts.make ?? reader.string(entry, limit: Self.maxStringLength)
            case 0x0110: facts.model = facts.model ?? reader.string(entry, limit: Self.maxStringLength)
            case 0x8769: exifPointer = exifPointer ?? reader.u32(entry.offset + 8).map(Int.init)
            case 0x010E: imageDescription = imageDescription ?? reader.string(entry, limit: Self.maxDescriptionLength)
            default: continue
            }
        }
        // The Exif IFD; a (non-standard) Exif pointer inside it is followed too, each IFD once.
        var hops = 0
        while let offset = exifPointer, hops < Self.maxLinkedIFDs, visited.insert(offset).inserted {
            hops += 1
            exifPointer = nil
            for entry in reader.entries(at: offset, limit: Self.maxEntries) {
                switch entry.tag {
                case 0x9003: facts.takenAt = facts.takenAt ?? reader.string(entry, limit: Self.maxStringLength)
                case 0x829A: facts.exposureTime = facts.exposureTime ?? reader.rational(entry)
                case 0x829D: facts.fNumber = facts.fNumber ?? reader.rational(entry)?.value
                case 0x8827: facts.iso = facts.iso ?? reader.unsigned(entry).map(Int.init)
                case 0x920A: facts.focalLength = facts.focalLength ?? reader.rational(entry)?.value
                case 0x9291: subSecTimeOriginal = subSecTimeOriginal ?? reader.string(entry, limit: 32)
                case 0x9011: offsetTimeOriginal = offsetTimeOriginal ?? reader.string(entry, limit: 32)
                // Some phones (Sony Xperia) put ImageDescription here instead of IFD0; IFD0's wins.
                case 0x010E: imageDescription = imageDescription ?? reader.string(entry, limit: Self.maxDescriptionLength)
                case 0x8769: exifPointer = exifPointer ?? reader.u32(entry.offset + 8).map(Int.init)
                case 0x927C:
                    if let start = reader.valueStart(entry) {
                        facts.contentIdentifier = facts.contentIdentifier
                            ?? AppleMakerNote.contentIdentifier(reader.bytes, offset: start, length: Int(entry.count))
                    }
                default: continue
                }
            }
        }
    }
}

/// One 12-byte IFD entry: tag, type, count, then the value inline (4 bytes or fewer) or its offset.
struct IFDEntry: Equatable {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    /// Where the entry starts in the payload.
    var offset: Int

    /// Bytes per value of each TIFF type (nil for unknown types).
    var unitSize: Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }
}

/// Bounds-checked reads of TIFF integers and values.
struct TIFFReader {
    let bytes: [UInt8]
    let littleEndian: Bool

    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ offset: Int) -> UInt32? {
        guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
        return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }

    /// The entries of the IFD at `offset` that lie wholly inside the payload, at most `limit`.
    func entries(at offset: Int, limit: Int) -> [IFDEntry] {
        guard let count = u16(offset) else { return [] }
        var entries: [IFDEntry] = []
        for index in 0..<min(Int(count), limit) {
            let start = offset + 2 + index * 12
            guard start <= bytes.count - 12, let tag = u16(start), let type = u16(start + 2), let count = u32(start + 4)
            else { break }
            entries.append(IFDEntry(tag: tag, type: type, count: count, offset: start))
        }
        return entries
    }

    /// Where the entry's whole value starts, if all of it lies inside the payload.
    func valueStart(_ entry: IFDEntry) -> Int? {
        guard let unit = entry.unitSize, entry.count > 0 else { return nil }
        let (size, overflow) = Int(entry.count).multipliedReportingOverflow(by: unit)
        guard !overflow, size <= bytes.count else { return nil }
        let start: Int
        if size <= 4 {
            start = entry.offset + 8
        } else {
            guard let pointer = u32(entry.offset + 8) else { return nil }
            start = Int(pointer)
        }
        guard start >= 0, start <= bytes.count - size else { return nil }
        return start
    }

    /// An ASCII (or BYTE/UNDEFINED) value up to its first NUL, at most `limit` bytes, whitespace
    /// trimmed; nil if empty. Bytes that are not UTF-8 are read as Latin-1.
    func string(_ entry: IFDEntry, limit: Int) -> String? {
        guard [1, 2, 7].contains(entry.type), let start = valueStart(entry) else { return nil }
        let end = start + min(Int(entry.count), limit)
        let raw = bytes[start..<end].prefix { $0 != 0 }
        var text = String(decoding: raw, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") {
            text = String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
        }
        let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The first RATIONAL (or positive SRATIONAL) of the entry; nil for a zero numerator or denominator.
    func rational(_ entry: IFDEntry) -> PhotoFacts.Rational? {
        guard entry.type == 5 || entry.type == 10, let start = valueStart(entry),
              let numerator = u32(start), let denominator = u32(start + 4)
        else { return nil }
        if entry.type == 10, Int32(bitPattern: numerator) < 0 || Int32(bitPattern: denominator) < 0 { return nil }
        guard numerator != 0, denominator != 0 else { return nil }
        return PhotoFacts.Rational(numerator, denominator)
    }

    /// The first SHORT or LONG of the entry; nil when zero.
    func unsigned(_ entry: IFDEntry) -> UInt32? {
        guard let start = valueStart(entry) else { return nil }
        let value: UInt32?
        switch entry.type {
        case 3: value = u16(start).map(UInt32.init)
        case 4: value = u32(start)
        default: return nil
        }
        return value == 0 ? nil : value
    }
}
