import Foundation

/// Distances on the Earth as a sphere (haversine, mean radius): good to about 0.5 %, which is
/// far finer than "which town is nearest" needs.
public enum GreatCircle {
    public static let earthRadiusKm = 6_371.0088

    public static func distanceKm(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude2 - latitude1) * radians, dLon = (longitude2 - longitude1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, a.squareRoot()))
    }
}
