import GalgenCore

extension Presenter {
    /// The height of a segment's thumbnail in CSS pixels (gallery.css: `.segmented--thumbs .segment img`).
    static let segmentThumbnailHeight = 56

    /// Every photo's segment as a photo page of this album shows it, not selected. All photo pages
    /// of an album are at the same depth, so their links to a photo's page and files are the same:
    /// each is worked out once per album, not once per page that shows it.
    static func segments(_ context: AlbumContext) -> [SegmentViewModel] {
        let (album, shown, layout) = (context.album, context.shown, context.plan.layout)
        guard let first = shown.first else { return [] }
        let from = layout.photoPage(of: album, slug: first.image.slug)
        // On every core: an album of 10,000 items has as many segments.
        return Array(shown.indices).concurrentMap(threads: everyCore, minimumPerSlice: 64) { index in
            let photo = shown[index]
            let thumbnail = photo.smallest
            return SegmentViewModel(
                tabID: "tab.\(photo.image.slug)", title: photo.image.title,
                href: OutputLayout.href(from: from, to: layout.photoPage(of: album, slug: photo.image.slug)),
                thumbnailSrc: photo.href(thumbnail, from: from), thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
                thumbnailSrcset: photo.srcset(from: from),
                thumbnailSizes: "\(Int((Double(segmentThumbnailHeight) * photo.aspect).rounded(.up)))px",
                thumbnailSources: photo.sources(from: from),
                ariaSelected: "false", isSelected: false, positionInAlbum: index + 1, albumSize: shown.count,
                duration: photo.duration, isLive: photo.motion != nil, isVideo: photo.duration != nil)
        }
    }

    /// Photo `index`'s own page: the photo, a window of `segments` around it, the previous and next
    /// photos, and the way back to the overview page that shows it.
    static func photoPage(_ context: AlbumContext, segments: [SegmentViewModel], index: Int) -> PageViewModel {
        let (album, shown, layout) = (context.album, context.shown, context.plan.layout)
        let entry = shown[index]
        let path = layout.photoPage(of: album, slug: entry.image.slug)
        let window = shown.count <= labelledSegmentLimit ? 0..<shown.count : SegmentWindow.range(selected: index, count: shown.count)
        let link = { (other: Int) in AlbumNavLink(title: segments[other].title, href: segments[other].href) }
        let overview = layout.overviewPage(of: album, number: OverviewLayout.page(of: index))
        let body = PhotoPageBody(
            photo: imageModel(entry, page: path, index: index, count: shown.count, labels: context.labels, details: context.details,
                             rights: context.rights),
            segments: window.map { other in
                var segment = segments[other]
                segment.isSelected = other == index
                segment.ariaSelected = other == index ? "true" : "false"
                return segment
            },
            previousPhoto: index > 0 ? link(index - 1) : nil, nextPhoto: index + 1 < shown.count ? link(index + 1) : nil,
            overviewLink: OutputLayout.href(from: path, to: overview) + "#grid.\(entry.image.slug)",
            overviewLabel: shown.count == 1 ? context.labels[context.itemKey == "videos" ? "allVideos" : "allPhotos"]
                : context.labels.text("allItems", ["items": context.itemCount]),
            slideshowSeconds: shown.count > 1 ? context.slideshowSeconds : nil)
        let documentTitle = "\(entry.image.title) — \(context.documentTitle)"
        return PageViewModel(frame: context.frame(path: path, documentTitle: documentTitle), body: .photo(body))
    }
}
