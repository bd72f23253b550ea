import GalgenCore

/// The present stage: gallery + rendered images → page view models. Pure.
///
/// Every album is an overview (its photos in justified rows, `OverviewLayout.photosPerPage` to a
/// page) and a page per photo, whose segmented control shows a window of the album around it
/// (`SegmentWindow`). Each page prints only what it shows, so a change to one photo's words
/// re-renders its own page, the pages whose window holds it and its overview page: a bounded
/// number, whatever the album's size.
public enum Presenter {
    /// Up to this many images, the segmented control shows titles; above, thumbnails.
    static let labelledSegmentLimit = 5
    static let sizes = "(min-width: 1100px) 1040px, calc(100vw - 2rem)"

    /// A photo page's photo is as wide as the column, unless the window is wider (in proportion)
    /// than the photo: then its height is the limit (the window less about 12rem of masthead and
    /// control, gallery.css `.photo`), and so is its width, which `sizes` says so the browser
    /// fetches no more pixels than are shown.
    static func sizes(aspect: Double) -> String {
        let ratio = Int((aspect * 1000).rounded())
        return "(min-aspect-ratio: \(ratio)/1000) calc((100vh - 12rem) * \(Double(ratio) / 1000)), " + sizes
    }

    /// Every page of the site: the album list (a gallery of albums), then each album's pages,
    /// then the tags index and each tag's pages.
    /// A build takes them from `SitePresentation` an album at a time instead.
    /// `originals`: the sources whose own file is published (`viewer.originals`), and where.
    public static func present(gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage],
                               generator: String, originals: [ImageSource: String] = [:]) -> [PageViewModel] {
        let site = SitePresentation(gallery: gallery, plan: plan, rendered: rendered, generator: generator, originals: originals)
        return [site.front()].compactMap { $0 } + (0..<site.albumCount).flatMap(site.pages(ofAlbum:))
            + site.tagsIndex() + (0..<site.tagCount).flatMap(site.pages(ofTag:))
            + site.placesIndex() + (0..<site.placeCount).flatMap(site.pages(ofPlace:))
    }

    /// The photos of an album that have renditions, in the album's order, each with its words
    /// resolved and what the page needs of it.
    static func shown(_ album: Album, gallery: Gallery, plan: BuildPlan, rendered: (ImageSource) -> RenderedImage?) -> [ShownImage] {
        let shown: [ShownImage] = album.images.compactMap { shownEntry($0, gallery: gallery, plan: plan, rendered: rendered) }
        let entries = shown.enumerated().map { index, entry in
            PhotoSorting.Entry(name: entry.image.fileName, path: entry.image.source.description,
                               taken: PhotoSorting.captureTime(metadata: entry.rendered.metadata, fileName: entry.image.fileName,
                                                               modified: entry.image.modified),
                               listed: index)
        }
        return PhotoSorting.order(entries, by: album.order ?? gallery.order).map { shown[$0] }
    }

    /// Whether any item of `album` has a tag (`PhotoWords.tags`), without presenting them: a
    /// gallery without albums presents its items for the tags index only when one has.
    static func anyTagged(_ album: Album, gallery: Gallery, rendered: (ImageSource) -> RenderedImage?) -> Bool {
        !album.unlisted && album.images.contains { image in
            rendered(image.source).map { !PhotoWords.tags(image, metadata: $0.metadata, settings: gallery.tags).isEmpty } ?? false
        }
    }

    /// One photo as a page shows it, its words resolved; nil when it has no renditions.
    static func shownEntry(_ image: GalleryImage, gallery: Gallery, plan: BuildPlan,
                           rendered: (ImageSource) -> RenderedImage?) -> ShownImage? {
        guard let result = rendered(image.source), !result.renditions.isEmpty,
              let planned = plan.planned(image.source) else { return nil }
        var entry = ShownImage(image: PhotoWords.resolved(image, metadata: result.metadata, tags: gallery.tags), rendered: result, planned: planned)
        entry.media = media(of: image, result, plan: plan, rendered: rendered)
        if case let .live(motion) = entry.media, let file = motion.file {
            switch motion.origin {
            case .embedded: entry.motion = (file, planned.motionPath(of: file))
            case let .movie(movie): entry.motion = plan.planned(movie).map { (file, $0.path(of: file)) }
            }
        }
        return entry
    }

    /// The item as this album shows it: a still that the pairing stage paired with a movie in this
    /// album (`GalleryImage.motion`, `LivePairing`) is a live item playing that movie's motion;
    /// anything else is as it was made (a Motion Photo is live by itself).
    static func media(of image: GalleryImage, _ result: RenderedImage, plan: BuildPlan,
                      rendered: (ImageSource) -> RenderedImage?) -> ItemMedia {
        if let movie = image.motion, plan.planned(movie) != nil, let details = rendered(movie)?.media.video {
            let motion = LiveMotion(details: details, origin: .movie(movie))
            if motion.file != nil { return .live(motion) }
        }
        return result.media
    }

    /// The image a link preview shows for a page: a photo page's photo, an overview page's first
    /// photo, the album list's first album's cover.
    struct PreviewImage {
        var path: String
        var width: Int
        var height: Int
        var alt: String
        /// A video page's H.264 MP4 (`og:video`).
        var video: VideoFile? = nil
        var videoPath: String? = nil

        init(_ entry: ShownImage, _ rendition: Rendition) {
            path = entry.planned.path(of: rendition)
            width = rendition.width
            height = rendition.height
            alt = entry.image.alt ?? entry.image.title
        }
    }

    /// The link previews of an album's photo pages (the photo) and overview pages (their first photo).
    static func previewImages(_ album: Album, shown: [ShownImage], plan: BuildPlan) -> [String: PreviewImage] {
        var previews: [String: PreviewImage] = [:]
        for entry in shown {
            var preview = PreviewImage(entry, entry.main)
            preview.video = entry.media.video?.largestPlayable
            preview.videoPath = preview.video.map { entry.planned.path(of: $0) }
            previews[plan.layout.photoPage(of: album, slug: entry.image.slug)] = preview
        }
        for number in 1...OverviewLayout.pageCount(photos: shown.count) {
            guard let first = OverviewLayout.range(ofPage: number, photos: shown.count).first.map({ shown[$0] }) else { continue }
            previews[plan.layout.overviewPage(of: album, number: number)] = PreviewImage(first, first.main)
        }
        return previews
    }

    /// The page's canonical address (a folder URL for index.html) and its link preview.
    static func addressed(_ page: PageViewModel, base: String, gallery: Gallery, preview: PreviewImage?) -> PageViewModel {
        var page = page
        page.canonicalURL = base + URLPath.escape(OutputLayout.folder(of: page.path))
        page.preview = PreviewViewModel(
            title: page.documentTitle, summary: page.photoPage?.photo.caption ?? page.description ?? gallery.description,
            image: preview.map { base + URLPath.escape($0.path) },
            imageWidth: preview?.width, imageHeight: preview?.height, imageAlt: preview?.alt,
            video: preview?.videoPath.map { base + URLPath.escape($0) }, videoType: preview?.video.map { _ in VideoCodec.mediaType },
            videoWidth: preview?.video?.width, videoHeight: preview?.video?.height)
        return page
    }

    /// An album's overview pages, then its photo pages, in the album's order.
    static func albumPages(_ album: Album, shown: [ShownImage], gallery: Gallery, plan: BuildPlan,
                           generator: String) -> [PageViewModel] {
        let title = gallery.hasAlbums ? album.title : gallery.title
        let context = AlbumContext(album: album, shown: shown, plan: plan, title: title,
                                   documentTitle: gallery.hasAlbums ? "\(album.title) — \(gallery.title)" : gallery.title,
                                   galleryTitle: gallery.title, hasAlbumList: gallery.hasAlbums, generator: generator,
                                   slideshowSeconds: gallery.viewer.slideshowSeconds, itemNoun: itemNoun(shown),
                                   labels: gallery.labels, details: album.details ?? gallery.details,
                                   rights: album.rights.over(gallery.rights))
        let segments = segments(context)
        // Each item's page on its own: on every core (a merge presents 10,000 while the site
        // writer copies renditions on one of them).
        var pages = Array(shown.indices).concurrentMap(threads: everyCore, minimumPerSlice: 64) {
            itemPage(context, segments: segments, index: $0)
        }
        // Moved along in their array, not copied into another.
        pages.insert(contentsOf: overviewPages(context), at: 0)
        return pages
    }

    /// An item's own page, of the kind its media kind calls for: the one place the present stage
    /// tells items apart (a video item would get its page here).
    static func itemPage(_ context: AlbumContext, segments: [SegmentViewModel], index: Int) -> PageViewModel {
        switch context.shown[index].kind {
        case .photo, .video: photoPage(context, segments: segments, index: index)
        }
    }

    /// What every page of an album shares.
    struct AlbumContext {
        var album: Album
        var shown: [ShownImage]
        var plan: BuildPlan
        var title: String
        var documentTitle: String
        var galleryTitle: String
        /// The gallery has `albums:`: every page links back to the album list.
        var hasAlbumList: Bool
        var generator: String
        var slideshowSeconds: Int?
        /// "photos", "videos" or "photos and videos" (`itemNoun`), worked out once per album.
        var itemNoun = "photos"
        /// The site's strings, in its language.
        var labels = Labels.standard
        /// What the album's details panels show (its `details:`, else the gallery's); a photo's own wins.
        var details = DetailGroup.all
        /// The album's `rights:` over the gallery's; a photo's own and its file's come in `imageModel`.
        var rights = RightsSettings()

        /// The labels' key for the album's items: `photos`, `videos` or `items` (both).
        var itemKey: String { Presenter.itemKey(itemNoun) }

        /// "1 photo", "3,000 photos", "1 video", "6 photos and videos", in the site's language.
        var itemCount: String { labels.text(itemKey, count: shown.count) }

        /// The frame of a page of this album at `path`, with the album's masthead; the body is the caller's.
        func frame(path: String, documentTitle: String) -> PageFrame {
            PageFrame(
                path: path, root: OutputLayout.root(of: path), galleryTitle: galleryTitle, title: title,
                documentTitle: documentTitle, description: album.description, hasImages: !shown.isEmpty,
                useThumbnailSegments: shown.count > Presenter.labelledSegmentLimit,
                parentLink: hasAlbumList ? OutputLayout.href(from: path, to: OutputLayout.index) : nil, generator: generator,
                labels: labels)
        }
    }

    /// "1 photo", "3,000 photos" (in English).
    static func photos(_ count: Int, _ labels: Labels = .standard) -> String {
        labels.text("photos", count: count)
    }

    /// The labels' key for `itemNoun`'s items: `photos`, `videos` or `items` (photos and videos).
    static func itemKey(_ noun: String) -> String {
        noun == "photos" || noun == "videos" ? noun : "items"
    }

    /// What an album's items are called: "photos", "videos", or "photos and videos".
    static func itemNoun(_ shown: [ShownImage]) -> String {
        let videos = shown.count { $0.kind == .video }
        return videos == 0 ? "photos" : videos == shown.count ? "videos" : "photos and videos"
    }


    /// 3000 → "3,000": thousands grouped with commas, as the page's English reads.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// "2019-05-04 12:30 · Canon EOS 5D · 105 mm · f/5 · 1/160 s · ISO 160", or nil when nothing is known.
    /// The date as the site's language writes it ("4. Mai 2019, 12:30").
    static func factsLine(_ facts: PhotoFacts, _ labels: Labels = .standard) -> String? {
        let parts = [facts.takenAt.flatMap(labels.date), facts.summary].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The photo of a photo page, `index` in an album of `count`.
    /// `details`: what its album's panels show; the photo's own `details:` wins.
    static func imageModel(_ shown: ShownImage, page: String, index: Int, count: Int, labels: Labels = .standard,
                           details: Set<DetailGroup> = DetailGroup.all, rights: RightsSettings = RightsSettings()) -> ImageViewModel {
        let (image, rendered) = (shown.image, shown.rendered)
        let smallest = shown.smallest, largest = shown.largest
        let video = videoModel(shown, page: page, labels: labels)
        let groups = image.details ?? details
        let rows = video == nil ? PhotoDetails.rows(rendered.facts, width: rendered.width, height: rendered.height, groups: groups,
                                                    labels: labels) : []
        var model = ImageViewModel(
            slug: image.slug, tabID: "tab.\(image.slug)", title: image.title, caption: image.caption,
            alt: image.alt ?? image.title, src: shown.href(shown.main, from: page), srcset: shown.srcset(from: page),
            sources: shown.sources(from: page),
            sizes: sizes(aspect: shown.aspect), width: largest.width, height: largest.height,
            thumbnailSrc: shown.href(smallest, from: page), thumbnailWidth: smallest.width, thumbnailHeight: smallest.height,
            largestHref: shown.href(largest, from: page), largestWidth: largest.width, largestHeight: largest.height,
            isFirst: true, ariaSelected: "true", loading: "eager",
            position: labels.text("position", ["number": labels.position(index + 1), "count": labels.position(count)]),
            placeholder: rendered.placeholder, photoFacts: factsLine(rendered.facts, labels),
            originalHref: shown.original.map { OutputLayout.href(from: page, to: $0) },
            video: video, live: liveModel(shown, page: page), videoFacts: videoFactsLine(shown, labels, groups: groups),
            isVideo: video != nil)
        (model.details, model.hasDetails) = (rows, !rows.isEmpty)
        model.rights = PhotoRights.model(image.rights.over(rights).resolved(with: rendered.metadata.rights), title: image.title,
                                         contentHref: model.largestHref, labels: labels)
        return model
    }
}
