import GalgenCore

/// One justified row of an overview page: its tiles share a height at any width, because each
/// tile's width attribute is proportional to its aspect ratio and the row shrinks them alike.
public struct GridRowViewModel: ViewModel, Equatable, Sendable {
    public var tiles: [GridTileViewModel]
    /// A ragged last row: the width of the empty space that keeps its tiles at the row height.
    public var fillerWidth: Int?

    public static let fields: ViewModelFields<Self> = [
        .init("tiles") { $0.tiles },
        .init("fillerWidth") { $0.fillerWidth },
    ]
}

public struct GridTileViewModel: ViewModel, Equatable, Sendable {
    /// `grid.<slug>`: the photo page's "All photos" link comes back to it.
    public var id: String
    public var title: String
    public var href: String
    public var src: String
    public var srcset: String
    public var sources: [PictureSourceViewModel]
    /// Its slot in the row, for the browser's choice of rendition.
    public var sizes: String
    public var width: Int
    public var height: Int
    public var alt: String
    public var loading: String
    /// A video's tile shows a play badge and its duration ("0:42"); a Live Photo's a badge.
    public var duration: String? = nil
    public var isLive = false
    public var isVideo = false

    public static let fields: ViewModelFields<Self> = [
        .init("id") { $0.id },
        .init("title") { $0.title },
        .init("href") { $0.href },
        .init("src") { $0.src },
        .init("srcset") { $0.srcset },
        .init("sources") { $0.sources },
        .init("sizes") { $0.sizes },
        .init("width") { $0.width },
        .init("height") { $0.height },
        .init("alt") { $0.alt },
        .init("loading") { $0.loading },
        .init("duration") { $0.duration },
        .init("isLive") { $0.isLive },
        .init("isVideo") { $0.isVideo },
    ]
}

/// The links between an overview's pages: previous, a window of numbers, next.
public struct PaginationViewModel: ViewModel, Equatable, Sendable {
    public var previous: String?
    public var next: String?
    public var numbers: [PageNumberViewModel]

    public static let fields: ViewModelFields<Self> = [
        .init("previous") { $0.previous },
        .init("next") { $0.next },
        .init("numbers") { $0.numbers },
    ]
}

public struct PageNumberViewModel: ViewModel, Equatable, Sendable {
    public var number: Int
    public var href: String
    public var isCurrent: Bool
    /// A gap in the numbers comes before this one ("…").
    public var afterGap: Bool

    public static let fields: ViewModelFields<Self> = [
        .init("number") { $0.number },
        .init("href") { $0.href },
        .init("isCurrent") { $0.isCurrent },
        .init("afterGap") { $0.afterGap },
    ]
}
