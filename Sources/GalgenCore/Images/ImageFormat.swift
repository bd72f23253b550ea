/// The photo formats galgen reads, told apart by their first bytes (never by a file name or a
/// server's Content-Type, which are often wrong). Each one's identity is a row of `identity`;
/// how it is decoded and encoded is GalgenImage's codec table.
public enum ImageFormat: String, Equatable, Sendable, CaseIterable, Codable {
    case jpeg = "JPEG"
    /// HEIC/HEIF: an ISO-BMFF `ftyp` box with an HEVC or generic HEIF brand.
    case heif = "HEIF"
    /// AVIF: an ISO-BMFF `ftyp` box with an AV1 brand (read through libheif, like HEIF).
    case avif = "AVIF"
    case webp = "WebP"
    case png = "PNG"

    /// The table of formats: one row each.
    public var identity: FormatIdentity {
        switch self {
        case .jpeg:
            FormatIdentity(name: "JPEG", fileSuffix: "jpg", otherExtensions: ["jpeg", "jpe", "jfif"], mediaType: "image/jpeg",
                           signature: .bytes([0xFF, 0xD8, 0xFF]), mediaKind: .photo)
        case .heif:
            FormatIdentity(name: "HEIC/HEIF", fileSuffix: "heic", otherExtensions: ["heif", "hif"], mediaType: "image/heic",
                           otherMediaTypes: ["heif": "image/heif"],
                           signature: .brands(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"],
                                              unless: Self.avifBrands),
                           mediaKind: .photo)
        case .avif:
            FormatIdentity(name: "AVIF", fileSuffix: "avif", mediaType: "image/avif", signature: .brands(Self.avifBrands),
                           mediaKind: .photo)
        case .webp:
            FormatIdentity(name: "WebP", fileSuffix: "webp", mediaType: "image/webp",
                           signature: .bytes(FormatSignature.text("RIFF") + [nil, nil, nil, nil] + FormatSignature.text("WEBP")),
                           mediaKind: .photo)
        case .png:
            FormatIdentity(name: "PNG", fileSuffix: "png", mediaType: "image/png",
                           signature: .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), mediaKind: .photo)
        }
    }

    private static let avifBrands = ["avif", "avis"]

    /// How many first bytes `init(signature:)` needs to decide (an `ftyp` box's brands may need more).
    public static let signatureLength = 32

    /// What every reader of untrusted bytes says when they are none of these:
    /// "JPEG, HEIC/HEIF, AVIF, WebP or PNG".
    public static var supportedList: String {
        let names = allCases.map(\.identity.name)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The extension a file of this format is published with.
    public var fileExtension: String { identity.fileSuffix }

    /// The format whose signature `start` begins with, or nil.
    public init?(signature start: some Collection<UInt8>) {
        let bytes = Array(start.prefix(Self.signatureLength))
        guard let format = Self.allCases.first(where: { $0.identity.signature.matches(bytes) }) else { return nil }
        self = format
    }

    /// The format a file named with `fileExtension` (any case) is expected to hold, or nil.
    public init?(fileExtension: some StringProtocol) {
        let name = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.identity.fileExtensions.contains(name) }) else { return nil }
        self = format
    }
}
