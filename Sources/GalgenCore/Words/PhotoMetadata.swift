/// What a photo file says about itself, beyond its pixels: read once when it is rendered and
/// kept with its renditions, so a rebuild never reads it again.
public struct PhotoMetadata: Equatable, Sendable, Codable {
    /// When it was taken: EXIF DateTimeOriginal (with OffsetTimeOriginal when present), or XMP's date.
    public var captured: CaptureTime?
    /// Title, caption and alt text written into the file, and its keywords and people.
    public var words: EmbeddedWords
    /// Its creator, copyright notice and rights statement, as the file says (reader 4 on).
    public var rights = EmbeddedRights()
    /// Which reader read it (`currentReader`): a record kept by an older galgen has an older one,
    /// and its metadata is read again from the file (not rendered again) before it is used.
    public var reader: Int

    /// 2: keywords (IPTC 2:25, dc:subject, lr:hierarchicalSubject) and people. 3: a keyword that
    /// names one of the people is theirs, not a tag, and `People|…` keywords are people (a record
    /// of reader 2 may hold a name as a tag: it is read again). 4: the camera's facts hold the
    /// lens, the 35 mm focal length, the exposure compensation, the flash and the time's zone
    /// (the details panel), and the photo's rights; older records have their facts and words read
    /// again. Records
    /// without a reader are 1.
    /// 5: a kept record's position is read with its words (a record from before galgen kept
    /// positions gets one, for `places:`).
    public static let currentReader = 5

    public init(captured: CaptureTime? = nil, words: EmbeddedWords = EmbeddedWords(), reader: Int = PhotoMetadata.currentReader) {
        self.captured = captured
        self.words = words
        self.reader = reader
    }

    enum CodingKeys: String, CodingKey { case captured, words, reader, rights }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        captured = try values.decodeIfPresent(CaptureTime.self, forKey: .captured)
        words = try values.decode(EmbeddedWords.self, forKey: .words)
        reader = try values.decodeIfPresent(Int.self, forKey: .reader) ?? 1
        rights = try values.decodeIfPresent(EmbeddedRights.self, forKey: .rights) ?? EmbeddedRights()
    }

    /// Whether it was read by an older reader, so its file says more than it holds.
    public var isOutdated: Bool { reader < Self.currentReader }
}

/// A photo's title, caption and alt text as one source gives them, each trimmed and never empty.
public struct PhotoText: Equatable, Sendable, Codable {
    public var title: String?
    public var caption: String?
    public var alt: String?
    /// Keywords, each trimmed and NFC, once each (compared without case), the first spelling kept.
    public var tags: [String]
    /// The people shown (from the file only): private unless `tags.people` publishes them.
    public var people: [String]

    public init(title: String? = nil, caption: String? = nil, alt: String? = nil, tags: [String] = [], people: [String] = []) {
        self.title = title
        self.caption = caption
        self.alt = alt
        self.tags = tags
        self.people = people
    }

    enum CodingKeys: String, CodingKey { case title, caption, alt, tags, people }

    /// A record kept before tags were read has none.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(title: try values.decodeIfPresent(String.self, forKey: .title),
                  caption: try values.decodeIfPresent(String.self, forKey: .caption),
                  alt: try values.decodeIfPresent(String.self, forKey: .alt),
                  tags: try values.decodeIfPresent([String].self, forKey: .tags) ?? [],
                  people: try values.decodeIfPresent([String].self, forKey: .people) ?? [])
    }
}

/// Title, caption and alt text found inside a photo file, each already chosen from its sources in
/// order (title: XMP dc:title, XMP photoshop:Headline, IPTC 2:05 Object Name; caption: XMP
/// dc:description, IPTC 2:120 Caption/Abstract, EXIF ImageDescription; alt: XMP
/// Iptc4xmpCore:AltTextAccessibility) and cleaned: never a camera's boilerplate ("OLYMPUS
/// DIGITAL CAMERA").
public typealias EmbeddedWords = PhotoText
