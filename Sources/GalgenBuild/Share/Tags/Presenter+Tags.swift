import GalgenCore

/// Tag pages (`tags/<slug>/`, the overview's justified rows and pages of
/// `OverviewLayout.photosPerPage`) and the tags index (`tags/`, `tagsPerIndexPage` tags a page),
/// so each obeys the overview's page budget however many photos or tags there are.
extension Presenter {
    /// Tags on one page of the tags index: each is a link and a count, about 70 bytes.
    static let tagsPerIndexPage = 200

    /// A tagged photo and its own page.
    struct TaggedPhoto {
        var entry: ShownImage
        var album: Album
        var page: String
    }

    /// A tag's pages: its photos as tiles, each a link to the photo's own page in its album.
    static func tagPages(_ tag: TagIndex.Tag, gallery: Gallery, labels: Labels, generator: String,
                         photo: (TagIndex.Photo) -> TaggedPhoto?) -> [PageViewModel] {
        photoListPages(tag.photos, name: tag.name, section: labels["tags"], path: { OutputLayout.tagPage(slug: tag.slug, number: $0) },
                       gallery: gallery, labels: labels, generator: generator, photo: photo) { page in
            .tag(TagPageBody(rows: page.rows, pagination: page.pagination, photoCount: page.photoCount,
                             tagsLink: OutputLayout.href(from: page.path, to: OutputLayout.tagsIndex())))
        }
    }

    /// The tags index: every tag, a link to its page with its count, by name.
    static func tagsIndexPages(_ index: TagIndex, gallery: Gallery, labels: Labels, generator: String) -> [PageViewModel] {
        listPages(index.tags, title: labels["tags"], path: { OutputLayout.tagsIndex(number: $0) }, gallery: gallery, labels: labels,
                  generator: generator, link: { tag, path in
                      TagLinkViewModel(title: tag.name, href: OutputLayout.href(from: path, to: OutputLayout.tagPage(slug: tag.slug)),
                                       count: labels.text("photos", count: tag.photos.count))
                  }) { page in
            .tags(TagsPageBody(tags: page.links, hasTags: !page.links.isEmpty, albums: page.links, hasAlbums: !page.links.isEmpty,
                               pagination: page.pagination, tagCount: labels.text("tagCount", count: index.tags.count)))
        }
    }

    /// One page of a list of photos from any album (a tag's, a place's): its tiles, the links
    /// between the pages, its count, and where it is.
    struct PhotoListPage {
        var rows: [GridRowViewModel]
        var pagination: PaginationViewModel?
        /// "12 photos", or "Photos 101–200 of 340" on one of several pages.
        var photoCount: String
        var path: String
        var number: Int
    }

    /// The pages of a tag's or a place's photos (`OverviewLayout.photosPerPage` a page), titled
    /// `name`, in the site's `section` ("Tags", "Places"); `body` makes each page's body.
    static func photoListPages(_ list: [TagIndex.Photo], name: String, section: String, path: (Int) -> String, gallery: Gallery,
                               labels: Labels, generator: String, photo: (TagIndex.Photo) -> TaggedPhoto?,
                               body: (PhotoListPage) -> PageBody) -> [PageViewModel] {
        let count = OverviewLayout.pageCount(photos: list.count)
        return (1...count).map { number in
            let pagePath = path(number)
            let range = OverviewLayout.range(ofPage: number, photos: list.count)
            let photos = list[range].compactMap(photo)
            let page = PhotoListPage(
                rows: gridRows(photos, path: pagePath),
                pagination: pagination(number: number, count: count) { OutputLayout.href(from: pagePath, to: path($0)) },
                photoCount: count == 1 ? labels.text("photos", count: list.count)
                    : labels.text("photosRange", ["first": labels.number(range.lowerBound + 1), "last": labels.number(range.upperBound),
                                                  "count": labels.number(list.count)]),
                path: pagePath, number: number)
            var documentTitle = "\(name) — \(section) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: pagePath, title: name, documentTitle: documentTitle, hasImages: !photos.isEmpty,
                                                  gallery: gallery, labels: labels, generator: generator), body: body(page))
        }
    }

    /// One page of an index of tags or places: its links and the links between the pages.
    struct ListPage {
        var links: [TagLinkViewModel]
        var pagination: PaginationViewModel?
        var number: Int
    }

    /// An index (`tagsPerIndexPage` entries a page, at least one page) titled `title`; `link`
    /// makes an entry's link on the page at a path, `body` each page's body.
    static func listPages<Entry>(_ entries: [Entry], title: String, path: (Int) -> String, gallery: Gallery, labels: Labels,
                                 generator: String, link: (Entry, String) -> TagLinkViewModel,
                                 body: (ListPage) -> PageBody) -> [PageViewModel] {
        let count = max(1, (entries.count + tagsPerIndexPage - 1) / tagsPerIndexPage)
        return (1...count).map { number in
            let pagePath = path(number)
            let lower = min((number - 1) * tagsPerIndexPage, entries.count)
            let links = entries[lower..<min(lower + tagsPerIndexPage, entries.count)].map { link($0, pagePath) }
            let page = ListPage(links: links, pagination: pagination(number: number, count: count) { OutputLayout.href(from: pagePath, to: path($0)) },
                                number: number)
            var documentTitle = "\(title) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: pagePath, title: title, documentTitle: documentTitle, hasImages: false,
                                                  gallery: gallery, labels: labels, generator: generator), body: body(page))
        }
    }

    /// The frame of a page of the whole site (not of an album): its crumb is the front page.
    static func siteFrame(path: String, title: String, documentTitle: String, hasImages: Bool, gallery: Gallery,
                          labels: Labels, generator: String) -> PageFrame {
        PageFrame(path: path, root: OutputLayout.root(of: path), galleryTitle: gallery.title, title: title,
                  documentTitle: documentTitle, description: nil, hasImages: hasImages, useThumbnailSegments: false,
                  parentLink: OutputLayout.href(from: path, to: OutputLayout.index), generator: generator, labels: labels)
    }

    /// Photos from any album as tiles in justified rows, each a link to its own page. Tile ids
    /// name the album too: two albums may each have a `beach`.
    static func gridRows(_ photos: [TaggedPhoto], path: String) -> [GridRowViewModel] {
        OverviewLayout.tiles(aspects: photos.map(\.entry.aspect)).enumerated().map { rowIndex, row in
            GridRowViewModel(tiles: row.tiles.map { tile in
                let (entry, album) = (photos[tile.index].entry, photos[tile.index].album)
                return GridTileViewModel(
                    id: album.slug.isEmpty ? "grid.\(entry.image.slug)" : "grid.\(album.slug).\(entry.image.slug)",
                    title: entry.image.title, href: OutputLayout.href(from: path, to: photos[tile.index].page),
                    src: entry.href(entry.smallest, from: path), srcset: entry.srcset(from: path), sources: entry.sources(from: path),
                    sizes: tile.sizes, width: tile.widthAttribute, height: tile.heightAttribute,
                    alt: entry.image.alt ?? entry.image.title, loading: rowIndex < 2 ? "eager" : "lazy",
                    duration: entry.duration, isLive: entry.motion != nil, isVideo: entry.duration != nil)
            }, fillerWidth: row.fillerWidth)
        }
    }

    /// The links between `count` pages, on page `number`; nil for a single page.
    static func pagination(number: Int, count: Int, href: (Int) -> String) -> PaginationViewModel? {
        guard count > 1 else { return nil }
        let numbers = OverviewLayout.pageNumbers(current: number, count: count)
        return PaginationViewModel(
            previous: number > 1 ? href(number - 1) : nil, next: number < count ? href(number + 1) : nil,
            numbers: numbers.enumerated().map { position, other in
                PageNumberViewModel(number: other, href: href(other), isCurrent: other == number,
                                    afterGap: position > 0 && numbers[position - 1] + 1 < other)
            })
    }
}
