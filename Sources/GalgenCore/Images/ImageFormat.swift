/// The photo and video formats galgen reads, told apart by their first bytes (never by a file
/// name or a server's Content-Type, which are often wrong). Each one's identity is a row of
/// `identity`; how a photo is decoded and encoded is GalgenImage's codec table, a video's
/// container is read by ffmpeg (GalgenVideo).
public enum ImageFormat: String, Equatable, Sendable, CaseIterable, Codable {
    case jpeg = "JPEG"
    /// HEIC/HEIF: an ISO-BMFF `ftyp` box with an HEVC or generic HEIF brand.
    case heif = "HEIF"
    /// AVIF: an ISO-BMFF `ftyp` box with an AV1 brand (read through libheif, like HEIF).
    case avif = "AVIF"
    case webp = "WebP"
    case png = "PNG"
    /// JPEG XL: a bare codestream (`FF 0A`) or its ISO-BMFF-style container (`JXL ` box first).
    case jxl = "JXL"
    /// QuickTime (`.mov`): an iPhone's videos and Live Photos' motion.
    case quickTime = "QuickTime"
    /// MP4 and its kin (`.m4v`, `.3gp`): an ISO-BMFF `ftyp` box with a video brand.
    case mp4 = "MP4"
    /// Matroska and WebM: EBML.
    case matroska = "Matroska"
    case avi = "AVI"
    /// GIF: read by ffmpeg like a video. One frame is a photo; more are an animation, published
    /// as a silent MP4 that plays in a loop (`VideoDetails.animation`).
    case gif = "GIF"

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
        case .jxl:
            FormatIdentity(name: "JPEG XL", fileSuffix: "jxl", mediaType: "image/jxl",
                           signature: .anyOf([.bytes([0xFF, 0x0A]),
                                              .bytes([0, 0, 0, 0x0C] + FormatSignature.text("JXL ") + [0x0D, 0x0A, 0x87, 0x0A])]),
                           mediaKind: .photo)
        case .quickTime:
            // Old QuickTime files have no `ftyp` and start with one of their top-level atoms.
            FormatIdentity(name: "QuickTime", fileSuffix: "mov", otherExtensions: ["qt"], mediaType: "video/quicktime",
                           signature: .anyOf([.brands(["qt  "])] + ["moov", "mdat", "wide", "pnot"].map { atom in
                               .bytes([nil, nil, nil, nil] + FormatSignature.text(atom))
                           }),
                           mediaKind: .video)
        case .mp4:
            FormatIdentity(name: "MP4", fileSuffix: "mp4", otherExtensions: ["m4v", "3gp", "3g2"], mediaType: "video/mp4",
                           otherMediaTypes: ["m4v": "video/x-m4v", "3gp": "video/3gpp", "3g2": "video/3gpp2"],
                           signature: .brands(Self.videoBrands, unless: Self.avifBrands), mediaKind: .video)
        case .matroska:
            FormatIdentity(name: "Matroska/WebM", fileSuffix: "mkv", otherExtensions: ["webm"], mediaType: "video/x-matroska",
                           otherMediaTypes: ["webm": "video/webm"], signature: .bytes([0x1A, 0x45, 0xDF, 0xA3]), mediaKind: .video)
        case .avi:
            FormatIdentity(name: "AVI", fileSuffix: "avi", mediaType: "video/x-msvideo",
                           signature: .bytes(FormatSignature.text("RIFF") + [nil, nil, nil, nil] + FormatSignature.text("AVI ")),
                           mediaKind: .video)
        case .gif:
            FormatIdentity(name: "GIF", fileSuffix: "gif", mediaType: "image/gif",
                           signature: .anyOf([.bytes(FormatSignature.text("GIF87a")), .bytes(FormatSignature.text("GIF89a"))]),
                           mediaKind: .video)
        }
    }

    private static let avifBrands = ["avif", "avis"]
    /// The brands of ISO-BMFF video files (HEIF and AVIF are told first: a HEIF image sequence
    /// may list `isom` too).
    private static let videoBrands = ["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "hvc1", "av01",
                                      "M4V ", "M4VH", "M4VP", "3gp4", "3gp5", "3gp6", "3g2a", "3ge6", "dash", "MSNV", "XAVC",
                                      "mmp4", "f4v ", "NDAS", "qt  "]

    /// How many first bytes `init(signature:)` needs to decide (an `ftyp` box's brands may need more).
    public static let signatureLength = 32

    /// What every reader of untrusted bytes says when they are none of these:
    /// "JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL" (the photo formats: a video's are `videoList`).
    public static var supportedList: String { list(of: .photo) }

    /// "QuickTime, MP4, Matroska/WebM, AVI or GIF" (ffmpeg reads them all; a GIF of one frame is a photo).
    public static var videoList: String { list(of: .video) }

    private static func list(of kind: MediaKind) -> String {
        let names = allCases.filter { $0.identity.mediaKind == kind }.map(\.identity.name)
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
