/// What a format is, as data: how its files start, what they are named, what a server calls
/// them, and which kind of media they hold. Its decoding and encoding live in GalgenImage's
/// codec table; this part touches no file.
public struct FormatIdentity: Sendable {
    /// How the format is named in messages ("HEIC/HEIF").
    public let name: String
    /// The suffix galgen writes a file of this format with (a rendition, a published original),
    /// whatever its source was named: a name may say `.html` or `.php`, the bytes cannot.
    public let fileSuffix: String
    /// Every name a source file of this format may end in (lower case), `fileSuffix` included.
    public let fileExtensions: [String]
    /// The `Content-Type` of a file of this format, and the `type` of a `<source>` element.
    public let mediaType: String
    /// Suffixes a server sends with another media type than `mediaType`.
    public let otherMediaTypes: [String: String]
    public let signature: FormatSignature
    public let mediaKind: MediaKind

    public init(name: String, fileSuffix: String, otherExtensions: [String] = [], mediaType: String,
                otherMediaTypes: [String: String] = [:], signature: FormatSignature, mediaKind: MediaKind) {
        self.name = name
        self.fileSuffix = fileSuffix
        self.fileExtensions = [fileSuffix] + otherExtensions
        self.mediaType = mediaType
        self.otherMediaTypes = otherMediaTypes
        self.signature = signature
        self.mediaKind = mediaKind
    }

    /// The media type of each suffix a file of this format is published with.
    public var servedMediaTypes: [String: String] {
        otherMediaTypes.merging([fileSuffix: mediaType]) { other, _ in other }
    }
}

/// How a format's first bytes look, as data.
public enum FormatSignature: Sendable {
    /// These bytes at the start; nil stands for any byte (a RIFF chunk's size).
    case bytes([UInt8?])
    /// An ISO-BMFF `ftyp` box listing one of `brands` (as major or compatible brand) and none of
    /// `unless` (a generic `mif1` file is AVIF when an AV1 brand is listed).
    case brands([String], unless: [String] = [])
    /// Any of these.
    indirect case anyOf([FormatSignature])

    /// Whether `bytes` (up to `ImageFormat.signatureLength` of a file's first bytes) start this way.
    public func matches(_ bytes: [UInt8]) -> Bool {
        switch self {
        case let .bytes(pattern):
            return bytes.count >= pattern.count && zip(pattern, bytes).allSatisfy { $0 == nil || $0 == $1 }
        case let .brands(wanted, unless):
            let listed = Self.brands(bytes)
            return listed.contains { wanted.contains($0) } && !listed.contains { unless.contains($0) }
        case let .anyOf(signatures):
            return signatures.contains { $0.matches(bytes) }
        }
    }

    /// The major brand, then the compatible ones as far as `bytes` reaches; none without `ftyp`.
    private static func brands(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return [] }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(12, boxSize))
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16  // after the major brand and the minor version
        while offset + 4 <= end {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        return brands
    }

    /// ASCII text as signature bytes.
    public static func text(_ text: String) -> [UInt8?] { text.utf8.map { $0 } }
}
