import GalgenCore

/// What one kind of page shows besides its frame (`PageFrame`): a typed body per `PageKind`.
public enum PageBody: Equatable, Sendable {
    case photo(PhotoPageBody)
    case overview(OverviewPageBody)
    case albums(AlbumsPageBody)
    case tag(TagPageBody)
    case tags(TagsPageBody)
    case place(PlacePageBody)
    case places(PlacesPageBody)

    public var kind: PageKind {
        switch self {
        case .photo: .photo
        case .overview: .overview
        case .albums: .albums
        case .tag: .tag
        case .tags: .tags
        case .place: .place
        case .places: .places
        }
    }

    /// The body itself, which templates and the page key read as they read the frame.
    public var content: any ViewModel {
        switch self {
        case let .photo(body): body
        case let .overview(body): body
        case let .albums(body): body
        case let .tag(body): body
        case let .tags(body): body
        case let .place(body): body
        case let .places(body): body
        }
    }

    /// A name of the body for galgen's renderer, read where the body is rather than from a
    /// copy boxed as `content` (a box per name looked up on every page).
    func templateField(_ name: FieldName) -> TemplateData? {
        switch self {
        case let .photo(body): body.templateField(name)
        case let .overview(body): body.templateField(name)
        case let .albums(body): body.templateField(name)
        case let .tag(body): body.templateField(name)
        case let .tags(body): body.templateField(name)
        case let .place(body): body.templateField(name)
        case let .places(body): body.templateField(name)
        }
    }
}

/// A photo's own page: the photo, the window of the album's segments around it, and the ways
/// to the photos beside it and back to the overview.
public struct PhotoPageBody: ViewModel, Equatable, Sendable {
    public var photo: ImageViewModel
    public var segments: [SegmentViewModel]
    public var previousPhoto: AlbumNavLink?
    public var nextPhoto: AlbumNavLink?
    /// The overview page that shows the photo, at its tile, and the link's words.
    public var overviewLink: String
    public var overviewLabel: String
    /// `viewer.slideshow`: seconds per photo of the slideshow; nil for none.
    public var slideshowSeconds: Int?
    /// The photo's tags, each a link to its tag page (none with `tags: false`).
    public var tagLinks: [TagLinkViewModel] = []
    public var hasTags = false
    /// Where it was taken (`places:`), a link to the place's page when it has one.
    public var place: PlaceLinkViewModel? = nil

    public static let fields: ViewModelFields<Self> = [
        .init("photo") { $0.photo },
        .init("segments") { $0.segments },
        .init("previousPhoto") { $0.previousPhoto },
        .init("nextPhoto") { $0.nextPhoto },
        .init("overviewLink") { $0.overviewLink },
        .init("overviewLabel") { $0.overviewLabel },
        .init("slideshowSeconds") { $0.slideshowSeconds },
        .init("tagLinks") { $0.tagLinks },
        .init("hasTags") { $0.hasTags },
        .init("place") { $0.place },
    ]
}

/// A page of an album's overview: justified rows, the links between its pages, and the
/// neighbouring albums (in a gallery of albums).
public struct OverviewPageBody: ViewModel, Equatable, Sendable {
    public var rows: [GridRowViewModel]
    /// The links between the overview's pages when there are several.
    public var pagination: PaginationViewModel?
    /// "30 photos", or "Photos 101–200 of 3,000" on one of several pages.
    public var photoCount: String
    public var previousAlbum: AlbumNavLink? = nil
    public var nextAlbum: AlbumNavLink? = nil
    /// `downloads: zip`: the album's zip, "Download all (12 photos, 1.2 GB)".
    public var downloadAll: DownloadLinkViewModel? = nil

    public static let fields: ViewModelFields<Self> = [
        .init("rows") { $0.rows },
        .init("pagination") { $0.pagination },
        .init("photoCount") { $0.photoCount },
        .init("previousAlbum") { $0.previousAlbum },
        .init("nextAlbum") { $0.nextAlbum },
        .init("downloadAll") { $0.downloadAll },
    ]
}

/// The album list: a link per album, with its cover.
public struct AlbumsPageBody: ViewModel, Equatable, Sendable {
    public var albums: [AlbumLinkViewModel]
    public var hasAlbums: Bool

    public static let fields: ViewModelFields<Self> = [
        .init("albums") { $0.albums },
        .init("hasAlbums") { $0.hasAlbums },
    ]
}
