import GalgenCore
import GalgenJPEG
import GalgenPixels
@testable import GalgenImage

/// The check galgen made before it read every block, for JPEG: the first APP1 Exif segment's
/// IFD0 (its last GPSInfo tag) and the standard XMP packets, GPSLatitude or GPSLongitude in ASCII.
/// Each crafted file is shown to pass it, so each test would fail on that code.
enum TodaysCheck {
    static func jpeg(_ bytes: [UInt8]) -> Bool {
        exifGPS(bytes)
            || payloads(in: bytes, marker: 0xE1, signature: XMPReader.signature).contains { packet in
                ["GPSLatitude", "GPSLongitude"].contains { packet.firstRange(of: Array($0.utf8)) != nil }
            }
    }

    /// The old rule, kept here as it was: the first Exif segment's IFD0 GPSInfo holds a
    /// latitude or longitude tag.
    static func exifGPS(_ jpeg: [UInt8]) -> Bool {
        guard let payload = payloads(in: jpeg, marker: 0xE1, signature: Array("Exif\0\0".utf8)).first else { return false }
        let tiff = Array(payload)  // the payload after its signature
        guard tiff.count >= 8, tiff[0] == tiff[1], tiff[0] == 0x49 || tiff[0] == 0x4D else { return false }
        let reader = TIFFStructure(tiff[...], littleEndian: tiff[0] == 0x49)
        guard let ifd = reader.number(at: 4, 4) else { return false }
        var found = false
        for entry in reader.leadingEntries(at: ifd, limit: 512) where entry.tag == 0x8825 {
            guard let offset = reader.pointer(entry), let count = reader.number(at: offset, 2) else { found = false; continue }
            found = (0..<min(count, 128)).contains { index in
                let tag = reader.number(at: offset + 2 + index * 12, 2)
                return tag == 0x0002 || tag == 0x0004
            }
        }
        return found
    }

    /// The segment walk that check used: application segments before the image data, up to 512.
    static func payloads(in bytes: [UInt8], marker: UInt8, signature: [UInt8]) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var offset = 2
        for _ in 0..<512 {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { break }
            let segment = bytes[offset + 1]
            if segment == 0xFF { offset += 1; continue }
            if segment == 0xDA || segment == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if segment == marker, bytes[(offset + 4)..<(offset + 2 + length)].starts(with: signature) {
                found.append(bytes[(offset + 4 + signature.count)..<(offset + 2 + length)])
            }
            offset += 2 + length
        }
        return found
    }
}

extension LocationCheck {
    var isFound: Bool { if case .found = self { true } else { false } }
    var isUnreadable: Bool { if case .unreadable = self { true } else { false } }
    /// The words of a found or unreadable verdict.
    var words: String {
        switch self {
        case .none: ""
        case .found(let text), .unreadable(let text): text
        }
    }
}
