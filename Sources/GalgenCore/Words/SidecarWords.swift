/// The words of a sidecar file beside a photo (`IMG_1.jpg.yml`, `IMG_1.txt`…): each trimmed,
/// never empty. Parsed by `Sidecar`.
public struct SidecarWords: Equatable, Sendable {
    public var title: String?
    public var caption: String?
    public var alt: String?

    public init(title: String? = nil, caption: String? = nil, alt: String? = nil) {
        self.title = title
        self.caption = caption
        self.alt = alt
    }
}
