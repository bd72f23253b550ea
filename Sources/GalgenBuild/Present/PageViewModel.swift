import GalgenCore
import Mustache

/// Exactly what the templates print: every string final, every URL relative.
///
/// A page is the frame every kind of page shares and the body of its kind. Templates and the
/// page key (`PageKey`) read the frame, then the body; a field of another kind is not there.
/// Templates only loop and test flags; all decisions are made in `Presenter`.
@dynamicMemberLookup
public struct PageViewModel: MustacheParent, TemplateScope, ViewModelValue, Equatable, Sendable {
    public var frame: PageFrame
    public var body: PageBody

    public init(frame: PageFrame, body: PageBody) {
        self.frame = frame
        self.body = body
    }

    public var kind: PageKind { body.kind }

    public subscript<Value>(dynamicMember field: WritableKeyPath<PageFrame, Value>) -> Value {
        get { frame[keyPath: field] }
        set { frame[keyPath: field] = newValue }
    }

    /// The bodies of each kind, nil on a page of another kind.
    public var photoPage: PhotoPageBody? { if case let .photo(body) = body { body } else { nil } }
    public var overview: OverviewPageBody? { if case let .overview(body) = body { body } else { nil } }
    public var albumList: AlbumsPageBody? { if case let .albums(body) = body { body } else { nil } }

    /// `template`, the kind's name, as pages have always answered it; then the frame; then the body.
    public func child(named name: String) -> Any? {
        if name == Self.kindKey { return kind.template }
        return frame.child(named: name) ?? body.content.child(named: name)
    }

    /// The same lookup for galgen's renderer.
    public func templateField(_ name: FieldName) -> TemplateData? {
        if name.id == Self.kindName.id { return .text(kind.template) }
        return frame.templateField(name) ?? body.templateField(name)
    }

    static let kindKey = "template"
    static let kindName = FieldName(kindKey)

    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .scope(self) }

    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(kind.template)
        frame.fingerprint(into: &fingerprint)
        body.content.fingerprint(into: &fingerprint)
    }
}

/// What every kind of page has: where it is, the site's and the album's words, the way back to
/// the album list, and the head's tags and assets.
public struct PageFrame: ViewModel, Equatable, Sendable {
    /// Output path of the page, such as `index.html` or `day-one/index.html`.
    public var path: String
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
    /// Link back to the album list, on album pages of a multi-album gallery.
    public var parentLink: String?
    public var generator: String
    /// A page of an unlisted album: `<meta name="robots" content="noindex">`, and not in the sitemap.
    public var noindex = false
    /// The tags index (`tags/`), linked from the album list and the listed albums' overview pages.
    public var tagsIndexLink: String? = nil
    /// The places index, on the album list and listed albums' overviews (`places:`).
    public var placesIndexLink: String? = nil
    /// With `base_url`: this page's public address, and what link previews show.
    public var canonicalURL: String? = nil
    public var preview: PreviewViewModel? = nil
    /// With `base_url` and feeds: the site's feed, and an album's own on its pages.
    public var feeds: [FeedLinkViewModel] = []
    /// Fingerprinted stylesheet and script, relative to this page (set by the site renderer).
    public var stylesheet: String = ""
    public var script: String = ""
    /// The site's strings, read as `{{labels.key}}` (`LabelsViewModel`).
    public var labels: Labels = .standard

    public static let fields: ViewModelFields<Self> = [
        .init("path") { $0.path },
        .init("root") { $0.root },
        .init("galleryTitle") { $0.galleryTitle },
        .init("title") { $0.title },
        .init("documentTitle") { $0.documentTitle },
        .init("description") { $0.description },
        .init("hasImages") { $0.hasImages },
        .init("useThumbnailSegments") { $0.useThumbnailSegments },
        .init("parentLink") { $0.parentLink },
        .init("generator") { $0.generator },
        .init("noindex") { $0.noindex },
        .init("tagsIndexLink") { $0.tagsIndexLink },
        .init("placesIndexLink") { $0.placesIndexLink },
        .init("canonicalURL") { $0.canonicalURL },
        .init("preview") { $0.preview },
        .init("feeds") { $0.feeds },
        .init("stylesheet") { $0.stylesheet },
        .init("script") { $0.script },
        .init("labels") { LabelsViewModel($0.labels, generator: $0.generator, title: $0.title) },
    ]
}
