import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenTestSupport
@testable import GalgenApp

extension TestProject {
    /// `galgen build` for this project, run in this process; paths in `extra` must be absolute.
    func build(_ extra: [String] = []) async throws -> Galgen.Result {
        try await Galgen.runInProcess(["build", "--config", config] + extra)
    }

    /// `galgen build` run by the real binary in the project's folder, for what only a separate
    /// process shows: exit statuses, signals, the environment, two builds at once.
    func buildWithBinary(_ extra: [String] = [], environment: [String: String] = [:]) async throws -> Galgen.Result {
        try await Galgen.runAsync(["build"] + extra, in: path, environment: environment)
    }

    /// One build through the app's `SiteBuild`, as `galgen build --quiet` runs it, for the counts
    /// the command line does not print: how many pages were rendered rather than taken from the
    /// page cache.
    func buildSummary() async throws -> BuildSummary {
        let settings = BuildSettings(config: config, output: nil, cacheDir: nil, jobs: nil, offline: false, noWait: false,
                                     verbosity: .quiet)
        let reporter = TerminalReporter(verbosity: .quiet)
        return try await SiteBuild(settings: settings, fetcher: .live(settings, reporter: reporter), reporter: reporter).run().get()
    }

    /// The site's image files, fingerprints masked: `landscape-1-200.<fp>.jpg`.
    var siteImages: [String] { Fingerprints.masked(Self.names(in: path("_site/images"))) }

    /// Index entries (one per cached URL) and bodies in the download cache.
    var cachedEntries: [String] { Self.names(in: cache + "/index") }
    var cachedBodies: [String] { Self.names(in: cache + "/bodies") }
    /// Anything left half-written anywhere in the cache.
    var partialFiles: [String] { list(".galgen-cache").filter { $0.contains(".partial-") } + Self.names(in: cache + "/transient") }

    /// The names in one folder (not below it), sorted.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// gallery.yml for images on a fault server.
enum RemoteGallery {
    /// `images` entries are written as given: a URL, or `{ src: URL, … }`.
    static func yaml(images: [String], download: String = "", widths: [Int] = [200]) -> String {
        var yaml = "title: Remote\nthumbnails: { widths: \(widths), formats: [jpeg] }\n"
        if !download.isEmpty { yaml += "download: { \(download) }\n" }
        return yaml + "images:\n" + images.map { "  - " + $0 }.joined(separator: "\n") + "\n"
    }
}
