import Foundation

/// GeoNames' cities with 1,000+ people and Natural Earth's land, compiled into galgen
/// (`GazetteerData`), read once (`shared`, about a tenth of a second) when a build first asks for a
/// place, and searched in memory: a one-degree grid of cities, land rings with their bounds.
public final class Gazetteer: Sendable {
    /// Read on first use: a build without `places:` never pays for it.
    public static let shared = Gazetteer(cities: GazetteerData.cities, land: GazetteerData.land)

    struct City: Sendable {
        let latitude: Float, longitude: Float
        let name: String
        /// Index into `regions`.
        let region: Int32
        let country: String
    }

    struct Ring: Sendable {
        let country: String
        let points: [(longitude: Float, latitude: Float)]
        let minLongitude: Float, maxLongitude: Float, minLatitude: Float, maxLatitude: Float
    }

    let cities: [City]
    let regions: [String]
    /// Cell `c`'s cities are `cellCities[cellStart[c]..<cellStart[c + 1]]` (cells of one degree, row by latitude).
    let cellStart: [Int32]
    let cellCities: [Int32]
    let land: [Ring]
    /// The middle (median latitude and longitude) of each region's and each country's cities.
    let regionPoints: [String: (latitude: Double, longitude: Double)]
    let countryPoints: [String: (latitude: Double, longitude: Double)]

    /// `cities`: lines of "lat TAB lon TAB name TAB region TAB country code"; `land`: lines of
    /// "code TAB lon,lat lon,lat …" (scripts/make-gazetteer).
    init(cities text: String, land landText: String) {
        var cities: [City] = []
        cities.reserveCapacity(150_000)
        var regionIndex: [String: Int32] = [:]
        var regions: [String] = []
        // Read as bytes: splitting 5 MB of text by Characters (grapheme clusters) costs most of a second.
        var text = text
        text.withUTF8 { bytes in
            var fields: [Range<Int>] = []
            var start = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                    fields.append(start..<index)
                    start = index + 1
                }
                guard byte == UInt8(ascii: "\n") else { continue }
                defer { fields.removeAll(keepingCapacity: true) }
                guard fields.count == 5, let latitude = Self.number(bytes, fields[0]), let longitude = Self.number(bytes, fields[1]) else { continue }
                let region = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[3]]), as: UTF8.self)
                let index = regionIndex[region] ?? {
                    regions.append(region)
                    regionIndex[region] = Int32(regions.count - 1)
                    return Int32(regions.count - 1)
                }()
                cities.append(City(latitude: latitude, longitude: longitude,
                                   name: String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[2]]), as: UTF8.self), region: index,
                                   country: String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[4]]), as: UTF8.self)))
            }
        }
        var counts = [Int32](repeating: 0, count: Self.cellCount + 1)
        for city in cities { counts[Self.cell(Double(city.latitude), Double(city.longitude)) + 1] += 1 }
        for cell in 0..<Self.cellCount { counts[cell + 1] += counts[cell] }
        var next = counts
        var members = [Int32](repeating: 0, count: cities.count)
        for (index, city) in cities.enumerated() {
            let cell = Self.cell(Double(city.latitude), Double(city.longitude))
            members[Int(next[cell])] = Int32(index)
            next[cell] += 1
        }
        self.cities = cities
        self.regions = regions
        cellStart = counts
        cellCities = members
        land = landText.split(separator: "\n").compactMap(Self.ring)
        var byRegion: [String: [(Float, Float)]] = [:], byCountry: [String: [(Float, Float)]] = [:]
        for city in cities {
            byRegion[city.country + "\t" + regions[Int(city.region)], default: []].append((city.latitude, city.longitude))
            byCountry[city.country, default: []].append((city.latitude, city.longitude))
        }
        regionPoints = byRegion.mapValues(Self.middle)
        countryPoints = byCountry.mapValues(Self.middle)
    }

    /// The nearest city within `radiusKm` of a point, and how far it is.
    func nearestCity(latitude: Double, longitude: Double, radiusKm: Double) -> (city: City, km: Double)? {
        let latitudeSpan = radiusKm / 111.0
        let cosine = max(0.01, cos(min(89.0, abs(latitude) + latitudeSpan) * Double.pi / 180))
        let longitudeSpan = min(180.0, radiusKm / (111.0 * cosine))
        var best: (city: City, km: Double)?
        let rows = Int((latitude - latitudeSpan + 90).rounded(.down))...Int((latitude + latitudeSpan + 90).rounded(.down))
        let firstColumn = Int((longitude - longitudeSpan + 180).rounded(.down))
        let lastColumn = Int((longitude + longitudeSpan + 180).rounded(.down))
        let columns = lastColumn - firstColumn >= 359 ? Array(0..<360) : (firstColumn...lastColumn).map { ($0 % 360 + 360) % 360 }
        for row in rows where (0..<180).contains(row) {
            for column in columns {
                let cell = row * 360 + column
                for member in cellCities[Int(cellStart[cell])..<Int(cellStart[cell + 1])] {
                    let city = cities[Int(member)]
                    let km = GreatCircle.distanceKm(latitude, longitude, Double(city.latitude), Double(city.longitude))
                    if km <= radiusKm, km < best?.km ?? .infinity { best = (city, km) }
                }
            }
        }
        return best
    }

    /// The country code of the land ring a point is in (Natural Earth's 1:110m outlines, so a
    /// few kilometres off along coasts); nil at sea. "--" for land whose country is unknown.
    func land(latitude: Double, longitude: Double) -> String? {
        let (x, y) = (Float(longitude), Float(latitude))
        for ring in land where ring.minLongitude <= x && x <= ring.maxLongitude && ring.minLatitude <= y && y <= ring.maxLatitude {
            var inside = false
            var previous = ring.points[ring.points.count - 1]
            for point in ring.points {
                if (point.latitude > y) != (previous.latitude > y),
                   x < (previous.longitude - point.longitude) * (y - point.latitude) / (previous.latitude - point.latitude) + point.longitude {
                    inside.toggle()
                }
                previous = point
            }
            if inside { return ring.country }
        }
        return nil
    }

    /// Every land ring, for the map: (country code, points as longitude and latitude).
    public var landRings: [(country: String, points: [(longitude: Double, latitude: Double)])] {
        land.map { ring in (ring.country, ring.points.map { (Double($0.longitude), Double($0.latitude)) }) }
    }

    static let cellCount = 180 * 360

    static func cell(_ latitude: Double, _ longitude: Double) -> Int {
        let row = min(179, max(0, Int((latitude + 90).rounded(.down))))
        let column = (Int((longitude + 180).rounded(.down)) % 360 + 360) % 360
        return row * 360 + column
    }

    private static func ring(_ line: Substring) -> Ring? {
        let parts = line.split(separator: "\t", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let points: [(longitude: Float, latitude: Float)] = parts[1].split(separator: " ").compactMap { pair in
            let numbers = pair.split(separator: ",")
            guard numbers.count == 2, let longitude = Float(numbers[0]), let latitude = Float(numbers[1]) else { return nil }
            return (longitude, latitude)
        }
        guard points.count >= 3 else { return nil }
        return Ring(country: String(parts[0]), points: points,
                    minLongitude: points.map(\.longitude).min()!, maxLongitude: points.map(\.longitude).max()!,
                    minLatitude: points.map(\.latitude).min()!, maxLatitude: points.map(\.latitude).max()!)
    }

    /// A decimal such as `-33.868` or `151`, from its bytes.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Float? {
        var value = 0.0, scale = 0.0, negative = false, digits = 0
        for index in range {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "-") where index == range.lowerBound: negative = true
            case UInt8(ascii: "."): guard scale == 0 else { return nil }; scale = 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + Double(byte - UInt8(ascii: "0"))
                if scale > 0 { scale *= 10 }
                digits += 1
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        let number = scale > 0 ? value / scale : value
        return Float(negative ? -number : number)
    }

    private static func middle(_ points: [(Float, Float)]) -> (latitude: Double, longitude: Double) {
        let latitudes = points.map(\.0).sorted(), longitudes = points.map(\.1).sorted()
        return (Double(latitudes[latitudes.count / 2]), Double(longitudes[longitudes.count / 2]))
    }
}
