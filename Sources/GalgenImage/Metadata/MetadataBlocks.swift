import GalgenCore

/// The blocks of a photo's own metadata that its words and camera facts are read from: the first
/// EXIF (the TIFF structure after `Exif\0\0`), the first XMP packet and the Photoshop resources
/// (which hold IPTC IIM), each of the primary image only (a JPEG's first image, before its data).
///
/// Gathered by the walk that checks every block of the file for a place (`LocationScanner.scan`):
/// one walk per file, and the consumers (`EXIFSummary`, `XMPReader`, `IPTCReader`, through
/// `PhotoMetadataReader`) each read the block they need from it. Slices of the file's bytes.
public struct MetadataBlocks: Equatable, Sendable {
    public var exif: ArraySlice<UInt8>?
    public var xmp: ArraySlice<UInt8>?
    /// Every APP13 Photoshop segment's payload, joined, up to `IPTCReader.maxResourceBytes`.
    public var photoshop: [UInt8] = []
    /// What the user is told about a block that was passed over.
    public var notes: [String] = []

    public init(exif: ArraySlice<UInt8>? = nil, xmp: ArraySlice<UInt8>? = nil, photoshop: [UInt8] = []) {
        self.exif = exif
        self.xmp = xmp
        self.photoshop = photoshop
    }

    /// The blocks of a whole JPEG file, from the one walk over it.
    public init(jpeg bytes: [UInt8]) {
        self = LocationScanner.scan(bytes, format: .jpeg).blocks
    }

    static let exifSignature = Array("Exif\0\0".utf8)
    static let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    /// Whether `bytes` start like a TIFF structure (`II*\0` or `MM\0*`).
    static func isTIFF(_ bytes: ArraySlice<UInt8>) -> Bool {
        tiffHeaders.contains { bytes.has($0, at: bytes.startIndex) }
    }

    /// Takes a format's EXIF block when it is a TIFF structure; otherwise notes that it was ignored.
    mutating func gatherEXIF(_ tiff: ArraySlice<UInt8>, from block: String) {
        guard Self.isTIFF(tiff) else {
            notes.append("\(block) is not a TIFF structure (it starts \(HexText.bytes(tiff.prefix(4)))) and was ignored")
            return
        }
        exif = tiff
    }

    /// Takes what a primary image's segment holds for the readers: the first of each kind.
    mutating func gather(_ marker: UInt8, _ payload: ArraySlice<UInt8>) {
        let start = payload.startIndex
        switch marker {
        case 0xE1 where exif == nil && payload.has(Self.exifSignature, at: start):
            exif = payload.dropFirst(Self.exifSignature.count)
        case 0xE1 where xmp == nil && payload.has(XMPReader.signature, at: start):
            xmp = payload.dropFirst(XMPReader.signature.count)
        case 0xED where payload.has(IPTCReader.signature, at: start) && photoshop.count < IPTCReader.maxResourceBytes:
            photoshop += payload.dropFirst(IPTCReader.signature.count).prefix(IPTCReader.maxResourceBytes - photoshop.count)
        default:
            return
        }
    }
}

/// What one walk over a photo's file found: whether it records a place (`LocationCheck`), the
/// camera's position (for the build only, never published) and the blocks its words come from.
public struct MetadataScan: Sendable {
    /// The format the file was read as.
    public var format: ImageFormat
    public var check: LocationCheck
    public var coordinates: GeoCoordinates?
    public var blocks: MetadataBlocks
}
