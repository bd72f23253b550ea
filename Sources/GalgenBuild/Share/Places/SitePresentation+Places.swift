import GalgenCore

/// Place pages, the places index, and the place line of photo pages (`places:` in gallery.yml).
extension SitePresentation {
    /// How many places have a page (none without `places:`).
    public var placeCount: Int { placeIndex.places.count }

    /// The places index's pages; none when no photo has a published place.
    public func placesIndex() -> [PageViewModel] {
        guard !placeIndex.places.isEmpty else { return [] }
        return addressed(Presenter.placesIndexPages(placeIndex, gallery: gallery, labels: labels, generator: generator)) { _ in nil }
    }

    /// Place `position`'s pages (in `placeIndex` order, by name).
    public func pages(ofPlace position: Int) -> [PageViewModel] {
        let place = placeIndex.places[position]
        let pages = Presenter.placePages(place, gallery: gallery, labels: labels, generator: generator, photo: taggedPhoto)
        return addressed(pages) { number in
            place.photos[OverviewLayout.range(ofPage: number, photos: place.photos.count)].lazy.compactMap(taggedPhoto).first?.entry
        }
    }

    /// The album list and a listed album's overview pages link the places index, when there is one.
    func linkPlacesIndex(_ pages: inout [PageViewModel]) {
        guard !placeIndex.places.isEmpty else { return }
        for page in pages.indices where pages[page].kind == .overview || pages[page].kind == .albums {
            pages[page].placesIndexLink = OutputLayout.href(from: pages[page].path, to: OutputLayout.placesIndex())
        }
    }

    /// Each photo page says where the photo was taken, a link to the place's page when it has one
    /// (an unlisted album's photo is on no place page: its page names the place without a link).
    func linkPlaces(_ pages: inout [PageViewModel], album: Album, shown: [ShownImage]) {
        guard !placeOf.isEmpty else { return }
        let names = PlaceNames(language: gallery.language.tag)
        var byPage: [String: Place] = [:]
        for entry in shown { if let place = placeOf[entry.image.source] { byPage[plan.layout.photoPage(of: album, slug: entry.image.slug)] = place } }
        for page in pages.indices {
            guard case var .photo(body) = pages[page].body, let place = byPage[pages[page].path] else { continue }
            let listed = album.unlisted || album.privateAccess != nil ? nil : placeIndex.entry(of: place)
            body.place = PlaceLinkViewModel(title: listed?.name ?? names.name(of: place, withRegion: false),
                                            href: listed.map { OutputLayout.href(from: pages[page].path, to: OutputLayout.placePage(slug: $0.slug)) })
            pages[page].body = .photo(body)
        }
    }
}
