import GalgenCore

extension Presenter {
    /// An album's overview: its photos as tiles in justified rows, a page per
    /// `OverviewLayout.photosPerPage`, each tile a link to the photo's page. An empty album has one
    /// page, which says how to add photos.
    static func overviewPages(_ context: AlbumContext) -> [PageViewModel] {
        let (album, shown, layout) = (context.album, context.shown, context.plan.layout)
        let count = OverviewLayout.pageCount(photos: shown.count)
        // Each page on its own, on every core (an album of 10,000 photos has 100).
        return Array(1...count).concurrentMap(threads: everyCore, minimumPerSlice: 4) { number in
            let path = layout.overviewPage(of: album, number: number)
            let labels = context.labels
            let documentTitle = number == 1 ? context.documentTitle
                : "\(context.documentTitle) — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)])
            let range = OverviewLayout.range(ofPage: number, photos: shown.count)
            let photos = Array(shown[range])
            let rows = OverviewLayout.tiles(aspects: photos.map(\.aspect)).enumerated().map { rowIndex, row in
                GridRowViewModel(tiles: row.tiles.map { tile in
                    let entry = photos[tile.index], smallest = entry.smallest
                    return GridTileViewModel(
                        id: "grid.\(entry.image.slug)", title: entry.image.title,
                        href: OutputLayout.href(from: path, to: layout.photoPage(of: album, slug: entry.image.slug)),
                        src: entry.href(smallest, from: path), srcset: entry.srcset(from: path), sources: entry.sources(from: path),
                        sizes: tile.sizes, width: tile.widthAttribute, height: tile.heightAttribute,
                        alt: entry.image.alt ?? entry.image.title, loading: rowIndex < 2 ? "eager" : "lazy",
                        duration: entry.duration, isLive: entry.motion != nil, isVideo: entry.duration != nil)
                }, fillerWidth: row.fillerWidth)
            }
            // "3,000 photos"; with several pages, which of them this one shows: "Photos 101–200 of 3,000".
            var body = OverviewPageBody(rows: rows, pagination: nil, photoCount: count == 1 ? context.itemCount
                : labels.text(context.itemKey + "Range", ["first": labels.number(range.lowerBound + 1),
                                                          "last": labels.number(range.upperBound), "count": labels.number(shown.count)]))
            if count > 1 {
                let href = { (other: Int) in OutputLayout.href(from: path, to: layout.overviewPage(of: album, number: other)) }
                let numbers = OverviewLayout.pageNumbers(current: number, count: count)
                body.pagination = PaginationViewModel(
                    previous: number > 1 ? href(number - 1) : nil, next: number < count ? href(number + 1) : nil,
                    numbers: numbers.enumerated().map { position, other in
                        PageNumberViewModel(number: other, href: href(other), isCurrent: other == number,
                                            afterGap: position > 0 && numbers[position - 1] + 1 < other)
                    })
            }
            return PageViewModel(frame: context.frame(path: path, documentTitle: documentTitle), body: .overview(body))
        }
    }
}
