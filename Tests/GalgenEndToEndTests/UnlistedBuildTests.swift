import Foundation
import GalgenIO
import GalgenTestSupport
import Testing

/// `unlisted: true` with the real command line: the address is made once, said once, kept by the
/// next build through the cache, and kept without the cache only when gallery.yml gives it.
struct UnlistedBuildTests {
    static let gallery = """
    title: Us
    albums:
      - title: Trips
        images: [photos/a.jpg]
      - title: Family
        unlisted: true
        images: [photos/b.jpg]
    """

    func unlistedFolders(_ project: TestProject) -> [String] {
        TestProject.names(in: project.site).filter { $0.hasPrefix("family") }
    }

    @Test func theAddressIsMadeOnceSaidOnceAndKeptByTheCache() async throws {
        let project = try TestProject(Self.gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_3.jpg"])
        let first = try await project.build()
        #expect(first.status == 0, "\(first.stderr)")
        let folders = unlistedFolders(project)
        let folder = try #require(folders.first)
        #expect(folders.count == 1 && folder.count == "family-".count + 10, "\(folders)")
        let token = String(folder.dropFirst("family-".count))
        let said = first.stdout + first.stderr
        #expect(said.contains("Unlisted album 'Family' is at \(folder)/") && said.contains("unlisted: \(token)"), "\(said)")
        #expect(project.read(".galgen-cache/unlisted.json")?.contains(token) == true)
        // The front page and the sitemap-free site lead nowhere near it.
        #expect(project.siteFile("index.html")?.contains("family") == false)

        // Another build (gallery.yml touched, so it is not a no-op): the same address, nothing said.
        try project.writeGallery(Self.gallery.replacingOccurrences(of: "title: Us", with: "title: Us two"))
        let second = try await project.build()
        #expect(second.status == 0 && unlistedFolders(project) == [folder])
        #expect(!(second.stdout + second.stderr).contains("Unlisted album"))

        // Without the cache, a new address, unless gallery.yml gives the one printed.
        try FileManager.default.removeItem(atPath: project.cache)
        try project.writeGallery(Self.gallery.replacingOccurrences(of: "unlisted: true", with: "unlisted: \(token)"))
        let pinned = try await project.build()
        #expect(pinned.status == 0 && unlistedFolders(project) == [folder], "\(pinned.stderr)")
        #expect(!(pinned.stdout + pinned.stderr).contains("Unlisted album"))
        try FileManager.default.removeItem(atPath: project.cache)
        try project.writeGallery(Self.gallery)
        let fresh = try await project.build()
        #expect(fresh.status == 0 && unlistedFolders(project).count == 1 && unlistedFolders(project) != [folder])
    }

    /// A photo the unlisted album lists first and a listed album lists too: the listed album's
    /// pages, the front page (cover, og:image), the feeds, the tag pages and the sitemap link its
    /// renditions, so they must not live under the unlisted address. No file outside the unlisted
    /// album's own folders names its token: not `_headers` nor the marker `.galgen-site` either,
    /// which hosts serve too.
    @Test func aPhotoSharedWithAListedAlbumDoesNotLeakTheAddress() async throws {
        let gallery = """
        title: Us
        base_url: https://example.com/
        albums:
          - title: Family
            unlisted: true
            images: [{ src: photos/a.jpg, tags: [Sea] }, photos/b.jpg]
          - title: Trips
            images: [{ src: photos/a.jpg, tags: [Sea] }, photos/c.jpg]
        """
        let project = try TestProject(gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_3.jpg",
                                                        "c.jpg": "orientation/Portrait_1.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let folder = try #require(unlistedFolders(project).first)
        let token = String(folder.dropFirst("family-".count))
        let outside = project.siteFiles().filter { path in
            !path.hasPrefix(folder + "/") && path != folder && !path.hasPrefix("images/" + folder)
        }
        #expect(outside.contains("trips/a/index.html") && outside.contains("feed.xml") && outside.contains("tags/sea/index.html")
                && outside.contains("_headers") && outside.contains(".galgen-site"), "\(outside)")
        for path in outside {
            guard let data = FileManager.default.contents(atPath: project.path("_site/" + path)) else { continue }
            #expect(data.range(of: Data(token.utf8)) == nil, "\(path) names the unlisted address")
        }
        // The shared photo's renditions are the listed album's; the unlisted album's own are its.
        #expect(project.siteFiles("images/trips").contains { $0.hasPrefix("a-") })
        #expect(project.siteFiles("images/" + folder).contains { $0.hasPrefix("b-") })
        #expect(!project.siteFiles("images/" + folder).contains { $0.hasPrefix("a-") })
        #expect(project.siteFile(folder + "/a/index.html")?.contains("images/trips/a-") == true)
    }

    @Test func aDamagedAddressTableStopsTheBuildAndKeepsTheSite() async throws {
        let project = try TestProject(Self.gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_3.jpg"])
        #expect(try await project.build().status == 0)
        let before = project.siteFiles()
        try project.write(".galgen-cache/unlisted.json", "{\"family\": \"x\"}")
        try project.writeGallery(Self.gallery.replacingOccurrences(of: "title: Us", with: "title: Changed"))
        let broken = try await project.build()
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("unlisted.json") && broken.stderr.contains("remove it"), "\(broken.stderr)")
        #expect(project.siteFiles() == before && project.siteFile("index.html")?.contains("Changed") == false)
    }

    /// The token is drawn under the cache's lock: a build that finds the cache busy draws none,
    /// writes none and says none, so two builds that start together cannot publish two addresses.
    @Test func aBuildThatFindsTheCacheBusyDrawsNoAddress() async throws {
        let project = try TestProject(Self.gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_3.jpg"])
        try FileManager.default.createDirectory(atPath: project.cache, withIntermediateDirectories: true)
        let lock = try CacheFolder(root: project.cache, output: project.site).lock(wait: false) { _ in }
        let busy = try await project.buildWithBinary(["--no-wait"])
        lock.release()
        #expect(busy.status == 4, "\(busy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.cache + "/unlisted.json"))
        #expect(!(busy.stdout + busy.stderr).contains("Unlisted album"), "\(busy.stderr)")
        let built = try await project.buildWithBinary()
        #expect(built.status == 0 && unlistedFolders(project).count == 1, "\(built.stderr)")
    }
}
