/// Where a photo was taken, in degrees (WGS 84, north and east positive), as its own EXIF GPS
/// records it: for the build only. No page, feed or file of the site carries it; a feature that
/// names a place turns it into that place's name first.
public struct GeoCoordinates: Equatable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// nil unless both are finite and on the globe (|latitude| ≤ 90, |longitude| ≤ 180).
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Degrees, minutes and seconds (minutes and seconds may be fractions, or zero) and the
    /// reference letter: `S` and `W` are negative; any other (or none) is north or east, as
    /// exiftool reads a missing one.
    public static func degrees(_ parts: [Double], reference: String?) -> Double? {
        guard let degrees = parts.first else { return nil }
        let value = degrees + (parts.count > 1 ? parts[1] / 60 : 0) + (parts.count > 2 ? parts[2] / 3600 : 0)
        guard value.isFinite, value >= 0 else { return nil }
        return ["S", "W"].contains(reference?.uppercased()) ? -value : value
    }
}
