import Testing
@testable import GalgenPlaces

/// Places from coordinates against GeoNames' cities and Natural Earth's land: towns on either side
/// of a border, points at sea, the levels, and the coordinates a place publishes (its own, never
/// the photo's).
struct PlaceFinderTests {
    func city(_ latitude: Double, _ longitude: Double) -> String? {
        PlaceFinder.place(latitude: latitude, longitude: longitude, level: .city).map { place in
            [place.city, place.region, place.countryCode].compactMap { $0 }.joined(separator: ", ")
        }
    }

    @Test func citiesOnEitherSideOfABorder() {
        // The Rhine between Strasbourg and Kehl; Geneva and Annemasse; El Paso and Ciudad Juárez.
        #expect(city(48.5818, 7.7509) == "Strasbourg, Alsace, FR")
        #expect(city(48.5725, 7.8158) == "Kehl, Baden-Wuerttemberg, DE")
        #expect(city(46.2044, 6.1432) == "Geneve, Geneva, CH")
        #expect(city(46.1934, 6.2342) == "Annemasse, Rhone-Alpes, FR")
        #expect(city(31.7619, -106.4850) == "El Paso, Texas, US")
        #expect(city(31.6904, -106.4245) == "Ciudad Juarez, Chihuahua, MX")
    }

    @Test func atSeaThereIsNoPlaceButJustOffshoreTheTownStill() {
        #expect(PlaceFinder.place(latitude: 30, longitude: -40, level: .country) == nil, "the middle of the Atlantic")
        #expect(PlaceFinder.place(latitude: 38, longitude: 5, level: .country) == nil, "the western Mediterranean")
        #expect(PlaceFinder.place(latitude: -45, longitude: 150, level: .city) == nil, "the Tasman Sea")
        // A boat in the bay of Nice, 3 km out.
        #expect(city(43.665, 7.27) == "Nice, Provence-Alpes-Cote d'Azur, FR")
    }

    @Test func theLevelsAndWhereAFarPointFallsBack() throws {
        let kyoto = try #require(PlaceFinder.place(latitude: 35.0116, longitude: 135.7681, level: .city))
        #expect(kyoto.city == "Kyoto" && kyoto.region == "Kyoto" && kyoto.countryCode == "JP")
        let region = try #require(PlaceFinder.place(latitude: 35.0116, longitude: 135.7681, level: .region))
        #expect(region.level == .region && region.city == nil && region.region == "Kyoto" && region.countryCode == "JP")
        let country = try #require(PlaceFinder.place(latitude: 35.0116, longitude: 135.7681, level: .country))
        #expect(country.level == .country && country.city == nil && country.region == nil && country.countryCode == "JP")
        // Central Australia, 400 km from Alice Springs: the country of the land it is on, never a far town.
        let desert = try #require(PlaceFinder.place(latitude: -24, longitude: 130, level: .city))
        #expect(desert.level == .country && desert.city == nil && desert.countryCode == "AU", "\(desert)")
        // 90 km from the nearest town (Khatanga's region): the region, not the town.
        let tundra = try #require(PlaceFinder.place(latitude: 71.5, longitude: 100.5, level: .city))
        #expect(tundra.level == .region && tundra.countryCode == "RU", "\(tundra)")
    }

    @Test func aPlacesPointIsItsOwnNeverThePhotos() throws {
        let photo = (latitude: 35.0131, longitude: 135.7712)
        let city = try #require(PlaceFinder.place(latitude: photo.latitude, longitude: photo.longitude, level: .city))
        #expect((city.latitude, city.longitude) != photo)
        #expect(GreatCircle.distanceKm(city.latitude, city.longitude, 35.021, 135.754) < 0.2, "GeoNames' Kyoto")
        let region = try #require(PlaceFinder.place(latitude: photo.latitude, longitude: photo.longitude, level: .region))
        let country = try #require(PlaceFinder.place(latitude: photo.latitude, longitude: photo.longitude, level: .country))
        #expect((region.latitude, region.longitude) != (city.latitude, city.longitude))
        #expect((country.latitude, country.longitude) != (region.latitude, region.longitude))
    }

    @Test func theGazetteersNumbersAreReadAsFloatReadsThem() {
        for text in ["-33.868", "151", "0.5", "-0", "42.58", "179.999", "-179.999", "89.9"] {
            var bytes = Array(text.utf8)
            let read = bytes.withUnsafeMutableBufferPointer { Gazetteer.number(UnsafeBufferPointer($0), 0..<$0.count) }
            #expect(read == Float(text), "\(text)")
        }
        for text in ["1.2.3", "", "-", "a", "1-2", "."] {
            var bytes = Array(text.utf8)
            #expect(bytes.withUnsafeMutableBufferPointer { Gazetteer.number(UnsafeBufferPointer($0), 0..<$0.count) } == nil, "\(text)")
        }
        #expect(Gazetteer.shared.cities.count == 144_563 && Gazetteer.shared.land.count == 288)
    }

    @Test func greatCircleDistances() {
        // Paris to London, about 344 km; a degree of latitude, about 111 km; across the antimeridian.
        #expect(abs(GreatCircle.distanceKm(48.8566, 2.3522, 51.5074, -0.1278) - 343.5) < 2)
        #expect(abs(GreatCircle.distanceKm(0, 0, 1, 0) - 111.2) < 0.2)
        #expect(abs(GreatCircle.distanceKm(0, 179.5, 0, -179.5) - 111.2) < 0.2)
    }
}
