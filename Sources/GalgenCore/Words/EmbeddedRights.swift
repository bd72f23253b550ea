/// Who made a photo and on what terms, as its file says: the creator (XMP dc:creator, else IPTC
/// 2:80 By-line, else EXIF Artist), the copyright notice (XMP dc:rights, else IPTC 2:116, else
/// EXIF Copyright) and the address of its rights statement, often its licence
/// (xmpRights:WebStatement, http or https only). Each cleaned, never empty.
public struct EmbeddedRights: Equatable, Sendable, Codable {
    public var creator: String?
    public var copyright: String?
    public var webStatement: String?

    public init(creator: String? = nil, copyright: String? = nil, webStatement: String? = nil) {
        self.creator = creator
        self.copyright = copyright
        self.webStatement = webStatement
    }

    public var isEmpty: Bool { self == EmbeddedRights() }
}
