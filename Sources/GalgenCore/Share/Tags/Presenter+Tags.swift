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
        let count = OverviewLayout.pageCount(photos: tag.photos.count)
        return (1...count).map { number in
            let path = OutputLayout.tagPage(slug: tag.slug, number: number)
            let range = OverviewLayout.range(ofPage: number, photos: tag.photos.count)
            let photos = tag.photos[range].compactMap(photo)
            let total = tag.photos.count
            let body = TagPageBody(
                rows: gridRows(photos, path: path),
                pagination: pagination(number: number, count: count) { OutputLayout.href(from: path, to: OutputLayout.tagPage(slug: tag.slug, number: $0)) },
                photoCount: count == 1 ? labels.text("photos", count: total)
                    : labels.text("photosRange", ["first": labels.number(range.lowerBound + 1), "last": labels.number(range.upperBound),
                                                  "count": labels.number(total)]),
                tagsLink: OutputLayout.href(from: path, to: OutputLayout.tagsIndex()))
            var documentTitle = "\(tag.name) — \(labels["tags"]) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: path, title: tag.name, documentTitle: documentTitle, hasImages: !photos.isEmpty,
                                                  gallery: gallery, labels: labels, generator: generator), body: .tag(body))
        }
    }

    /// The tags index: every tag, a link to its page with its count, by name.
    static func tagsIndexPages(_ index: TagIndex, gallery: Gallery, labels: Labels, generator: String) -> [PageViewModel] {
        let count = max(1, (index.tags.count + tagsPerIndexPage - 1) / tagsPerIndexPage)
        return (1...count).map { number in
            let path = OutputLayout.tagsIndex(number: number)
            let lower = min((number - 1) * tagsPerIndexPage, index.tags.count)
            let links = index.tags[lower..<min(lower + tagsPerIndexPage, index.tags.count)].map { tag in
                TagLinkViewModel(title: tag.name, href: OutputLayout.href(from: path, to: OutputLayout.tagPage(slug: tag.slug)),
                                 count: labels.text("photos", count: tag.photos.count))
            }
            let body = TagsPageBody(
                tags: links, hasTags: !links.isEmpty, albums: links, hasAlbums: !links.isEmpty,
                pagination: pagination(number: number, count: count) { OutputLayout.href(from: path, to: OutputLayout.tagsIndex(number: $0)) },
                tagCount: labels.text("tagCount", count: index.tags.count))
            var documentTitle = "\(labels["tags"]) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: path, title: labels["tags"], documentTitle: documentTitle, hasImages: false,
                                                  gallery: gallery, labels: labels, generator: generator), body: .tags(body))
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
