import Testing
@testable import GalgenCore

/// `places:` in gallery.yml: off unless asked, a level, and circles that hide a place; wrong values
/// say what is allowed and where.
struct PlacesConfigTests {
    func gallery(_ text: String) throws -> Gallery { try ConfigParser.parse(text + "images: [a.jpg]\n", directory: "/site") }

    @Test func offByDefaultOnWithCitiesOrAsWritten() throws {
        #expect(try gallery("").places == nil)
        #expect(try gallery("places: false\n").places == nil)
        #expect(try gallery("places: true\n").places == PlacesSettings(level: .city))
        let written = try gallery("places: {level: region, hide_near: [[52.37, 4.89, 2], [-33.9, 151.2, 0.5]]}\n").places
        #expect(written == PlacesSettings(level: .region, hideNear: [.init(latitude: 52.37, longitude: 4.89, km: 2),
                                                                    .init(latitude: -33.9, longitude: 151.2, km: 0.5)]))
    }

    @Test(arguments: [
        ("places: maybe\n", "'places' must be true, false or {level: city"),
        ("places: {level: street}\n", "street"),
        ("places: {hide_near: [52.37, 4.89, 2]}\n", "each [latitude, longitude, km]"),
        ("places: {hide_near: [[95, 4.89, 2]]}\n", "between -90 and 90"),
        ("places: {hide_near: [[52.37, four, 2]]}\n", "places.hide_near longitude"),
        ("places: {hide_near: [[52.37, 4.89, 0]]}\n", "places.hide_near km"),
        ("places: {zoom: 3}\n", "zoom"),
    ])
    func wrongValuesSayWhatIsAllowed(_ text: String, _ said: String) {
        do {
            _ = try gallery(text)
            Issue.record("parsed")
        } catch {
            let message = "\(error)"
            #expect(message.contains(said) && message.contains("gallery.yml:1:"), "\(message)")
        }
    }

    @Test func aCircleHidesThePlaceAndOutsideItThePlaceIsNamed() throws {
        let home = GeoCoordinates(latitude: 48.8925, longitude: 2.2364)!
        let settings = PlacesSettings(level: .city, hideNear: [.init(latitude: 48.89, longitude: 2.24, km: 1)])
        #expect(settings.place(of: home) == nil)
        let away = PlacesSettings(level: .city, hideNear: [.init(latitude: 48.85, longitude: 2.35, km: 1)])
        #expect(away.place(of: home)?.city == "La Defense")
    }
}

/// Video positions as ISO 6709 writes them in containers.
struct ISO6709Tests {
    @Test func positionsWithAndWithoutHeightAndWhatIsNone() {
        #expect(ISO6709.coordinates("+52.3693+006.6761+10.534988/") == GeoCoordinates(latitude: 52.3693, longitude: 6.6761))
        #expect(ISO6709.coordinates("+51.4169-000.0806/") == GeoCoordinates(latitude: 51.4169, longitude: -0.0806))
        #expect(ISO6709.coordinates("-33.8688+151.2093/") == GeoCoordinates(latitude: -33.8688, longitude: 151.2093))
        #expect(ISO6709.coordinates("+00.0000+000.0000/") == nil, "0° 0′: the camera knew nothing")
        for text in ["", "London", "+95.0+010.0/", "+1.0", "52.3+6.6/", "+52.3x+6.6/"] {
            #expect(ISO6709.coordinates(text) == nil, "\(text)")
        }
    }
}
