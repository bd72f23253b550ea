import GalgenCore

/// The present stage an album at a time: a build holds one album's page view models, never the
/// whole site's. `front()` is the album list (a gallery of albums only), then `pages(ofAlbum:)`
/// gives each album's overview and photo pages, in the order of `gallery.albums`; together they
/// are `Presenter.present`, page for page.
///
/// What crosses albums is worked out once, up front, and kept small: each album's count of
/// photos shown and its first photo (the album list's cover and the front page's link preview).
public struct SitePresentation {
    let gallery: Gallery
    let plan: BuildPlan
    /// A source's rendered image, if it has one.
    let rendered: (ImageSource) -> RenderedImage?
    let generator: String
    /// The sources whose own file is published (`viewer.originals`), and where.
    let originals: [ImageSource: String]
    /// Per album of a gallery of albums: how many photos it shows and its first.
    let covers: [(count: Int, first: ShownImage?)]
    /// Every published tag and its photos (empty with `tags: false`).
    let tagIndex: TagIndex
    /// Every published place and its photos (empty without `places:`), and each shown item's place.
    let placeIndex: PlaceIndex
    let placeOf: [ImageSource: Place]
    /// The site's strings, made once (`gallery.labels` builds its table each time).
    let labels: Labels
    /// Each album's zip (`downloads: zip`) by the album's slug, for its "Download all" link.
    public var downloads: [String: AlbumZip] = [:]
    /// Private albums with `listed: true`: on the album list, their title with a lock and a link
    /// to their password form, nothing else of them (`PrivateSplit.lockedAlbums`).
    public var lockedAlbums: [(title: String, folder: String)] = []

    public init(gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage], generator: String,
                originals: [ImageSource: String] = [:]) {
        self.init(gallery: gallery, plan: plan, generator: generator, originals: originals) { rendered[$0] }
    }

    /// `rendered` finds a source's image where the build keeps it (no copy of a table of every photo).
    init(gallery: Gallery, plan: BuildPlan, generator: String, originals: [ImageSource: String],
         rendered: @escaping (ImageSource) -> RenderedImage?) {
        self.gallery = gallery
        self.plan = plan
        self.rendered = rendered
        self.generator = generator
        self.originals = originals
        // Each album's photos are worked out once here, for its cover and its tags (`TagIndex`).
        var tagged = TagIndex.Builder()
        var located = PlaceIndex.Builder()
        var placeOf: [ImageSource: Place] = [:]
        // One album's items at a time (never the whole gallery's): its tags, and with `places:` its places.
        func index(_ album: Album, position: Int, shown: [ShownImage]) {
            if gallery.tags.enabled { tagged.add(album: album, position: position, shown: shown) }
            guard gallery.places != nil else { return }
            PlaceLookup.add(shown.lazy.map(\.image.source), gallery: gallery, rendered: rendered, to: &placeOf)
            located.add(album: album, position: position, shown: shown) { placeOf[$0.image.source] }
        }
        covers = gallery.hasAlbums ? gallery.albums.enumerated().map { position, album in
            let shown = Presenter.shown(album, gallery: gallery, plan: plan, rendered: rendered)
            index(album, position: position, shown: shown)
            return (shown.count, shown.first)
        } : []
        // Without albums, the items are presented here only when they have tags or places to index.
        if !gallery.hasAlbums, let album = gallery.albums.first,
           gallery.places != nil || (gallery.tags.enabled && Presenter.anyTagged(album, gallery: gallery, rendered: rendered)) {
            index(album, position: 0, shown: Presenter.shown(album, gallery: gallery, plan: plan, rendered: rendered))
        }
        tagIndex = tagged.finish()
        self.placeOf = placeOf
        placeIndex = located.finish(language: gallery.language.tag)
        labels = gallery.labels
    }

    /// How many albums `pages(ofAlbum:)` takes: a gallery without albums is one.
    public var albumCount: Int { gallery.hasAlbums ? gallery.albums.count : 1 }

    /// The album list of a gallery of albums (`index.html`); nil for a gallery without albums,
    /// whose first overview page is the front page.
    public func front() -> PageViewModel? {
        guard gallery.hasAlbums else { return nil }
        let index = OutputLayout.index
        let labels = gallery.labels
        let albumLinks = zip(gallery.albums, covers).filter { !$0.0.unlisted }.map { album, cover in
            AlbumLinkViewModel(
                title: album.title, href: OutputLayout.href(from: index, to: plan.layout.page(of: album)), summary: album.description,
                count: Presenter.photos(cover.count, labels),
                cover: cover.first.map { first in
                    CoverViewModel(src: OutputLayout.href(from: index, to: first.planned.path(of: first.smallest)),
                                   width: first.smallest.width, height: first.smallest.height, alt: first.image.alt ?? first.image.title)
                })
        } + lockedAlbums.map { locked in
            AlbumLinkViewModel(title: locked.title, href: OutputLayout.href(from: index, to: locked.folder + index), summary: nil,
                               count: "\u{1F512} " + labels.text("privateHeading"), cover: nil)
        }
        let frame = PageFrame(
            path: index, root: OutputLayout.root(of: index), galleryTitle: gallery.title, title: gallery.title,
            documentTitle: gallery.title, description: gallery.description, hasImages: false,
            useThumbnailSegments: false, parentLink: nil, generator: generator, labels: labels)
        var front = [PageViewModel(frame: frame, body: .albums(AlbumsPageBody(albums: albumLinks, hasAlbums: !albumLinks.isEmpty)))]
        linkTagsIndex(&front)
        linkPlacesIndex(&front)
        guard let base = gallery.baseURL else { return front[0] }
        // The first listed album's cover.
        let firstListed = zip(gallery.albums, covers).first { !$0.0.unlisted }?.1
        let preview = firstListed?.first.map { Presenter.PreviewImage($0, $0.smallest) }
        return withFeedLinks(Presenter.addressed(front[0], base: base, gallery: gallery, preview: preview), album: nil)
    }

    /// Album `position`'s overview pages, then its photo pages, in the album's order (with a
    /// gallery without albums, position 0 is the gallery's one album).
    public func pages(ofAlbum position: Int) -> [PageViewModel] {
        presented(ofAlbum: position).pages
    }

    /// Album `position`'s pages, and its newest items for the feeds, from one presentation of its
    /// items (`PresentedAlbum`).
    public func presented(ofAlbum position: Int) -> PresentedAlbum {
        let album = gallery.hasAlbums ? gallery.albums[position]
            : gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])
        let shown = Presenter.shown(album, gallery: gallery, plan: plan, rendered: rendered).map { entry in
            var entry = entry
            entry.original = originals[entry.image.source]
            return entry
        }
        var pages = Presenter.albumPages(album, shown: shown, gallery: gallery, plan: plan, generator: generator)
        addDownloads(&pages, album: album, shown: shown)
        linkTags(&pages, album: album, shown: shown)
        linkPlaces(&pages, album: album, shown: shown)
        if gallery.hasAlbums { linkNeighbours(&pages, position: position) }
        if album.unlisted {
            for page in pages.indices { pages[page].noindex = true }
        } else {
            linkTagsIndex(&pages)
            linkPlacesIndex(&pages)
        }
        guard let base = gallery.baseURL else { return PresentedAlbum(pages: pages, feed: []) }
        let previews = Presenter.previewImages(album, shown: shown, plan: plan)
        return PresentedAlbum(pages: pages.map { withFeedLinks(Presenter.addressed($0, base: base, gallery: gallery, preview: previews[$0.path]), album: album) },
                              feed: feedEntries(album, shown: shown))
    }

    /// The folders of the unlisted albums: their pages (`family-k3j9x0q2ma/`) and their own
    /// renditions (`images/family-k3j9x0q2ma/`). No file outside them names them.
    public var unlistedFolders: [String] {
        gallery.albums.filter(\.unlisted).flatMap { [plan.layout.folder(of: $0), OutputLayout.imagesFolder + $0.slug + "/"] }
    }

    /// The previous and next listed albums, linked from each of a listed album's overview pages
    /// (an unlisted album links none, and none links it).
    private func linkNeighbours(_ pages: inout [PageViewModel], position: Int) {
        let listed = gallery.albums.indices.filter { !gallery.albums[$0].unlisted }
        guard let place = listed.firstIndex(of: position) else { return }
        for page in pages.indices {
            guard case var .overview(body) = pages[page].body else { continue }
            let path = pages[page].path
            let link = { (other: Int) in
                AlbumNavLink(title: gallery.albums[other].title, href: OutputLayout.href(from: path, to: plan.layout.page(of: gallery.albums[other])))
            }
            body.previousAlbum = place > 0 ? link(listed[place - 1]) : nil
            body.nextAlbum = place + 1 < listed.count ? link(listed[place + 1]) : nil
            pages[page].body = .overview(body)
        }
    }
}
