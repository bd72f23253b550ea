/// Where a build turns positions into places: the one step between a photo's coordinates (kept
/// for the build, `RenderedImage.coordinates`) and the site, which only ever gets the place
/// (`SitePresentation`, `CoordinatesBoundaryTests`).
enum PlaceLookup {
    /// The places of an album's shown items not looked up yet, into `places` (a source listed in
    /// several albums is looked up once); with `places:` on, from each one's coordinates.
    static func add(_ shown: [ShownImage], gallery: Gallery, rendered: (ImageSource) -> RenderedImage?,
                    to places: inout [ImageSource: Place]) {
        guard let settings = gallery.places else { return }
        for entry in shown where places[entry.image.source] == nil {
            guard let coordinates = rendered(entry.image.source)?.coordinates, let place = settings.place(of: coordinates) else { continue }
            places[entry.image.source] = place
        }
    }
}
