import GalgenJPEG

/// Whether an XMP packet records where the photo was taken: the EXIF-in-XMP GPS properties
/// (`exif:GPSLatitude`, as Lightroom and phones write them), as an element or an attribute.
/// galgen never publishes such a photo's original file unless told to (`viewer.originals`).
enum LocationInXMP {
    static let properties = ["GPSLatitude", "GPSLongitude"].map { Array($0.utf8) }

    static func found(in packet: some Collection<UInt8>) -> Bool {
        properties.contains { packet.firstRange(of: $0) != nil }
    }

    /// In a JPEG's XMP segment (APP1 "http://ns.adobe.com/xap/1.0/").
    static func found(inJPEG bytes: [UInt8]) -> Bool {
        JPEGMarkers.payloads(in: bytes, marker: 0xE1, signature: XMPReader.signature).contains { found(in: $0) }
    }
}
