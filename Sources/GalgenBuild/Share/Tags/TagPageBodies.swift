import GalgenCore

/// A page of a tag's photos: justified rows like an album's overview (whose template renders it
/// in a template folder made before tag pages), and the way back to the tags index.
public struct TagPageBody: ViewModel, Equatable, Sendable {
    public var rows: [GridRowViewModel]
    public var pagination: PaginationViewModel?
    /// "12 photos", or "Photos 101–200 of 340" on one of several pages.
    public var photoCount: String
    /// The tags index, linked from the page.
    public var tagsLink: String

    public static let fields: ViewModelFields<Self> = [
        .init("rows") { $0.rows },
        .init("pagination") { $0.pagination },
        .init("photoCount") { $0.photoCount },
        .init("tagsLink") { $0.tagsLink },
    ]
}

/// A page of the tags index: a link per tag with its count. `albums` and `hasAlbums` repeat
/// `tags` and `hasTags` for a template folder made before tag pages (the album list renders it).
public struct TagsPageBody: ViewModel, Equatable, Sendable {
    public var tags: [TagLinkViewModel]
    public var hasTags: Bool
    public var albums: [TagLinkViewModel]
    public var hasAlbums: Bool
    public var pagination: PaginationViewModel?
    /// "42 tags".
    public var tagCount: String

    public static let fields: ViewModelFields<Self> = [
        .init("tags") { $0.tags },
        .init("hasTags") { $0.hasTags },
        .init("albums") { $0.albums },
        .init("hasAlbums") { $0.hasAlbums },
        .init("pagination") { $0.pagination },
        .init("tagCount") { $0.tagCount },
    ]
}

/// A link to a tag's page: on a photo's page (no count) and on the tags index ("12 photos").
public struct TagLinkViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    public var href: String
    public var count: String?

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("href") { $0.href },
        .init("count") { $0.count },
    ]
}
