import Foundation

/// A validated gallery.yml: the single source of truth for a build.
public struct Gallery: Equatable, Sendable {
    public var title: String
    public var description: String?
    public var baseURL: String?
    /// A folder of templates replacing the built-in ones, relative to gallery.yml.
    public var templatePath: String?
    /// `thumbnails:`, the renditions every photo gets.
    public var thumbnails: RenditionRequest
    public var download: DownloadSettings
    /// The photo pages' options: a slideshow, links to the original files.
    public var viewer = ViewerSettings()
    /// Set when gallery.yml uses `albums:`; a top-level `images:` list is one unnamed album.
    public var hasAlbums: Bool
    public var albums: [Album]
    /// `sort:` and `reverse:` at the top: the order of every album that does not set its own.
    public var order = PhotoOrder()
    /// Folder trees that become albums (`albums: photos/`), placed among `albums` until expanded.
    public var trees: [Placed<AlbumTree>] = []
    /// `feeds:`, `tags:`, `downloads:`, `language:` and `labels:` (ShareSettings.swift).
    public var feeds = FeedSettings()
    public var tags = TagSettings()
    public var downloads = AlbumDownloads.none
    public var language = SiteLanguage()
    /// `details:`: what a photo page's details panel shows (`DetailGroup`), unless an album or a photo says otherwise.
    public var details = DetailGroup.all
    /// `rights:`: the photos' creator, copyright and licence, unless an album or a photo says otherwise.
    public var rights = RightsSettings()
    /// `watermark:`: the mark over the larger renditions, unless an album or a photo says otherwise.
    public var watermark = WatermarkSettings()
    /// The marks' pixels by the path gallery.yml gives them, loaded (an SVG drawn) after it is
    /// read (`BuildPipeline.loadWatermarks`); empty until then.
    public var watermarkImages: [String: WatermarkImage] = [:]
    /// `places:`: nil (the default) publishes nothing about where anything was taken.
    public var places: PlacesSettings?

    public init(
        title: String, description: String? = nil, baseURL: String? = nil, templatePath: String? = nil,
        thumbnails: RenditionRequest = .galleryDefault, download: DownloadSettings = .init(),
        hasAlbums: Bool = false, albums: [Album] = []
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.templatePath = templatePath
        self.thumbnails = thumbnails
        self.download = download
        self.hasAlbums = hasAlbums
        self.albums = albums
    }

    public var allImages: [GalleryImage] { albums.flatMap(\.images) }

    /// Every source the gallery shows: each item's, and its Live Photo motion's when it has one.
    public var shownSources: Set<ImageSource> {
        Set(allImages.flatMap { [$0.source] + ($0.motion.map { [$0] } ?? []) })
    }
}

public struct Album: Equatable, Sendable {
    public var title: String
    public var slug: String
    public var description: String?
    public var images: [GalleryImage]
    /// The album's own `sort:`/`reverse:`; nil for the gallery's.
    public var order: PhotoOrder?
    /// Folder and glob entries, placed among `images` until expanded.
    public var groups: [Placed<PhotoGroup>] = []
    /// The album's own `downloads:`; nil for the gallery's.
    public var downloads: AlbumDownloads?
    /// `unlisted: true`: built, but in no listing, and at an address hard to guess
    /// (`UnlistedAddress`); `unlisted: k3j9x0q2ma` gives that address's random part.
    public var unlisted = false
    public var unlistedToken: String?
    /// `private:`: sealed at build time, opened with a password in the browser (`PrivateAccess`).
    public var privateAccess: PrivateAccess?
    /// The album's own `details:`; nil for the gallery's.
    public var details: Set<DetailGroup>?
    /// The album's own `rights:`, over the gallery's field by field.
    public var rights = RightsSettings()
    /// The album's own `watermark:`, over the gallery's field by field (`false`: none).
    public var watermark = WatermarkSettings()

    public init(title: String, slug: String, description: String? = nil, images: [GalleryImage]) {
        self.title = title
        self.slug = slug
        self.description = description
        self.images = images
    }
}

public struct GalleryImage: Equatable, Sendable {
    public var source: ImageSource
    public var title: String
    public var caption: String?
    /// Text alternative; the title is used when absent.
    public var alt: String?
    public var slug: String
    /// Where the image is listed in gallery.yml, for messages.
    public var location: SourceLocation
    /// Whether `title` was written in gallery.yml; otherwise it is the file's stem, and a sidecar's
    /// or the photo's own title comes first.
    public var titleGiven = true
    /// The sidecar file beside the photo (absolute), when there is one, and its words once read.
    public var sidecarPath: String?
    public var sidecar: SidecarWords?
    /// A folder entry's caption and alt text, for a photo without its own.
    public var fallbackCaption: String?
    public var fallbackAlt: String?
    /// When the file was last modified (nanoseconds since 1970), for `sort: date` without a date.
    public var modified: Int64?
    /// `poster: 12.5`: a video's poster is the frame at this second.
    public var posterTime: Double?
    /// A Live Photo's motion (the video with the still's stem beside it), shown with the still.
    public var motion: ImageSource?
    /// A video's poster image beside it (`IMG_1.MOV.jpg`, absolute), used as it is.
    public var posterPath: String?
    /// `tags: [...]` in gallery.yml, or a folder entry's, for each photo it brings in.
    public var tags: [String] = []
    /// Its own `details:` in gallery.yml (or its folder entry's); nil for its album's.
    public var details: Set<DetailGroup>?
    /// Its own `rights:` (or its folder entry's), over its album's field by field.
    public var rights = RightsSettings()
    /// Its own `watermark:` (or its folder entry's), over its album's field by field.
    public var watermark = WatermarkSettings()

    /// The file's name (the last part of its path or URL): for `sort: name` and dates in names.
    public var fileName: String { source.fileName }

    public init(source: ImageSource, title: String, caption: String? = nil, alt: String? = nil,
                slug: String, location: SourceLocation) {
        self.source = source
        self.title = title
        self.caption = caption
        self.alt = alt
        self.slug = slug
        self.location = location
    }
}

/// Where an image's bytes come from.
///
/// Two local sources are the same when they resolve to the same path, however they were written.
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// A file, with the path as written and resolved against gallery.yml's folder.
    case local(written: String, resolved: String)
    case remote(String)

    /// The file's name: the last part of its path or URL.
    public var fileName: String {
        switch self {
        case let .local(_, resolved):
            // After the last `/`, by bytes (a split by `Character` cost a merge of 10,000 a tenth of a second).
            guard let slash = resolved.utf8.lastIndex(of: UInt8(ascii: "/")) else { return resolved }
            let name = resolved[resolved.utf8.index(after: slash)...]
            return name.isEmpty ? resolved.split(separator: "/").last.map(String.init) ?? resolved : String(name)
        case let .remote(url):
            let path = URLComponents(string: url)?.path ?? url
            return path.split(separator: "/").last.map(String.init) ?? path
        }
    }

    public static func == (lhs: ImageSource, rhs: ImageSource) -> Bool {
        switch (lhs, rhs) {
        case let (.local(_, a), .local(_, b)): a == b
        case let (.remote(a), .remote(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .local(_, resolved): hasher.combine(0); hasher.combine(resolved)
        case let .remote(url): hasher.combine(1); hasher.combine(url)
        }
    }

    public var description: String {
        switch self {
        case let .local(written, _): written
        case let .remote(url): URLRedaction.redact(url)
        }
    }
}

/// `viewer:` in gallery.yml. Everything is off unless asked for.
public struct ViewerSettings: Equatable, Sendable {
    /// Seconds per photo of the slideshow a photo page offers (a play/pause button); nil for none.
    public var slideshowSeconds: Int?
    /// Each photo page links the photo's own file ("Original"). A file that records where it was
    /// taken (GPS in its EXIF or XMP) is left out, with a warning, unless `originalsWithLocation`.
    public var originals = false
    public var originalsWithLocation = false

    public init(slideshowSeconds: Int? = nil, originals: Bool = false, originalsWithLocation: Bool = false) {
        self.slideshowSeconds = slideshowSeconds
        self.originals = originals
        self.originalsWithLocation = originalsWithLocation
    }
}

/// `thumbnails.colour`: the colour space of the renditions of RGB and gray photos.
/// CMYK photos are always converted to sRGB (browsers cannot show CMYK faithfully).
public enum ThumbnailColour: String, CaseIterable, Equatable, Sendable {
    /// The photo's own profile travels with its renditions (Display P3 stays P3): the default.
    case keep
    /// Converted to sRGB through the photo's profile; the renditions carry no profile.
    case srgb
}

public struct DownloadSettings: Equatable, Sendable {
    public var concurrency: Int
    public var perHost: Int
    public var timeoutSeconds: Int
    public var maxBytes: Int
    public var allowInsecureHosts: [String]

    public init(concurrency: Int = 8, perHost: Int = 6, timeoutSeconds: Int = 30,
                maxBytes: Int = 100_000_000, allowInsecureHosts: [String] = []) {
        self.concurrency = concurrency
        self.perHost = perHost
        self.timeoutSeconds = timeoutSeconds
        self.maxBytes = maxBytes
        self.allowInsecureHosts = allowInsecureHosts
    }
}
