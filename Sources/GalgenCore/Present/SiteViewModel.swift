/// Exactly what the templates print: every string final, every URL relative.
///
/// Templates only loop and test flags; all decisions are made in `Presenter`.
public struct PageViewModel: Equatable, Sendable {
    /// Output path of the page, such as `index.html` or `day-one/index.html`.
    public var path: String
    /// Template that renders it: `page` (one album) or `albums` (the album list).
    public var template: String
    /// Prefix from this page back to the site root: `""` or `"../"`.
    public var root: String
    public var galleryTitle: String
    public var title: String
    /// Shown in the browser tab before any image is selected.
    public var documentTitle: String
    public var description: String?
    public var images: [ImageViewModel]
    public var hasImages: Bool
    /// Many images switch the control from labels to a strip of thumbnails.
    public var useThumbnailSegments: Bool
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
}

/// Open Graph: the title, description and first image of a page, as absolute URLs.
public struct PreviewViewModel: Equatable, Sendable {
    public var title: String
    public var summary: String?
    public var image: String?
    public var imageWidth: Int?
    public var imageHeight: Int?
    public var imageAlt: String?
}

public struct AlbumNavLink: Equatable, Sendable {
    public var title: String
    public var href: String
}

public struct ImageViewModel: Equatable, Sendable {
    public var slug: String
    public var tabID: String
    public var title: String
    public var caption: String?
    public var alt: String
    public var src: String
    public var srcset: String
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
}

public struct AlbumLinkViewModel: Equatable, Sendable {
    public var title: String
    public var href: String
    /// Named apart from the page's `description`, which Mustache would find instead when this is nil.
    public var summary: String?
    public var count: String
    public var cover: CoverViewModel?
}

public struct CoverViewModel: Equatable, Sendable {
    public var src: String
    public var width: Int
    public var height: Int
    public var alt: String
}
