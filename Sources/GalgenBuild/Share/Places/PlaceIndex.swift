import Foundation
import GalgenCore
import GalgenPlaces

/// Every published place of a site, worked out once per build like `TagIndex`: its name in the
/// site's language, its slug and its photos (album position and index, never a view model).
///
/// Only listed albums count: an unlisted album's photos are on no place page (a place page must
/// not lead to them), and a private album is never part of the public gallery. Places are sorted
/// by name; each place's photos are in the order of the albums, then of each album.
struct PlaceIndex: Sendable {
    struct Entry: Equatable, Sendable {
        var place: Place
        /// "Kyoto, Japan", "Springfield (Illinois), United States", "Japan".
        var name: String
        var slug: String
        var photos: [TagIndex.Photo]
    }

    private(set) var places: [Entry] = []
    private var positions: [Place: Int] = [:]

    /// The index entry of `place`; nil for a place without a page.
    func entry(of place: Place) -> Entry? {
        positions[place].map { places[$0] }
    }

    /// Collects the places of one album at a time (`add`), then names, sorts and slugs them.
    struct Builder {
        private var order: [Place] = []
        private var photos: [Place: [TagIndex.Photo]] = [:]

        /// The album at `position`, whose shown photos (in its order) are `shown`; `place` names each one's place.
        mutating func add(album: Album, position: Int, shown: [ShownImage], place: (ShownImage) -> Place?) {
            guard !album.unlisted, album.privateAccess == nil else { return }
            let indices = TagIndex.firstIndices(in: album)
            for entry in shown {
                guard let index = indices[entry.image.source], let found = place(entry) else { continue }
                if photos[found] == nil { order.append(found) }
                photos[found, default: []].append(TagIndex.Photo(album: position, image: index))
            }
        }

        func finish(language: String) -> PlaceIndex {
            let names = PlaceNames(language: language)
            let plain = order.map { names.name(of: $0, withRegion: false) }
            let repeated = Dictionary(grouping: plain, by: { $0 }).filter { $0.value.count > 1 }.keys
            let named = zip(order, plain).map { place, name in
                (place: place, name: repeated.contains(name) ? names.name(of: place, withRegion: true) : name)
            }.sorted { (TagIndex.sortKey($0.name), $0.name) < (TagIndex.sortKey($1.name), $1.name) }
            let slugs = Slug.unique(named.map { Slug.make(from: PlaceNames.slugSource(of: $0.place)) }, fallback: "place")
            var index = PlaceIndex()
            for (position, (entry, slug)) in zip(named, slugs).enumerated() {
                index.places.append(Entry(place: entry.place, name: entry.name, slug: slug, photos: photos[entry.place] ?? []))
                index.positions[entry.place] = position
            }
            return index
        }
    }

    /// With `places:` on, an album (or, in a gallery without albums, a photo) whose slug is the
    /// places folder's: its pages and the places pages would share `places/`.
    static func folderConflicts(_ gallery: Gallery) -> [ConfigError] {
        guard gallery.places != nil else { return [] }
        let folder = String(OutputLayout.placesFolder.dropLast())
        if gallery.hasAlbums {
            return gallery.albums.filter { $0.slug.lowercased() == folder }.compactMap { album in
                album.images.first.map { ConfigError(.placesFolderTaken(album.slug), at: $0.location) }
            }
        }
        return gallery.allImages.filter { $0.slug.lowercased() == folder }.map { ConfigError(.placesFolderTaken($0.slug), at: $0.location) }
    }
}

/// A place's name in the site's language: the city's or region's GeoNames name, and the
/// country's name as the language writes it (`Locale`).
struct PlaceNames {
    let locale: Locale

    init(language: String) { locale = Locale(identifier: language) }

    func country(_ code: String) -> String { locale.localizedString(forRegionCode: code) ?? code }

    /// "Kyoto, Japan"; with `withRegion`, "Springfield (Illinois), United States".
    func name(of place: Place, withRegion: Bool) -> String {
        let country = country(place.countryCode)
        switch place.level {
        case .city:
            let city = place.city ?? ""
            guard withRegion, let region = place.region, region != city else { return "\(city), \(country)" }
            return "\(city) (\(region)), \(country)"
        case .region: return "\(place.region ?? ""), \(country)"
        case .country: return country
        }
    }

    /// What a place's slug is made from: its names and its country code (`kyoto-jp`,
    /// `springfield-illinois-us`, `jp`), the same in every language.
    static func slugSource(of place: Place) -> String {
        let code = place.countryCode.lowercased()
        switch place.level {
        case .city:
            let city = place.city ?? ""
            guard let region = place.region, region != city else { return "\(city) \(code)" }
            return "\(city) \(region) \(code)"
        case .region: return "\(place.region ?? "") \(code)"
        case .country: return code
        }
    }
}
