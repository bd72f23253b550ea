/// Place pages (`places/<slug>/`, justified rows in pages of `OverviewLayout.photosPerPage`, like a
/// tag's) and the places index (`places/`: the map, then `tagsPerIndexPage` places a page).
extension Presenter {
    static func placePages(_ place: PlaceIndex.Entry, gallery: Gallery, labels: Labels, generator: String,
                           photo: (TagIndex.Photo) -> TaggedPhoto?) -> [PageViewModel] {
        let count = OverviewLayout.pageCount(photos: place.photos.count)
        return (1...count).map { number in
            let path = OutputLayout.placePage(slug: place.slug, number: number)
            let range = OverviewLayout.range(ofPage: number, photos: place.photos.count)
            let photos = place.photos[range].compactMap(photo)
            let total = place.photos.count
            let index = OutputLayout.href(from: path, to: OutputLayout.placesIndex())
            let body = PlacePageBody(
                rows: gridRows(photos, path: path),
                pagination: pagination(number: number, count: count) { OutputLayout.href(from: path, to: OutputLayout.placePage(slug: place.slug, number: $0)) },
                photoCount: count == 1 ? labels.text("photos", count: total)
                    : labels.text("photosRange", ["first": labels.number(range.lowerBound + 1), "last": labels.number(range.upperBound),
                                                  "count": labels.number(total)]),
                placesLink: index, tagsLink: index, credit: labels["placesCredit"])
            var documentTitle = "\(place.name) — \(labels["places"]) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: path, title: place.name, documentTitle: documentTitle, hasImages: !photos.isEmpty,
                                                  gallery: gallery, labels: labels, generator: generator), body: .place(body))
        }
    }

    /// The places index: the map on its first page, then every place, a link to its page with its count, by name.
    static func placesIndexPages(_ index: PlaceIndex, gallery: Gallery, labels: Labels, generator: String) -> [PageViewModel] {
        let count = max(1, (index.places.count + tagsPerIndexPage - 1) / tagsPerIndexPage)
        return (1...count).map { number in
            let path = OutputLayout.placesIndex(number: number)
            let lower = min((number - 1) * tagsPerIndexPage, index.places.count)
            let links = index.places[lower..<min(lower + tagsPerIndexPage, index.places.count)].map { place in
                TagLinkViewModel(title: place.name, href: OutputLayout.href(from: path, to: OutputLayout.placePage(slug: place.slug)),
                                 count: labels.text("photos", count: place.photos.count))
            }
            let placeCount = labels.text("placeCount", count: index.places.count)
            let map = number == 1 ? PlacesMap.svg(index.places.map { place in
                PlacesMap.Mark(name: place.name + ", " + labels.text("photos", count: place.photos.count),
                               href: OutputLayout.href(from: path, to: OutputLayout.placePage(slug: place.slug)),
                               count: place.photos.count, place: place.place)
            }, label: labels["placesMap"]) : nil
            let body = PlacesPageBody(
                places: links, hasPlaces: !links.isEmpty, tags: links, hasTags: !links.isEmpty, albums: links, hasAlbums: !links.isEmpty,
                pagination: pagination(number: number, count: count) { OutputLayout.href(from: path, to: OutputLayout.placesIndex(number: $0)) },
                placeCount: placeCount, map: map, credit: labels["placesCredit"])
            var documentTitle = "\(labels["places"]) — \(gallery.title)"
            if number > 1 { documentTitle += " — " + labels.text("pageOf", ["number": labels.number(number), "count": labels.number(count)]) }
            return PageViewModel(frame: siteFrame(path: path, title: labels["places"], documentTitle: documentTitle, hasImages: false,
                                                  gallery: gallery, labels: labels, generator: generator), body: .places(body))
        }
    }
}
