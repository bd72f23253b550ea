/// A photo's place at the level a gallery asks for, from its coordinates, offline.
///
/// The nearest city of 1,000+ people names it: within `cityKm` at the city level (farther, the
/// region's name is more honest), within `regionKm` for its region; a point on land farther from
/// every city gets its country from the land it is on. A point on no land and more than `seaKm`
/// from every city is at sea: no place.
public enum PlaceFinder {
    public static let cityKm = 25.0
    public static let regionKm = 150.0
    public static let seaKm = 20.0

    public static func place(latitude: Double, longitude: Double, level: Place.Level, in gazetteer: Gazetteer = .shared) -> Place? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        // Most photos are taken near a town: the small search finds the nearest, the wide one the rest.
        let nearest = gazetteer.nearestCity(latitude: latitude, longitude: longitude, radiusKm: cityKm)
            ?? gazetteer.nearestCity(latitude: latitude, longitude: longitude, radiusKm: regionKm)
        let land = gazetteer.land(latitude: latitude, longitude: longitude)
        if land == nil, (nearest?.km ?? .infinity) > seaKm { return nil }
        guard let (city, km) = nearest else {
            guard let country = land, country != "--", let point = gazetteer.countryPoints[country] else { return nil }
            return Place(level: .country, countryCode: country, latitude: point.latitude, longitude: point.longitude)
        }
        let region = gazetteer.regions[Int(city.region)]
        let found: Place.Level = km <= cityKm ? .city : region.isEmpty ? .country : .region
        switch max(level, found) {
        case .city:
            return Place(level: .city, city: city.name, region: region.isEmpty ? nil : region, countryCode: city.country,
                         latitude: Double(city.latitude), longitude: Double(city.longitude))
        case .region:
            guard let point = gazetteer.regionPoints[city.country + "\t" + region] else { return nil }
            return Place(level: .region, region: region, countryCode: city.country, latitude: point.latitude, longitude: point.longitude)
        case .country:
            guard let point = gazetteer.countryPoints[city.country] else { return nil }
            return Place(level: .country, countryCode: city.country, latitude: point.latitude, longitude: point.longitude)
        }
    }
}
