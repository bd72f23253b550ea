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

/// Title, caption and alt text found inside a photo file, each already chosen from its sources in
/// order (XMP, then IPTC IIM, then EXIF) and cleaned: trimmed, never empty, never a camera's
/// boilerplate ("OLYMPUS DIGITAL CAMERA").
public struct EmbeddedWords: Equatable, Sendable, Codable {
    /// XMP dc:title, else XMP photoshop:Headline, else IPTC 2:05 Object Name.
    public var title: String?
    /// XMP dc:description, else IPTC 2:120 Caption/Abstract, else EXIF ImageDescription.
    public var caption: String?
    /// XMP Iptc4xmpCore:AltTextAccessibility.
    public var alt: String?

    public init(title: String? = nil, caption: String? = nil, alt: String? = nil) {
        self.title = title
        self.caption = caption
        self.alt = alt
    }
}
