/// The encodings a rendition can be published in (`thumbnails.formats`).
public enum OutputFormat: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case avif
    case webp
    case jpeg

    public var fileExtension: String {
        switch self {
        case .avif: "avif"
        case .webp: "webp"
        case .jpeg: "jpg"
        }
    }

    /// The `type` of a `<source>` element.
    public var mimeType: String { "image/\(rawValue)" }

    /// The format of the `<img>` every browser can show, and of the thumbnails and "Full size" link:
    /// JPEG when it is listed, else the most widely supported format listed (WebP before AVIF).
    public static func fallback(of formats: [OutputFormat]) -> OutputFormat {
        [.jpeg, .webp, .avif].first { formats.contains($0) } ?? .jpeg
    }

    /// The formats offered as `<source>`s before the fallback `<img>`, in the order listed
    /// (a browser takes the first it supports, so AVIF should come before WebP).
    public static func alternates(of formats: [OutputFormat]) -> [OutputFormat] {
        formats.filter { $0 != fallback(of: formats) }
    }
}
