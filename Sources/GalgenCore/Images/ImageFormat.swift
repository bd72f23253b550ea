/// The photo formats galgen reads, told apart by their first bytes (never by a file name or a
/// server's Content-Type, which are often wrong).
public enum ImageFormat: String, Equatable, Sendable, CaseIterable, Codable {
    case jpeg = "JPEG"
    /// HEIC/HEIF: an ISO-BMFF `ftyp` box with an HEVC or generic HEIF brand.
    case heif = "HEIF"
    /// AVIF: an ISO-BMFF `ftyp` box with an AV1 brand (read through libheif, like HEIF).
    case avif = "AVIF"
    case webp = "WebP"
    case png = "PNG"

    /// How many first bytes `init(signature:)` needs to decide (an `ftyp` box's brands may need more).
    public static let signatureLength = 32

    /// What every reader of untrusted bytes says when they are none of these.
    public static let supportedList = "JPEG, HEIC/HEIF, AVIF, WebP or PNG"

    /// The extension a file of this format is published with (a published original's), whatever
    /// its source was named: a name may say `.html` or `.php`, the bytes cannot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heif: "heic"
        case .avif: "avif"
        case .webp: "webp"
        case .png: "png"
        }
    }

    /// The format whose signature `start` begins with, or nil.
    public init?(signature start: some Collection<UInt8>) {
        let bytes = Array(start.prefix(Self.signatureLength))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if let format = Self.isoBrand(bytes) {
            self = format
        } else {
            return nil
        }
    }

    /// AVIF and HEIF brands of an `ftyp` box: the major brand, then the compatible ones as far as
    /// `bytes` reaches (a generic `mif1` file is AVIF when an AV1 brand is listed).
    private static func isoBrand(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(12, boxSize))
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16  // after the major brand and the minor version
        while offset + 4 <= end {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"].contains($0) }) { return .heif }
        return nil
    }
}
