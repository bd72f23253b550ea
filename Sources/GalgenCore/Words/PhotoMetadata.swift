/// What a photo file says about itself, beyond its pixels: read once when it is rendered and
/// kept with its renditions, so a rebuild never reads it again.
public struct PhotoMetadata: Equatable, Sendable, Codable {
    /// When it was taken: EXIF DateTimeOriginal (with OffsetTimeOriginal when present), or XMP's date.
    public var captured: CaptureTime?
    /// Title, caption and alt text written into the file.
    public var words: EmbeddedWords

    public init(captured: CaptureTime? = nil, words: EmbeddedWords = EmbeddedWords()) {
        self.captured = captured
        self.words = words
    }
}

/// A photo's title, caption and alt text as one source gives them, each trimmed and never empty.
public struct PhotoText: Equatable, Sendable, Codable {
    public var title: String?
    public var caption: String?
    public var alt: String?

    public init(title: String? = nil, caption: String? = nil, alt: String? = nil) {
        self.title = title
        self.caption = caption
        self.alt = alt
    }
}

/// Title, caption and alt text found inside a photo file, each already chosen from its sources in
/// order (title: XMP dc:title, XMP photoshop:Headline, IPTC 2:05 Object Name; caption: XMP
/// dc:description, IPTC 2:120 Caption/Abstract, EXIF ImageDescription; alt: XMP
/// Iptc4xmpCore:AltTextAccessibility) and cleaned: never a camera's boilerplate ("OLYMPUS
/// DIGITAL CAMERA").
public typealias EmbeddedWords = PhotoText
