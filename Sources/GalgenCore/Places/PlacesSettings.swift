import GalgenPlaces

/// `places:` in gallery.yml. Off by default: nothing about where a photo was taken is published
/// unless the gallery asks. On, each photo or video with GPS coordinates is named at `level`
/// (offline, `PlaceFinder`), unless it lies inside one of the `hideNear` circles (home, a
/// friend's house), which gets no place at all.
public struct PlacesSettings: Equatable, Sendable {
    public struct Circle: Equatable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public var km: Double

        public init(latitude: Double, longitude: Double, km: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.km = km
        }

        public func contains(latitude: Double, longitude: Double) -> Bool {
            GreatCircle.distanceKm(self.latitude, self.longitude, latitude, longitude) <= km
        }
    }

    public var level: Place.Level
    public var hideNear: [Circle]

    public init(level: Place.Level = .city, hideNear: [Circle] = []) {
        self.level = level
        self.hideNear = hideNear
    }

    /// The place published for coordinates: nil inside a `hide_near` circle, at sea, or where the gazetteer knows nothing.
    public func place(of coordinates: GeoCoordinates, in gazetteer: Gazetteer = .shared) -> Place? {
        guard !hideNear.contains(where: { $0.contains(latitude: coordinates.latitude, longitude: coordinates.longitude) }) else { return nil }
        return PlaceFinder.place(latitude: coordinates.latitude, longitude: coordinates.longitude, level: level, in: gazetteer)
    }
}

/// GalgenPlaces' place, named here so the core's users need not import the gazetteer.
public typealias Place = GalgenPlaces.Place
