import GalgenCore

/// A page of a place's photos: justified rows like a tag's page, and the way back to the places index.
public struct PlacePageBody: ViewModel, Equatable, Sendable {
    public var rows: [GridRowViewModel]
    public var pagination: PaginationViewModel?
    /// "12 photos", or "Photos 101–200 of 340" on one of several pages.
    public var photoCount: String
    /// The places index, linked from the page.
    public var placesLink: String
    /// `tagsLink` for a template folder made before place pages (its `tag.mustache` renders this page).
    public var tagsLink: String
    /// Where the names come from (GeoNames, CC BY 4.0), as its licence asks.
    public var credit: String

    public static let fields: ViewModelFields<Self> = [
        .init("rows") { $0.rows },
        .init("pagination") { $0.pagination },
        .init("photoCount") { $0.photoCount },
        .init("placesLink") { $0.placesLink },
        .init("tagsLink") { $0.tagsLink },
        .init("credit") { $0.credit },
    ]
}

/// A page of the places index: the map (on the first page) and a link per place with its count.
/// `tags`/`albums` repeat `places` for a template folder made before place pages.
public struct PlacesPageBody: ViewModel, Equatable, Sendable {
    public var places: [TagLinkViewModel]
    public var hasPlaces: Bool
    public var tags: [TagLinkViewModel]
    public var hasTags: Bool
    public var albums: [TagLinkViewModel]
    public var hasAlbums: Bool
    public var pagination: PaginationViewModel?
    /// "42 places".
    public var placeCount: String
    /// The world map with a mark per place: inline SVG, made by galgen (`PlacesMap`); nil after the first page.
    public var map: String?
    public var credit: String

    public static let fields: ViewModelFields<Self> = [
        .init("places") { $0.places },
        .init("hasPlaces") { $0.hasPlaces },
        .init("tags") { $0.tags },
        .init("hasTags") { $0.hasTags },
        .init("albums") { $0.albums },
        .init("hasAlbums") { $0.hasAlbums },
        .init("pagination") { $0.pagination },
        .init("placeCount") { $0.placeCount },
        .init("map") { $0.map },
        .init("credit") { $0.credit },
    ]
}

/// A photo page's place: its name, and a link to the place's page when it has one.
public struct PlaceLinkViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    public var href: String?

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("href") { $0.href },
    ]
}
