/// Where a build turns positions into places: the one step between a photo's coordinates (kept
/// for the build, `RenderedImage.coordinates`) and the site, which only ever gets the place
/// (`SitePresentation`, `CoordinatesBoundaryTests`).
package enum PlaceLookup {
    /// The places of an album's shown items not looked up yet, into `places` (a source listed in
    /// several albums is looked up once); with `places:` on, from each one's coordinates.
    package static func add(_ sources: some Sequence<ImageSource>, gallery: Gallery, rendered: (ImageSource) -> RenderedImage?,
                            to places: inout [ImageSource: Place]) {
        guard let settings = gallery.places else { return }
        for source in sources where places[source] == nil {
            guard let coordinates = rendered(source)?.coordinates, let place = settings.place(of: coordinates) else { continue }
            places[source] = place
        }
    }
}
