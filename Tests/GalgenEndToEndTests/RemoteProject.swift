import FaultServer
import Foundation
import GalgenTestSupport

/// A temporary project whose gallery.yml lists URLs on a fault server, built with the real binary.
struct RemoteProject {
    let folder: TemporaryFolder
    var environment: [String: String] = ["NO_COLOR": "1"]

    init(images: [String], download: String = "", widths: [Int] = [200]) throws {
        folder = try TemporaryFolder()
        try write(images: images, download: download, widths: widths)
    }

    /// `images` entries are written as given: a URL, or `src: URL` plus more keys.
    func write(images: [String], download: String = "", widths: [Int] = [200]) throws {
        var yaml = "title: Remote\nthumbnails: { widths: \(widths) }\n"
        if !download.isEmpty { yaml += "download: { \(download) }\n" }
        yaml += "images:\n" + images.map { "  - " + $0 }.joined(separator: "\n") + "\n"
        try folder.write("gallery.yml", yaml)
    }

    func build(_ extra: [String] = []) async throws -> Galgen.Result {
        try await Galgen.runAsync(["build"] + extra, in: folder.path, environment: environment)
    }

    var cache: String { folder.path + "/.galgen-cache" }

    /// Index entries (one per cached URL) and bodies in the download cache.
    var cachedEntries: [String] { list(cache + "/index") }
    var cachedBodies: [String] { list(cache + "/bodies") }
    /// Anything left half-written anywhere in the cache.
    var partialFiles: [String] { folder.list(".galgen-cache").filter { $0.contains(".partial-") } + list(cache + "/transient") }

    func site(_ relative: String) -> String? { folder.read("_site/" + relative) }
    /// The site's image files, fingerprints masked: `landscape-1-200.<fp>.jpg`.
    var siteImages: [String] { Fingerprints.masked(list(folder.path + "/_site/images")) }

    private func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func remove() { folder.remove() }
}
