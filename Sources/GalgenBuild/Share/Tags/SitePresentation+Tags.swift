import GalgenCore

/// Tag pages, the tags index, and the tag links of photo pages (`tags:` in gallery.yml).
extension SitePresentation {
    /// How many tags have a page (none with `tags: false`).
    public var tagCount: Int { tagIndex.tags.count }

    /// The tags index's pages; none when no photo has a published tag.
    public func tagsIndex() -> [PageViewModel] {
        guard !tagIndex.tags.isEmpty else { return [] }
        return addressed(Presenter.tagsIndexPages(tagIndex, gallery: gallery, labels: labels, generator: generator), preview: nil)
    }

    /// Tag `position`'s pages (in `tagIndex` order, by name).
    public func pages(ofTag position: Int) -> [PageViewModel] {
        let tag = tagIndex.tags[position]
        let pages = Presenter.tagPages(tag, gallery: gallery, labels: labels, generator: generator, photo: taggedPhoto)
        return addressed(pages) { number in
            tag.photos[OverviewLayout.range(ofPage: number, photos: tag.photos.count)].lazy.compactMap(taggedPhoto).first?.entry
        }
    }

    /// A photo of a tag as its tile needs it, worked out from the album alone (never the whole album's list).
    func taggedPhoto(_ photo: TagIndex.Photo) -> Presenter.TaggedPhoto? {
        let album = album(at: photo.album)
        guard album.images.indices.contains(photo.image),
              let entry = Presenter.shownEntry(album.images[photo.image], gallery: gallery, plan: plan, rendered: rendered) else { return nil }
        return Presenter.TaggedPhoto(entry: entry, album: album, page: plan.layout.photoPage(of: album, slug: entry.image.slug))
    }

    /// The album at `position`, as `pages(ofAlbum:)` takes it.
    func album(at position: Int) -> Album {
        gallery.hasAlbums ? gallery.albums[position] : gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])
    }

    /// With `base_url`: each page's address and link preview (page `number`'s first photo).
    func addressed(_ pages: [PageViewModel], preview: (Int) -> ShownImage?) -> [PageViewModel] {
        guard let base = gallery.baseURL else { return pages }
        return pages.enumerated().map { number, page in
            withFeedLinks(Presenter.addressed(page, base: base, gallery: gallery, preview: preview(number + 1).map { Presenter.PreviewImage($0, $0.main) }),
                          album: nil)
        }
    }

    private func addressed(_ pages: [PageViewModel], preview: ShownImage?) -> [PageViewModel] {
        addressed(pages) { _ in preview }
    }

    /// The album list and a listed album's overview pages link the tags index, when there is one.
    func linkTagsIndex(_ pages: inout [PageViewModel]) {
        guard !tagIndex.tags.isEmpty else { return }
        for page in pages.indices where pages[page].kind == .overview || pages[page].kind == .albums {
            pages[page].tagsIndexLink = OutputLayout.href(from: pages[page].path, to: OutputLayout.tagsIndex())
        }
    }

    /// Each photo page of an album lists the photo's tags that have a page, as links.
    func linkTags(_ pages: inout [PageViewModel], album: Album, shown: [ShownImage]) {
        guard !tagIndex.tags.isEmpty else { return }
        var tagsByPage: [String: [String]] = [:]
        for entry in shown where !entry.image.tags.isEmpty {
            tagsByPage[plan.layout.photoPage(of: album, slug: entry.image.slug)] = entry.image.tags
        }
        for page in pages.indices {
            guard case var .photo(body) = pages[page].body, let tags = tagsByPage[pages[page].path] else { continue }
            let path = pages[page].path
            body.tagLinks = tags.compactMap { name in
                tagIndex.slug(of: name).map { TagLinkViewModel(title: name, href: OutputLayout.href(from: path, to: OutputLayout.tagPage(slug: $0))) }
            }
            body.hasTags = !body.tagLinks.isEmpty
            pages[page].body = .photo(body)
        }
    }
}
