import Foundation
import GalgenPlaces

/// The places index's world map, drawn by galgen as inline SVG: Natural Earth's land (the
/// gazetteer's rings, 0.1° steps) in an equirectangular projection, and a mark per place, its
/// area by its count, each a link to the place's page with its name as its accessible name.
/// No tile server, no script, no third-party request; a mark sits at the place's own point
/// (a city's, a region's or country's middle), never at a photo's.
package enum PlacesMap {
    /// The SVG's user units: one per 0.1° of longitude and latitude.
    static let scale = 10.0
    static let width = 360 * scale, height = 170 * scale
    /// The map leaves out the far south (Antarctica below 80° S): nobody is there to photograph.
    static let top = 90.0

    package struct Mark {
        var name: String
        var href: String
        var count: Int
        /// Where the mark sits: the place's own point.
        var place: Place

        package init(name: String, href: String, count: Int, place: Place) {
            self.name = name
            self.href = href
            self.count = count
            self.place = place
        }
    }

    /// One path of every land ring, made once per process (the same on every build).
    static let land: String = {
        Gazetteer.shared.landRings.map { ring in
            "M" + ring.points.map { point($0.latitude, $0.longitude) }.joined(separator: "L") + "Z"
        }.joined()
    }()

    /// `label`: the map's accessible name ("Map of 42 places").
    package static func svg(_ marks: [Mark], label: String) -> String {
        let largest = Double(marks.map(\.count).max() ?? 1)
        var svg = "<svg class=\"places-map\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"group\" aria-label=\"\(MarkupText.html(label))\">"
        svg += "<path class=\"places-land\" d=\"\(land)\"/>"
        // Larger marks first, so a small one beside a large one stays on top and can be clicked.
        for mark in marks.sorted(by: { $0.count > $1.count }) {
            let radius = 6 + 22 * (Double(mark.count) / largest).squareRoot()
            let xy = point(mark.place.latitude, mark.place.longitude).split(separator: ",")
            svg += "<a href=\"\(MarkupText.html(mark.href))\" aria-label=\"\(MarkupText.html(mark.name))\">"
                + "<circle class=\"places-mark\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"\(Int(radius.rounded()))\"/>"
                + "<title>\(MarkupText.html(mark.name))</title></a>"
        }
        return svg + "</svg>"
    }

    /// A point in the map's units, whole numbers (0.1° steps: no finer than the land itself).
    static func point(_ latitude: Double, _ longitude: Double) -> String {
        let x = ((longitude + 180) * scale).rounded(), y = ((top - latitude) * scale).rounded()
        return "\(Int(x)),\(Int(y))"
    }
}
