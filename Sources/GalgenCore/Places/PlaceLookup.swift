/// Where a build turns positions into places: the one step between a photo's coordinates (kept
/// for the build, `RenderedImage.coordinates`) and the site, which only ever gets the place
/// (`SitePresentation`, `CoordinatesBoundaryTests`).
enum PlaceLookup {
    /// Every shown item's place, looked up once per source: with `places:` on, from its coordinates.
    static func places(_ gallery: Gallery, albums: [[ShownImage]], rendered: (ImageSource) -> RenderedImage?) -> [ImageSource: Place] {
        guard let settings = gallery.places else { return [:] }
        var places: [ImageSource: Place] = [:]
        var looked = Set<ImageSource>()
        for entry in albums.joined() where looked.insert(entry.image.source).inserted {
            if let coordinates = rendered(entry.image.source)?.coordinates, let place = settings.place(of: coordinates) {
                places[entry.image.source] = place
            }
        }
        return places
    }

}
