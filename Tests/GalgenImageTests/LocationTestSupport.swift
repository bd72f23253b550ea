import GalgenCore
import GalgenJPEG
import GalgenPixels
@testable import GalgenImage

/// The check galgen made before it read every block, for JPEG: the first APP1 Exif segment's
/// IFD0 (its last GPSInfo tag) and the standard XMP packets, GPSLatitude or GPSLongitude in ASCII.
/// Each crafted file is shown to pass it, so each test would fail on that code.
enum TodaysCheck {
    static func jpeg(_ bytes: [UInt8]) -> Bool {
        EXIFSummary(jpeg: bytes).hasGPS
            || JPEGMarkers.payloads(in: bytes, marker: 0xE1, signature: XMPReader.signature).contains { packet in
                ["GPSLatitude", "GPSLongitude"].contains { packet.firstRange(of: Array($0.utf8)) != nil }
            }
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
