import Foundation

/// A position as ISO 6709 writes it in video containers (QuickTime's `©xyz`,
/// `com.apple.quicktime.location.ISO6709`, MP4's `location`): `+35.0116+135.7681+010.500/`,
/// signed decimal degrees of latitude then longitude, an optional height, a closing slash.
public enum ISO6709 {
    /// The position in `text`; nil when it is not one, or is 0° 0′ (what some cameras write when they know nothing).
    public static func coordinates(_ text: String) -> GeoCoordinates? {
        var numbers: [Double] = []
        var current = ""
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character == "+" || character == "-" || character == "/" {
                if !current.isEmpty {
                    guard let number = Double(current) else { return nil }
                    numbers.append(number)
                }
                current = character == "/" ? "" : String(character)
                if character == "/" { break }
            } else if character.isNumber || character == "." {
                guard !current.isEmpty else { return nil }
                current.append(character)
            } else {
                return nil
            }
        }
        if !current.isEmpty, let number = Double(current) { numbers.append(number) }
        guard numbers.count >= 2, numbers[0] != 0 || numbers[1] != 0 else { return nil }
        return GeoCoordinates(latitude: numbers[0], longitude: numbers[1])
    }
}
