import GalgenCore

/// What a rendition carries besides its pixels: the colour profile, and the creator, copyright and
/// licence as EXIF (a TIFF structure: IFD0's Artist and Copyright) and as an XMP packet. Nothing
/// else of the source's metadata is ever written: no place, device or date.
struct RenditionMetadata: Equatable, Sendable {
    var iccProfile: [UInt8]?
    /// A little-endian TIFF structure, as WebP's `EXIF` chunk and HEIF's Exif item hold it (JPEG's
    /// APP1 puts `Exif\0\0` before it).
    var exif: [UInt8]?
    /// A whole XMP packet, UTF-8.
    var xmp: [UInt8]?

    init(iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) {
        self.iccProfile = iccProfile
        self.exif = exif
        self.xmp = xmp
    }

    /// The profile, and `rights` in EXIF and XMP when they say anything.
    init(iccProfile: [UInt8]?, rights: RightsSettings) {
        self.init(iccProfile: iccProfile, exif: RightsMetadata.exif(rights), xmp: RightsMetadata.xmp(rights))
    }
}

/// `rights:` (over the photo's own) as the metadata search engines and photo tools read: EXIF
/// Artist and Copyright; XMP `dc:creator`, `dc:rights`, `xmpRights:WebStatement` (or
/// `xmpRights:UsageTerms` for a licence named in words) and `plus:Licensor`'s `LicensorURL`
/// (IPTC's "Licensor URL", where Google's "Licensable" badge looks).
enum RightsMetadata {
    /// Longer texts are cut: a JPEG segment holds at most 64 KiB, and a rendition is no place for an essay.
    static let maxCharacters = 2_000

    /// IFD0 with Artist (0x013B) and Copyright (0x8298), ASCII entries holding UTF-8 as cameras and
    /// editors write them; nil when there is neither.
    static func exif(_ rights: RightsSettings) -> [UInt8]? {
        let entries: [(tag: UInt16, text: String)] = [(0x013B, rights.creator), (0x8298, rights.copyright)]
            .compactMap { tag, text in text.map { (tag, clipped($0)) } }
        guard !entries.isEmpty else { return nil }
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        let ifdSize = 2 + 12 * entries.count + 4
        var data: [UInt8] = []
        var entryBytes: [UInt8] = []
        for (tag, text) in entries {
            let value = Array(text.utf8) + [0]
            entryBytes += le16(tag) + le16(2) + le32(UInt32(value.count))
            if value.count <= 4 {
                entryBytes += value + [UInt8](repeating: 0, count: 4 - value.count)
            } else {
                entryBytes += le32(UInt32(8 + ifdSize + data.count))
                data += value
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        tiff += le16(UInt16(entries.count)) + entryBytes + le32(0) + data
        return tiff
    }

    /// An XMP packet with the rights' fields; nil when `rights` is empty.
    static func xmp(_ rights: RightsSettings) -> [UInt8]? {
        guard !rights.isEmpty else { return nil }
        func text(_ value: String) -> String { MarkupText.xml(clipped(value)) }
        var properties: [String] = []
        if let creator = rights.creator {
            properties.append("<dc:creator><rdf:Seq><rdf:li>\(text(creator))</rdf:li></rdf:Seq></dc:creator>")
        }
        if let copyright = rights.copyright {
            properties.append("<dc:rights><rdf:Alt><rdf:li xml:lang=\"x-default\">\(text(copyright))</rdf:li></rdf:Alt></dc:rights>")
        }
        if let license = rights.license {
            properties.append(RightsSettings.isWebAddress(license)
                ? "<xmpRights:WebStatement>\(text(license))</xmpRights:WebStatement>"
                : "<xmpRights:UsageTerms><rdf:Alt><rdf:li xml:lang=\"x-default\">\(text(license))</rdf:li></rdf:Alt></xmpRights:UsageTerms>")
        }
        if let page = rights.acquireLicensePage {
            properties.append("<plus:Licensor><rdf:Seq><rdf:li rdf:parseType=\"Resource\"><plus:LicensorURL>\(text(page))"
                + "</plus:LicensorURL></rdf:li></rdf:Seq></plus:Licensor>")
        }
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" \
            xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/">
            \(properties.joined(separator: "\n"))
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end="r"?>
            """
        return Array(packet.utf8)
    }

    /// At most `maxCharacters`, without the control characters XML 1.0 cannot hold (tab and line breaks stay).
    static func clipped(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(String.UnicodeScalarView(kept.prefix(maxCharacters)))
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
