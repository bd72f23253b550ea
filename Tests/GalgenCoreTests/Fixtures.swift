import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Hand-built galleries, plans and rendered images for the presenter, site and pipeline tests.
enum Fixture {
    static func location(_ line: Int = 1) -> GalgenCore.SourceLocation {
        GalgenCore.SourceLocation(file: "gallery.yml", line: line, column: 5)
    }

    static func image(_ slug: String, title: String? = nil, caption: String? = nil, alt: String? = nil,
                      line: Int = 1) -> GalleryImage {
        GalleryImage(source: .local(written: "photos/\(slug).jpg", resolved: "/site/photos/\(slug).jpg"),
                     title: title ?? slug.capitalized, caption: caption, alt: alt, slug: slug, location: location(line))
    }

    /// Bytes that look enough like a JPEG for tests that never decode them.
    static func fakeJPEG(_ tag: String) -> [UInt8] { [0xFF, 0xD8, 0xFF] + Array(tag.utf8) + [0xFF, 0xD9] }

    /// Renditions at `widths` (in the order given), 3:2, holding fake JPEG bytes.
    static func rendered(_ widths: [Int], tag: String = "x") -> RenderedImage {
        RenderedImage(width: widths.max() ?? 0, height: (widths.max() ?? 0) * 2 / 3,
                      renditions: widths.map { Rendition(width: $0, height: $0 * 2 / 3, jpeg: fakeJPEG("\(tag)-\($0)")) })
    }

    /// Every image of `gallery` rendered at `widths`, except the slugs in `failing`.
    static func renderAll(_ gallery: Gallery, widths: [Int] = [400, 1600], failing: Set<String> = []) -> [ImageSource: RenderedImage] {
        var result: [ImageSource: RenderedImage] = [:]
        for image in gallery.allImages where !failing.contains(image.slug) {
            result[image.source] = rendered(widths, tag: image.slug)
        }
        return result
    }

    static func singleAlbum(_ images: [GalleryImage], title: String = "Summer", description: String? = nil) -> Gallery {
        Gallery(title: title, description: description,
                albums: [Album(title: title, slug: "", description: description, images: images)])
    }

    static func albums(_ albums: [Album], title: String = "Trips", description: String? = nil) -> Gallery {
        Gallery(title: title, description: description, hasAlbums: true, albums: albums)
    }

    /// Where a rendition made by `rendered(_:tag:)` is written: its stem and width, and the
    /// fingerprint of its (fake) bytes.
    static func imagePath(_ stem: String, _ width: Int, tag: String) -> String {
        OutputLayout.rendition(stem: stem, width: width, digest: ContentHash.hex(fakeJPEG("\(tag)-\(width)")))
    }

    /// `assets/gallery.<first 8 hex of the SHA-256 of the built-in asset>.css` (or `.js`, joined).
    static func builtInAssetPath(_ name: String) -> String {
        let bytes = BuiltInTemplate.template.assets[name] ?? []
        let dot = name.lastIndex(of: ".")!
        let fingerprint = String(ContentHash.hex(bytes).prefix(8))
        return "assets/" + String(name[..<dot]) + "." + fingerprint + String(name[dot...])
    }

    /// `places:` on, and the photos of `slugs` taken in Kyoto: a place line, a place page and the places index.
    static func withPlaces(_ gallery: inout Gallery, slugs: Set<String>) -> [ImageSource: RenderedImage] {
        gallery.places = PlacesSettings()
        var rendered = renderAll(gallery)
        for image in gallery.allImages where slugs.contains(image.slug) { rendered[image.source]?.coordinates = kyoto }
        return rendered
    }

    static let kyoto = GeoCoordinates(latitude: 35.0116, longitude: 135.7681)!

    /// `count` points, each at a different town (walking a lattice over Europe).
    static func distinctTowns(_ count: Int) -> [GeoCoordinates] {
        var seen = Set<Place>()
        var points: [GeoCoordinates] = []
        for step in 0..<10_000 where points.count < count {
            let point = GeoCoordinates(latitude: 43 + Double(step / 60) * 0.3, longitude: -2 + Double(step % 60) * 0.4)!
            if let place = PlacesSettings().place(of: point), seen.insert(place).inserted { points.append(point) }
        }
        return points
    }

    static func present(_ gallery: Gallery, rendered: [ImageSource: RenderedImage]? = nil) -> [PageViewModel] {
        Presenter.present(gallery: gallery, plan: Planner.plan(gallery), rendered: rendered ?? renderAll(gallery),
                          generator: "galgen test")
    }
}

extension String {
    func occurrences(of needle: String) -> Int { components(separatedBy: needle).count - 1 }
}

extension OutputFile {
    /// The bytes as UTF-8: every file the site renderer and the store-less pipeline make is in memory.
    var text: String { String(decoding: inMemory, as: UTF8.self) }

    var inMemory: [UInt8] {
        guard let bytes else {
            Issue.record("\(path) is not held in memory: \(content)")
            return []
        }
        return bytes
    }
}

extension BuildSummary {
    /// The summary without its build record (which holds timings), for exact comparisons.
    var withoutRecord: BuildSummary {
        var summary = self
        summary.record = nil
        return summary
    }
}

extension Array where Element == PageViewModel {
    /// The photos of the photo pages, in page order (an album's photos in its order).
    var photos: [ImageViewModel] { compactMap { $0.photoPage?.photo } }

    /// The photos of one album's pages: those under `folder` ("day-one/"; "" for the only album).
    func photos(in folder: String) -> [ImageViewModel] {
        filter { $0.kind == .photo && $0.path.hasPrefix(folder) && $0.path.dropFirst(folder.count).split(separator: "/").count == 2 }
            .photos
    }

    /// The page at `path`.
    subscript(path path: String) -> PageViewModel? { first { $0.path == path } }
}
