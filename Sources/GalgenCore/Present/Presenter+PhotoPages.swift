extension Presenter {
    /// The height of a segment's thumbnail in CSS pixels (gallery.css: `.segmented--thumbs .segment img`).
    static let segmentThumbnailHeight = 56

    /// Photo `index`'s own page: the photo, a window of segments around it, the previous and next
    /// photos, and the way back to the overview page that shows it.
    static func photoPage(_ context: AlbumContext, index: Int) -> PageViewModel {
        let (album, shown, layout) = (context.album, context.shown, context.plan.layout)
        let entry = shown[index]
        let path = layout.photoPage(of: album, slug: entry.image.slug)
        let pageOf = { (other: Int) in OutputLayout.href(from: path, to: layout.photoPage(of: album, slug: shown[other].image.slug)) }
        var page = context.page(path: path, template: "page", documentTitle: "\(entry.image.title) — \(context.documentTitle)")
        page.photo = imageModel(entry, page: path, index: index, count: shown.count)
        let window = shown.count <= labelledSegmentLimit ? 0..<shown.count : SegmentWindow.range(selected: index, count: shown.count)
        page.segments = window.map { other in
            let neighbour = shown[other], thumbnail = neighbour.smallest
            return SegmentViewModel(
                tabID: "tab.\(neighbour.image.slug)", title: neighbour.image.title, href: pageOf(other),
                thumbnailSrc: neighbour.href(thumbnail, from: path), thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
                thumbnailSrcset: neighbour.srcset(from: path), thumbnailSizes: "\(Int((Double(segmentThumbnailHeight) * neighbour.aspect).rounded(.up)))px",
                thumbnailSources: neighbour.sources(from: path),
                ariaSelected: other == index ? "true" : "false", isSelected: other == index,
                positionInAlbum: other + 1, albumSize: shown.count)
        }
        page.previousPhoto = index > 0 ? AlbumNavLink(title: shown[index - 1].image.title, href: pageOf(index - 1)) : nil
        page.nextPhoto = index + 1 < shown.count ? AlbumNavLink(title: shown[index + 1].image.title, href: pageOf(index + 1)) : nil
        let overview = layout.overviewPage(of: album, number: OverviewLayout.page(of: index))
        page.overviewLink = OutputLayout.href(from: path, to: overview) + "#grid.\(entry.image.slug)"
        page.overviewLabel = shown.count == 1 ? "All photos" : "All \(shown.count) photos"
        page.slideshowSeconds = shown.count > 1 ? context.slideshowSeconds : nil
        return page
    }
}
