import GalgenCore

/// Open Graph: the title, description and first image of a page, as absolute URLs.
public struct PreviewViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    public var summary: String?
    public var image: String?
    public var imageWidth: Int?
    public var imageHeight: Int?
    public var imageAlt: String?
    /// A video page's MP4 (`og:video`), absolute, with its type and size.
    public var video: String? = nil
    public var videoType: String? = nil
    public var videoWidth: Int? = nil
    public var videoHeight: Int? = nil

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("summary") { $0.summary },
        .init("image") { $0.image },
        .init("imageWidth") { $0.imageWidth },
        .init("imageHeight") { $0.imageHeight },
        .init("imageAlt") { $0.imageAlt },
        .init("video") { $0.video },
        .init("videoType") { $0.videoType },
        .init("videoWidth") { $0.videoWidth },
        .init("videoHeight") { $0.videoHeight },
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
    /// "2019-05-04 12:30 · Canon EOS 5D · 1/250 s · f/8 · ISO 100 · 35 mm", or nil.
    public var photoFacts: String?
    /// The photo's own file (`viewer.originals`), relative to the page; nil when not published.
    public var originalHref: String? = nil
    /// The file to take home: the original when published, else the largest rendition (a video's
    /// largest MP4), with the name to save it under (`AlbumDownloadPlan.target`).
    public var download: DownloadLinkViewModel? = nil
    /// A video's player (its poster is `src`); nil for a photo.
    public var video: VideoViewModel? = nil
    /// A Live Photo's motion; nil for anything else.
    public var live: LiveViewModel? = nil
    /// A video's line: its duration, date and device.
    public var videoFacts: String? = nil
    /// Whether `video` is there (a template's `{{#isVideo}}` / `{{^isVideo}}`).
    public var isVideo = false
    /// A photo's details panel (`PhotoDetails`): camera, lens, exposure, time and size, as
    /// `details:` allows; empty for a video (its `videoFacts` line says what it has).
    public var details: [DetailViewModel] = []
    /// Whether `details` has a row (a template's `{{#hasDetails}}`).
    public var hasDetails = false
    /// Who made it and on what terms (`rights:`, else the file's own), with its JSON-LD; nil when unknown.
    public var rights: RightsViewModel? = nil

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
        .init("download") { $0.download },
        .init("video") { $0.video },
        .init("live") { $0.live },
        .init("videoFacts") { $0.videoFacts },
        .init("isVideo") { $0.isVideo },
        .init("details") { $0.details },
        .init("hasDetails") { $0.hasDetails },
        .init("rights") { $0.rights },
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
