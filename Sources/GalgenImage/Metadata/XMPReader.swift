import GalgenJPEG
import GalgenPixels

/// The XMP properties galgen reads from a photo, as written in its packet: entities decoded,
/// otherwise untouched (not trimmed, not checked for camera boilerplate).
public struct XMPFields: Equatable, Sendable {
    /// dc:title (a language alternative: the `x-default` one, else the first).
    public var title: String?
    /// dc:description (a language alternative).
    public var description: String?
    /// photoshop:Headline.
    public var headline: String?
    /// Iptc4xmpCore:AltTextAccessibility (a language alternative).
    public var altText: String?
    /// exif:DateTimeOriginal, ISO 8601.
    public var dateTimeOriginal: String?
    /// photoshop:DateCreated, ISO 8601.
    public var dateCreated: String?
    /// exifEX:LensModel (Exif 2.3 in XMP), else aux:Lens (Adobe's): what Lightroom writes when
    /// the EXIF has no LensModel.
    public var lensModel: String?
    /// dc:rights (a language alternative): the copyright notice.
    public var rights: String? = nil
    /// xmpRights:WebStatement: the address of the rights statement (often the licence).
    public var webStatement: String? = nil
    /// dc:creator: every creator, in order (a sequence).
    public var creators: [String] = []
    /// dc:subject: the keywords (a bag), in order.
    public var subjects: [String] = []
    /// lr:hierarchicalSubject: Lightroom's keywords with their parents (`Places|France|Paris`).
    public var hierarchicalSubjects: [String] = []
    /// Iptc4xmpExt:PersonInImage, and the names of the MWG face regions (`mwg-rs:Regions`).
    public var people: [String] = []

    public init(title: String? = nil, description: String? = nil, headline: String? = nil, altText: String? = nil,
                dateTimeOriginal: String? = nil, dateCreated: String? = nil, lensModel: String? = nil, rights: String? = nil,
                webStatement: String? = nil) {
        self.lensModel = lensModel
        self.rights = rights
        self.webStatement = webStatement
        self.title = title
        self.description = description
        self.headline = headline
        self.altText = altText
        self.dateTimeOriginal = dateTimeOriginal
        self.dateCreated = dateCreated
    }
}

/// Reads the standard XMP packet of a JPEG (APP1 `http://ns.adobe.com/xap/1.0/`).
///
/// Only the first standard packet is read; extended XMP (APP1 `http://ns.adobe.com/xmp/extension/`,
/// which holds what does not fit in 64 KB, such as depth maps) is ignored. The packet is read as
/// UTF-8 by `XMLScanner` (no DTD, no entity expansion), at most `maxPacketBytes` of it, and walked
/// by `XMPWalk` (bounded nesting). Properties are found by namespace URI, whatever prefix they use.
public enum XMPReader {
    /// What starts the payload of an APP1 segment holding a standard XMP packet.
    public static let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// Bytes of a packet read at most (a JPEG segment holds less than 64 KB; this caps direct callers).
    public static let maxPacketBytes = 1 << 20

    /// The fields of the JPEG's first standard XMP packet; empty fields when it has none.
    public static func read(jpeg bytes: [UInt8]) -> XMPFields {
        MetadataBlocks(jpeg: bytes).xmp.map(read) ?? XMPFields()
    }

    /// The fields of one XMP packet (the XML, without the APP1 signature).
    public static func read(packet: [UInt8]) -> XMPFields {
        read(packet[...])
    }

    static func read(_ packet: ArraySlice<UInt8>) -> XMPFields {
        var scanner = XMLScanner(packet.prefix(maxPacketBytes))
        // One scan of the packet's tokens, one stack of namespaces, both walks.
        var namespaces = XMPNamespaces()
        var walk = XMPWalk()
        var lists = XMPListWalk()
        while let token = scanner.next() {
            if case let .start(_, attributes, _) = token {
                guard namespaces.depth < XMPWalk.maxDepth else { break }
                namespaces.open(attributes)
            }
            walk.accept(token, in: namespaces)
            lists.accept(token, in: namespaces)
            switch token {
            case .end, .start(_, _, true): namespaces.close()
            default: break
            }
        }
        var fields = walk.fields
        fields.subjects = lists.lists[.subject] ?? []
        fields.creators = lists.lists[.creator] ?? []
        fields.hierarchicalSubjects = lists.lists[.hierarchicalSubject] ?? []
        fields.people = (lists.lists[.personInImage] ?? []) + lists.faces
        return fields
    }
}

/// A property galgen reads from XMP, by namespace URI and local name.
enum XMPProperty: CaseIterable {
    case title, description, headline, altText, dateTimeOriginal, dateCreated, lensModel, auxLens, rights, webStatement

    var name: XMPName {
        switch self {
        case .title: XMPName(XMPName.dc, "title")
        case .description: XMPName(XMPName.dc, "description")
        case .headline: XMPName(XMPName.photoshop, "Headline")
        case .altText: XMPName(XMPName.iptcCore, "AltTextAccessibility")
        case .dateTimeOriginal: XMPName(XMPName.exif, "DateTimeOriginal")
        case .dateCreated: XMPName(XMPName.photoshop, "DateCreated")
        case .lensModel: XMPName(XMPName.exifEX, "LensModel")
        case .auxLens: XMPName(XMPName.aux, "Lens")
        case .rights: XMPName(XMPName.dc, "rights")
        case .webStatement: XMPName(XMPName.xmpRights, "WebStatement")
        }
    }

    init?(_ name: XMPName) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }
}

/// A name with its prefix resolved to the namespace URI.
struct XMPName: Equatable {
    var namespace: String
    var local: String

    init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let exif = "http://ns.adobe.com/exif/1.0/"
    static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
    static let iptcExt = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
    static let exifEX = "http://cipa.jp/exif/1.0/"
    static let aux = "http://ns.adobe.com/exif/1.0/aux/"
    static let xmpRights = "http://ns.adobe.com/xap/1.0/rights/"

    /// The usual URIs of the usual prefixes, for a packet that uses a prefix without declaring it.
    static let conventional = ["rdf": rdf, "xml": xml, "dc": dc, "photoshop": photoshop, "exif": exif, "Iptc4xmpCore": iptcCore,
                               "Iptc4xmpExt": iptcExt, "lr": lightroom, "mwg-rs": mwgRegions, "exifEX": exifEX, "aux": aux, "xmpRights": xmpRights]
}
