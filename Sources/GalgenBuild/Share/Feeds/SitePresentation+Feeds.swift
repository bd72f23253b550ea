import GalgenCore

/// The Atom feeds (`feed.xml` at the root and in each listed album's folder), made from the same
/// presentation as the pages, an album at a time: a build keeps only the site feed's newest
/// entries between albums (`NewestEntries`), never the whole site's.
extension SitePresentation {
    /// `feeds:` is on and the site has a `base_url` (a feed's links must be absolute).
    public var writesFeeds: Bool { gallery.feeds.enabled && gallery.baseURL != nil }

    /// Why there are no feeds although gallery.yml asks for them, if so: said once per build.
    public var feedsSkippedReason: String? {
        guard gallery.feeds.enabled, gallery.feeds.asked, gallery.baseURL == nil else { return nil }
        return "no feeds: feeds need base_url in gallery.yml (the address the site is published at, such as "
            + "https://example.com/photos/); add it, or write feeds: false"
    }

    /// Album `position`'s own feed file (a gallery of albums, a listed album), its entries added
    /// to `newest` for the site's feed; nothing for the album list (`position` -1) or without feeds.
    /// `entries`: the album's, as `presented(ofAlbum:)` gave them (nil: worked out here).
    public func feedFiles(ofAlbum position: Int, entries: [AtomEntry]? = nil, newest: inout NewestEntries) -> [OutputFile] {
        guard position >= 0, writesFeeds else { return [] }
        let entries = entries ?? feedEntries(ofAlbum: position)
        newest.add(entries, album: position)
        return [albumFeed(position: position, entries: entries)].compactMap { $0 }
    }

    /// An empty list of the site feed's entries, to hand to `feedFiles(ofAlbum:newest:)`.
    public var newestEntries: NewestEntries { NewestEntries(limit: gallery.feeds.limit) }

    /// The site feed's path.
    public static let siteFeedPath = "feed.xml"

    /// Album `position`'s newest `feeds.limit` items as feed entries, newest first: none for an
    /// unlisted album, or when no feeds are written.
    public func feedEntries(ofAlbum position: Int) -> [AtomEntry] {
        let album = feedAlbum(position)
        guard writesFeeds, !album.unlisted else { return [] }
        return feedEntries(album, shown: Presenter.shown(album, gallery: gallery, plan: plan, rendered: rendered))
    }

    /// `album`'s newest items, of `shown` (its items as its pages show them).
    func feedEntries(_ album: Album, shown: [ShownImage]) -> [AtomEntry] {
        guard writesFeeds, let base = gallery.baseURL, !album.unlisted else { return [] }
        let newest = FeedOrder.newestFirst(shown, order: album.order ?? gallery.order).prefix(gallery.feeds.limit)
        let ids = TagURI(base: base)
        let labels = gallery.labels
        return newest.map { entry(of: $0.item, date: $0.date, album: album, base: base, ids: ids, labels: labels) }
    }

    /// Album `position`'s own feed, of `entries`: nil for a gallery without albums (its feed is
    /// the site's), an unlisted album, or when no feeds are written.
    public func albumFeed(position: Int, entries: [AtomEntry]) -> OutputFile? {
        let album = feedAlbum(position)
        guard writesFeeds, gallery.hasAlbums, !album.unlisted, let base = gallery.baseURL else { return nil }
        let folder = plan.layout.folder(of: album)
        let feed = AtomFeed(id: TagURI(base: base).id(folder), title: "\(album.title) — \(gallery.title)", subtitle: album.description,
                            author: gallery.title, selfURL: base + URLPath.escape(folder + Self.siteFeedPath),
                            pageURL: base + URLPath.escape(folder), generator: generator, language: gallery.language.tag,
                            entries: entries)
        return OutputFile(path: folder + Self.siteFeedPath, text: feed.xml)
    }

    /// The site's feed (`feed.xml`): the newest entries of every listed album.
    public func siteFeed(_ newest: NewestEntries) -> OutputFile? {
        guard writesFeeds, let base = gallery.baseURL else { return nil }
        let feed = AtomFeed(id: TagURI(base: base).id(""), title: gallery.title, subtitle: gallery.description, author: gallery.title,
                            selfURL: base + Self.siteFeedPath, pageURL: base, generator: generator, language: gallery.language.tag,
                            entries: newest.entries)
        return OutputFile(path: Self.siteFeedPath, text: feed.xml)
    }

    /// The `<link rel="alternate" type="application/atom+xml">`s of a page at `path`: the site's
    /// feed, and on the pages of a listed album of a gallery of albums, the album's.
    func feedLinks(from path: String, album: Album?) -> [FeedLinkViewModel] {
        guard writesFeeds else { return [] }
        var links = [FeedLinkViewModel(title: gallery.title, href: OutputLayout.href(from: path, to: Self.siteFeedPath))]
        if gallery.hasAlbums, let album, !album.unlisted {
            links.append(FeedLinkViewModel(title: "\(album.title) — \(gallery.title)",
                                           href: OutputLayout.href(from: path, to: plan.layout.folder(of: album) + Self.siteFeedPath)))
        }
        return links
    }

    /// `page` with its feed links.
    func withFeedLinks(_ page: PageViewModel, album: Album?) -> PageViewModel {
        var page = page
        page.feeds = feedLinks(from: page.path, album: album)
        return page
    }

    /// The album at `position`, as `pages(ofAlbum:)` takes it.
    private func feedAlbum(_ position: Int) -> Album {
        gallery.hasAlbums ? gallery.albums[position] : gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])
    }

    /// An item as a feed entry: its page, and its image (a video's poster) at the largest
    /// rendition no wider than `FeedOrder.imageWidth`, in the fallback format every reader shows.
    private func entry(of item: ShownImage, date: CaptureTime?, album: Album, base: String, ids: TagURI, labels: Labels) -> AtomEntry {
        let folder = OutputLayout.folder(of: plan.layout.photoPage(of: album, slug: item.image.slug))
        let rendition = item.renditions.last { $0.width <= FeedOrder.imageWidth } ?? item.smallest
        let image = FeedMedia(url: base + URLPath.escape(item.planned.path(of: rendition)), type: rendition.format.mimeType,
                              width: rendition.width, height: rendition.height, length: rendition.byteCount)
        let mp4 = item.media.video?.largestPlayable
        let video = mp4.map {
            FeedMedia(url: base + URLPath.escape(item.planned.path(of: $0)), type: VideoCodec.mediaType, width: $0.width,
                      height: $0.height, length: $0.byteCount)
        }
        let title = item.image.title.isEmpty ? item.image.slug : item.image.title
        return AtomEntry(id: ids.id(String(folder.dropLast())), title: title, summary: item.image.caption, date: date,
                         pageURL: base + URLPath.escape(folder), image: image, alt: item.image.alt ?? title, video: video,
                         duration: item.duration.map { labels.text("videoDuration", ["duration": $0]) })
    }
}

/// An album's pages, and its newest items for the feeds (none without feeds): both from one
/// presentation of its items, so the feeds cost a build no second pass over an album.
public struct PresentedAlbum {
    public var pages: [PageViewModel]
    public var feed: [AtomEntry]

    public init(pages: [PageViewModel], feed: [AtomEntry]) {
        self.pages = pages
        self.feed = feed
    }
}

/// A link to a feed in a page's head.
public struct FeedLinkViewModel: ViewModel, Equatable, Sendable {
    public var title: String
    /// Relative to the page, like every link of the site.
    public var href: String

    public static let fields: ViewModelFields<Self> = [
        .init("title") { $0.title },
        .init("href") { $0.href },
    ]
}
