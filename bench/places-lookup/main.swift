// bench/places's measuring program: compiled with GalgenPlaces' sources by bench/places (swiftc -O).
import Foundation

let started = Date()
let gazetteer = Gazetteer.shared
let cities = gazetteer.cities.count
let load = Date().timeIntervalSince(started)

// Points anywhere (mostly sea: the quick answer) and points 5 km from real towns (what photos are).
var generator = SystemRandomNumberGenerator()
let anywhere = (0..<100_000).map { _ in (Double.random(in: -60...70, using: &generator), Double.random(in: -180...180, using: &generator)) }
let step = max(1, cities / 100_000)
let nearTowns = stride(from: 0, to: cities, by: step).map { index in
    (Double(gazetteer.cities[index].latitude) + 0.03, Double(gazetteer.cities[index].longitude) - 0.04)
}
print("| points | lookups | µs per lookup | with a place |")
print("|---|---|---|---|")
for (name, points) in [("anywhere (mostly sea)", anywhere), ("5 km from a town", nearTowns)] {
    let start = Date()
    var found = 0
    for (latitude, longitude) in points where PlaceFinder.place(latitude: latitude, longitude: longitude, level: .city, in: gazetteer) != nil {
        found += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print("| \(name) | \(points.count) | \(String(format: "%.1f", seconds / Double(points.count) * 1e6)) | \(found) |")
}
print("\nload (parse and index, once per build with places on): \(String(format: "%.3f", load)) s; \(cities) towns, \(gazetteer.land.count) land rings")
