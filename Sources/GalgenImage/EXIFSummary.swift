/// The few EXIF facts the image stage needs, read from IFD0 with bounds checks.
///
/// Malformed data yields what was valid before the problem, never a crash.
struct EXIFSummary: Equatable {
    var orientation: Int?
    var hasGPS = false

    /// Parses the TIFF payload of an APP1 "Exif" segment (after the "Exif\0\0" header).
    init(tiff bytes: [UInt8]) {
        guard bytes.count >= 8 else { return }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return
        }
        let reader = TIFFReader(bytes: bytes, littleEndian: little)
        guard reader.u16(2) == 42, let ifd = reader.u32(4) else { return }
        let offset = Int(ifd)
        guard let count = reader.u16(offset) else { return }
        for index in 0..<min(Int(count), 512) {
            let entry = offset + 2 + index * 12
            guard let tag = reader.u16(entry) else { break }
            switch tag {
            case 0x0112: orientation = reader.u16(entry + 8).map(Int.init)
            case 0x8825: hasGPS = reader.u32(entry + 8).map { Self.gpsHasPosition(reader, at: Int($0)) } ?? false
            default: continue
            }
        }
    }

    /// Whether the GPS IFD holds a latitude or longitude (many cameras write an empty one).
    static func gpsHasPosition(_ reader: TIFFReader, at offset: Int) -> Bool {
        guard let count = reader.u16(offset) else { return false }
        for index in 0..<min(Int(count), 128) {
            guard let tag = reader.u16(offset + 2 + index * 12) else { return false }
            if tag == 0x0002 || tag == 0x0004 { return true }
        }
        return false
    }
}

/// Bounds-checked reads of TIFF integers.
struct TIFFReader {
    let bytes: [UInt8]
    let littleEndian: Bool

    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ offset: Int) -> UInt32? {
        guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
        return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }
}
