/// Exactly what the templates print: every string final, every URL relative.
///
/// Templates only loop and test flags; all decisions are made in `Presenter`.
public struct PageViewModel: ViewModel, Equatable, Sendable {
    /// Output path of the page, such as `index.html` or `day-one/index.html`.
    public var path: String
    /// Template that renders it: `page` (one photo), `overview` (a page of an album's grid) or
    /// `albums` (the album list).
    public var template: String
    /// Prefix from this page back to the site root: `""` or `"../"`.
    public var root: String
    public var galleryTitle: String
    public var title: String
    /// The `<title>`: the photo's, the album's and the gallery's names.
    public var documentTitle: String
    public var description: String?
    /// The album has photos (false: an empty album's overview says how to add some).
    public var hasImages: Bool
    /// Many images switch the control from labels to a strip of thumbnails.
    public var useThumbnailSegments: Bool
    /// A photo page's photo, and the window of the album's segments around it.
    public var photo: ImageViewModel? = nil
    public var segments: [SegmentViewModel] = []
    public var previousPhoto: AlbumNavLink? = nil
    public var nextPhoto: AlbumNavLink? = nil
    /// From a photo page: the overview page that shows it, at its tile, and the link's words.
    public var overviewLink: String? = nil
    public var overviewLabel: String? = nil
    /// An overview page's justified rows, and the links between its pages when there are several.
    public var rows: [GridRowViewModel] = []
    public var pagination: PaginationViewModel? = nil
    /// "30 photos", on overview pages.
    public var photoCount: String? = nil
    /// `viewer.slideshow`: seconds per photo of the slideshow photo pages offer; nil for none.
    public var slideshowSeconds: Int? = nil
    public var albums: [AlbumLinkViewModel]
    public var hasAlbums: Bool
    /// Link back to the album list, on album pages of a multi-album gallery.
    public var parentLink: String?
    public var generator: String
    /// The neighbouring albums, on album pages of a multi-album gallery.
    public var previousAlbum: AlbumNavLink? = nil
    public var nextAlbum: AlbumNavLink? = nil
    /// With `base_url`: this page's public address, and what link previews show.
    public var canonicalURL: String? = nil
    public var preview: PreviewViewModel? = nil
    /// Fingerprinted stylesheet and script, relative to this page (set by the site renderer).
    public var stylesheet: String = ""
    public var script: String = ""

    public static let fields: ViewModelFields<Self> = [
        .init("path") { $0.path },
        .init("template") { $0.template },
        .init("root") { $0.root },
        .init("galleryTitle") { $0.galleryTitle },
        .init("title") { $0.title },
        .init("documentTitle") { $0.documentTitle },
        .init("description") { $0.description },
        .init("hasImages") { $0.hasImages },
        .init("useThumbnailSegments") { $0.useThumbnailSegments },
        .init("photo") { $0.photo },
        .init("segments") { $0.segments },
        .init("previousPhoto") { $0.previousPhoto },
        .init("nextPhoto") { $0.nextPhoto },
        .init("overviewLink") { $0.overviewLink },
        .init("overviewLabel") { $0.overviewLabel },
        .init("rows") { $0.rows },
        .init("pagination") { $0.pagination },
        .init("photoCount") { $0.photoCount },
        .init("slideshowSeconds") { $0.slideshowSeconds },
        .init("albums") { $0.albums },
        .init("hasAlbums") { $0.hasAlbums },
        .init("parentLink") { $0.parentLink },
        .init("generator") { $0.generator },
        .init("previousAlbum") { $0.previousAlbum },
        .init("nextAlbum") { $0.nextAlbum },
        .init("canonicalURL") { $0.canonicalURL },
        .init("preview") { $0.preview },
        .init("stylesheet") { $0.stylesheet },
        .init("script") { $0.script },
    ]
}

/// Open Graph: the title, description and first image of a page, as absolute URLs.
public struct PreviewViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    public var summary: String?
    public var image: String?
    public var imageWidth: Int?
    public var imageHeight: Int?
    public var imageAlt: String?

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("summary") { $0.summary },
        .init("image") { $0.image },
        .init("imageWidth") { $0.imageWidth },
        .init("imageHeight") { $0.imageHeight },
        .init("imageAlt") { $0.imageAlt },
    ]
}

/// A link to a neighbouring album or photo, by its title.
public struct AlbumNavLink: ViewModel, Equatable, Sendable {
    public var title: String
    public var href: String

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("href") { $0.href },
    ]
}

public struct ImageViewModel: ViewModel, Equatable, Sendable {
    public var slug: String
    public var tabID: String
    public var title: String
    public var caption: String?
    public var alt: String
    public var src: String
    public var srcset: String
    /// The `<source>`s of the photo's `<picture>`: its AVIF and WebP renditions, before the `<img>`.
    public var sources: [PictureSourceViewModel] = []
    public var sizes: String
    public var width: Int
    public var height: Int
    public var thumbnailSrc: String
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int
    public var largestHref: String
    public var largestWidth: Int
    public var largestHeight: Int
    public var isFirst: Bool
    /// `"true"` / `"false"`, as ARIA wants it.
    public var ariaSelected: String
    public var loading: String
    public var position: String
    /// A tiny data: URI shown under the image until it loads.
    public var placeholder: String?
    /// "2019-05-04 12:30 · Canon EOS 5D · 1/250 s · ƒ/8 · ISO 100 · 35 mm", or nil.
    public var photoFacts: String?
    /// The photo's own file (`viewer.originals`), relative to the page; nil when not published.
    public var originalHref: String? = nil

    public static let fields: ViewModelFields<Self> = [
        .init("slug") { $0.slug },
        .init("tabID") { $0.tabID },
        .init("title") { $0.title },
        .init("caption") { $0.caption },
        .init("alt") { $0.alt },
        .init("src") { $0.src },
        .init("srcset") { $0.srcset },
        .init("sources") { $0.sources },
        .init("sizes") { $0.sizes },
        .init("width") { $0.width },
        .init("height") { $0.height },
        .init("thumbnailSrc") { $0.thumbnailSrc },
        .init("thumbnailWidth") { $0.thumbnailWidth },
        .init("thumbnailHeight") { $0.thumbnailHeight },
        .init("largestHref") { $0.largestHref },
        .init("largestWidth") { $0.largestWidth },
        .init("largestHeight") { $0.largestHeight },
        .init("isFirst") { $0.isFirst },
        .init("ariaSelected") { $0.ariaSelected },
        .init("loading") { $0.loading },
        .init("position") { $0.position },
        .init("placeholder") { $0.placeholder },
        .init("photoFacts") { $0.photoFacts },
        .init("originalHref") { $0.originalHref },
    ]
}

/// One `<source type=… srcset=…>` of a `<picture>`.
public struct PictureSourceViewModel: ViewModel, Equatable, Sendable {
    public var type: String
    public var srcset: String

    public static let fields: ViewModelFields<Self> = [
        .init("type") { $0.type },
        .init("srcset") { $0.srcset },
    ]
}

public struct AlbumLinkViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    public var href: String
    /// Named apart from the page's `description`, which Mustache would find instead when this is nil.
    public var summary: String?
    public var count: String
    public var cover: CoverViewModel?

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("href") { $0.href },
        .init("summary") { $0.summary },
        .init("count") { $0.count },
        .init("cover") { $0.cover },
    ]
}

public struct CoverViewModel: ViewModel, Equatable, Sendable {
    public var src: String
    public var width: Int
    public var height: Int
    public var alt: String

    public static let fields: ViewModelFields<Self> = [
        .init("src") { $0.src },
        .init("width") { $0.width },
        .init("height") { $0.height },
        .init("alt") { $0.alt },
    ]
}
