import Foundation

/// A gallery project in a temporary folder, as a user has one: `gallery.yml`, photos copied
/// from the fixtures into `photos/`, and where a build with default settings puts its site
/// (`_site`) and cache (`.galgen-cache`). The folder is removed when the project goes away.
public final class TestProject: Sendable {
    public let folder: TemporaryFolder

    /// A project with `gallery` as its gallery.yml (none when nil) and `photos` (name in
    /// `photos/` → fixture path such as `orientation/Landscape_1.jpg`) copied in.
    public init(_ gallery: String? = nil, photos: [String: String] = [:]) throws {
        folder = try TemporaryFolder()
        if let gallery { try writeGallery(gallery) }
        for (name, fixture) in photos { try copyPhoto(fixture, as: name) }
    }

    public var path: String { folder.path }
    /// The absolute path of a file in the project.
    public func path(_ relative: String) -> String { folder.path + "/" + relative }
    public var config: String { path("gallery.yml") }
    public var site: String { path("_site") }
    public var cache: String { path(".galgen-cache") }

    public func writeGallery(_ yaml: String) throws { try folder.write("gallery.yml", yaml) }

    /// Copies a fixture photo to `photos/<name>`, replacing what was there.
    public func copyPhoto(_ fixture: String, as name: String) throws {
        let destination = path("photos/" + name)
        try FileManager.default.createDirectory(atPath: path("photos"), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/" + fixture, toPath: destination)
    }

    public func write(_ relative: String, _ text: String) throws { try folder.write(relative, text) }
    public func read(_ relative: String) -> String? { folder.read(relative) }
    /// Every path under a folder of the project (the whole project by default), sorted.
    public func list(_ relative: String = "") -> [String] { folder.list(relative) }

    /// Every path under the default site folder (or a folder of it), sorted.
    public func siteFiles(_ relative: String = "") -> [String] { list(relative.isEmpty ? "_site" : "_site/" + relative) }
    /// A file of the default site, as text.
    public func siteFile(_ relative: String) -> String? { read("_site/" + relative) }
}
