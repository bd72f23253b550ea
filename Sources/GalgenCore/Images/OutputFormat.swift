/// The encodings a rendition can be published in (`thumbnails.formats`).
public enum OutputFormat: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case avif
    case webp
    case jpeg
    /// Opt-in: Safari (since 17) and recent Chromium show it, Firefox does not; offered first (`alternates`).
    case jxl

    /// The format a rendition of this kind is, whose identity (suffix, media type) it has.
    public var imageFormat: ImageFormat {
        switch self {
        case .avif: .avif
        case .webp: .webp
        case .jpeg: .jpeg
        case .jxl: .jxl
        }
    }

    public var fileExtension: String { imageFormat.identity.fileSuffix }

    /// The `type` of a `<source>` element.
    public var mimeType: String { imageFormat.identity.mediaType }

    /// The format of the `<img>` every browser can show, and of the thumbnails and "Full size" link:
    /// JPEG when it is listed, else the most widely supported format listed (WebP before AVIF);
    /// never JPEG XL while another is listed (gallery.yml may not list it alone, `onlyJXL`).
    public static func fallback(of formats: [OutputFormat]) -> OutputFormat {
        [.jpeg, .webp, .avif].first { formats.contains($0) } ?? formats.first ?? .jpeg
    }

    /// The formats offered as `<source>`s before the fallback `<img>`: JPEG XL first (the few
    /// browsers that show it take it, the others pass it by at no cost), then the others in the
    /// order listed (a browser takes the first it supports, so AVIF should come before WebP).
    public static func alternates(of formats: [OutputFormat]) -> [OutputFormat] {
        let offered = formats.filter { $0 != fallback(of: formats) }
        return offered.filter { $0 == .jxl } + offered.filter { $0 != .jxl }
    }
}
