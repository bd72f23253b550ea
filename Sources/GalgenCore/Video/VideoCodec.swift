/// The encodings a video is published in (`video.formats`): an MP4 each, offered as
/// `<source>`s in the order listed (AV1 first, as AVIF is for photos; H.264 plays everywhere).
public enum VideoCodec: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case av1
    case h264

    /// Every published video is an MP4 (`+faststart`), whatever its codec.
    public static let fileSuffix = "mp4"
    public static let mediaType = "video/mp4"

    /// The `type` of its `<source>`: the container and, so a browser that cannot decode AV1
    /// skips it without downloading, the codec (RFC 6381).
    public var sourceType: String {
        switch self {
        case .av1: #"video/mp4; codecs="av01.0.08M.08, mp4a.40.2""#
        case .h264: #"video/mp4; codecs="avc1.640028, mp4a.40.2""#
        }
    }

    /// The format every browser plays, for the plain link and `og:video`: H.264 when listed.
    public static func fallback(of codecs: [VideoCodec]) -> VideoCodec {
        codecs.contains(.h264) ? .h264 : (codecs.first ?? .h264)
    }
}
