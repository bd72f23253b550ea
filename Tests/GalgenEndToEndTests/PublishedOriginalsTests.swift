import Foundation
import GalgenCore
import GalgenIO
import GalgenImage
import GalgenTestSupport
import Testing
@testable import GalgenApp

/// `viewer.originals` with real photos and the live effects: what is published is exactly what
/// was checked, under the extension of the format found in its bytes.
@Suite(.serialized)
struct PublishedOriginalsTests {
    static let gallery = "viewer: { originals: true }\nthumbnails: { widths: [160], formats: [jpeg] }\nimages:\n  - photos/\n"

    /// Every published original: its path in the site and whether its bytes have the digest
    /// its fingerprint names.
    static func originals(in project: TestProject) -> [(path: String, matches: Bool)] {
        project.list("_site/images").filter { $0.contains("-original.") }.map { path in
            let digest = ContentStore.digest(ofFile: project.path("_site/images/" + path)) ?? ""
            return (path, path.contains("-original.\(ContentHash.fingerprint(digest))."))
        }
    }

    /// A JPEG named `shot.html` holding a script in a comment would be a page on the site's origin.
    @Test func anOriginalNamedLikeAPageIsPublishedAsWhatItIs() async throws {
        let gallery = Self.gallery.replacingOccurrences(of: "  - photos/\n", with: "  - photos/shot.html\n")
        let project = try TestProject(gallery, photos: ["shot.html": "orientation/Landscape_1.jpg"])
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        let names = Self.originals(in: project).map(\.path)
        #expect(names.count == 1 && names.allSatisfy { $0.hasSuffix(".jpg") && !$0.contains(".html") }, "\(names)")
        let headers = project.read("_site/_headers") ?? ""
        #expect(headers.contains("/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'none';"), "\(headers)")
        #expect(headers.contains("/images/*\n  Cache-Control: public, max-age=31536000, immutable\n  Content-Security-Policy: default-src 'none'; sandbox"))
    }

    /// The photo is replaced after it was rendered (and checked for a location) and before the
    /// site is written: its new bytes must not be published under the old fingerprint and verdict.
    @Test func aPhotoReplacedWhileBuildingIsNotPublishedAsTheOneChecked() async throws {
        let project = try TestProject(Self.gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg"])
        let replacement = Fixtures.root + "/orientation/Landscape_3.jpg"
        let settings = BuildSettings(config: project.config, output: nil, cacheDir: nil, jobs: 1, offline: false, noWait: false,
                                     verbosity: .quiet)
        let reporter = TerminalReporter(verbosity: .quiet)
        var pipeline = SiteBuild(settings: settings, fetcher: .live(settings, reporter: reporter), reporter: reporter)
            .pipeline(cache: CacheFolder(root: settings.cachePath, output: settings.outputPath))
        let render = pipeline.renderer
        let photo = project.path("photos/a.jpg")
        pipeline.renderer = ImageRenderer(render: { bytes, request in
            let image = try render.render(bytes, request)
            // The user drops another photo over it while the build goes on.
            try? FileManager.default.removeItem(atPath: photo)
            try FileManager.default.copyItem(atPath: replacement, toPath: photo)
            return image
        }, peakBytes: render.peakBytes)
        let summary = try await pipeline.run()
        #expect(summary.failures.map(\.reason).contains { $0.contains("changed while galgen was building") }, "\(summary.failures)")
        let afterChange = Self.originals(in: project)
        let mismatched = afterChange.filter { !$0.matches }
        #expect(mismatched.isEmpty, "published under another file's fingerprint: \(mismatched)")
        #expect(afterChange.isEmpty)
        #expect(!(project.read("_site/a/index.html") ?? "").contains("-original."))
        // The next build checks the new photo and publishes it.
        let again = try await project.build()
        #expect(again.status == 0, "\(again.stderr)")
        let published = Self.originals(in: project)
        let matching = published.filter { $0.matches }
        #expect(published.count == 1 && matching.count == 1, "\(published)")
        #expect(ContentStore.digest(ofFile: project.path("_site/images/" + published[0].path)) == ContentStore.digest(ofFile: replacement))
    }
}
