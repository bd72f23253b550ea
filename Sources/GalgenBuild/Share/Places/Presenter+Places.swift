import GalgenCore

/// Place pages (`places/<slug>/`, justified rows in pages of `OverviewLayout.photosPerPage`, like a
/// tag's) and the places index (`places/`: the map, then `tagsPerIndexPage` places a page).
extension Presenter {
    static func placePages(_ place: PlaceIndex.Entry, gallery: Gallery, labels: Labels, generator: String,
                           photo: (TagIndex.Photo) -> TaggedPhoto?) -> [PageViewModel] {
        photoListPages(place.photos, name: place.name, section: labels["places"], path: { OutputLayout.placePage(slug: place.slug, number: $0) },
                       gallery: gallery, labels: labels, generator: generator, photo: photo) { page in
            let index = OutputLayout.href(from: page.path, to: OutputLayout.placesIndex())
            return .place(PlacePageBody(rows: page.rows, pagination: page.pagination, photoCount: page.photoCount,
                                        placesLink: index, tagsLink: index, credit: labels["placesCredit"]))
        }
    }

    /// The places index: the map on its first page, then every place, a link to its page with its count, by name.
    static func placesIndexPages(_ index: PlaceIndex, gallery: Gallery, labels: Labels, generator: String) -> [PageViewModel] {
        func href(_ place: PlaceIndex.Entry, from path: String) -> String {
            OutputLayout.href(from: path, to: OutputLayout.placePage(slug: place.slug))
        }
        return listPages(index.places, title: labels["places"], path: { OutputLayout.placesIndex(number: $0) }, gallery: gallery,
                         labels: labels, generator: generator, link: { place, path in
                             TagLinkViewModel(title: place.name, href: href(place, from: path), count: labels.text("photos", count: place.photos.count))
                         }) { page in
            let map = page.number == 1 ? PlacesMap.svg(index.places.map { place in
                PlacesMap.Mark(name: place.name + ", " + labels.text("photos", count: place.photos.count),
                               href: href(place, from: OutputLayout.placesIndex()), count: place.photos.count, place: place.place)
            }, label: labels["placesMap"]) : nil
            return .places(PlacesPageBody(
                places: page.links, hasPlaces: !page.links.isEmpty, tags: page.links, hasTags: !page.links.isEmpty,
                albums: page.links, hasAlbums: !page.links.isEmpty, pagination: page.pagination,
                placeCount: labels.text("placeCount", count: index.places.count), map: map, credit: labels["placesCredit"]))
        }
    }
}
