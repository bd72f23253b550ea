import GalgenCore

/// One segment of a photo page's control: a tab that is a link to its photo's page. The same on
/// each photo page around its photo (but for being selected): rendered once for them (`RepeatedScope`).
public struct SegmentViewModel: ViewModel, RepeatedScope, Sendable {
    public var tabID: String
    public var title: String
    /// The photo's page, relative to the page the segment is on.
    public var href: String
    public var thumbnailSrc: String
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int
    /// Every rendition, and the thumbnail's slot (56 px high, as wide as its proportions make it):
    /// the browser fetches the smallest rendition that covers it at the screen's density.
    public var thumbnailSrcset: String
    public var thumbnailSizes: String
    /// Its AVIF and WebP renditions, as `<source>`s before the `<img>`.
    public var thumbnailSources: [PictureSourceViewModel]
    /// `"true"` on the page's own photo, as ARIA wants it.
    public var ariaSelected: String
    public var isSelected: Bool
    /// Its place in the whole album (1-based) and the album's size, for `aria-posinset`/`aria-setsize`:
    /// the control shows a window of the album.
    public var positionInAlbum: Int
    public var albumSize: Int
    /// A video's segment shows a play badge and its duration ("0:42"); a Live Photo's a badge.
    public var duration: String? = nil
    public var isLive = false
    public var isVideo = false

    public static let fields: ViewModelFields<Self> = [
        .init("tabID") { $0.tabID },
        .init("title") { $0.title },
        .init("href") { $0.href },
        .init("thumbnailSrc") { $0.thumbnailSrc },
        .init("thumbnailWidth") { $0.thumbnailWidth },
        .init("thumbnailHeight") { $0.thumbnailHeight },
        .init("thumbnailSrcset") { $0.thumbnailSrcset },
        .init("thumbnailSizes") { $0.thumbnailSizes },
        .init("thumbnailSources") { $0.thumbnailSources },
        .init("ariaSelected") { $0.ariaSelected },
        .init("isSelected") { $0.isSelected },
        .init("positionInAlbum") { $0.positionInAlbum },
        .init("albumSize") { $0.albumSize },
        .init("duration") { $0.duration },
        .init("isLive") { $0.isLive },
        .init("isVideo") { $0.isVideo },
    ]

    /// Its photo's place and whether it is selected: the memo compares the rest.
    public var repeatKey: Int { positionInAlbum &* 2 &+ (isSelected ? 1 : 0) }
}
