import Foundation
import GalgenTestSupport
import Testing

/// A rebuild with nothing changed reuses the last build without parsing gallery.yml (the
/// `last-build` record): every way an input can change must still be seen, and what the last
/// build reported must be reported again.
@Suite(.serialized)
struct ReusedBuildTests {
    static let upToDate = "is up to date: nothing changed, nothing written"

    func project(_ extra: String = "", photos: [String: String] = [:]) throws -> TestProject {
        try TestProject("""
            title: Reuse
            thumbnails: { widths: [200], formats: [jpeg] }
            \(extra)
            images:
              - { src: photos/a.jpg, title: A }
              - { src: photos/b.jpg, title: B }
            """, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Portrait_3.jpg"].merging(photos) { $1 })
    }

    func modificationTime(_ path: String) -> Int64 {
        var info = stat()
        stat(path, &info)
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Overwrites a file's bytes in place: same inode, and its folder's modification time unchanged.
    func overwriteInPlace(_ path: String, _ text: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func aTemplateFileEditedInPlaceIsUsed() async throws {
        let project = try project("template: theme")
        try project.write("theme/gallery.css", "body { color: red }\n")
        #expect(try await project.build().status == 0)
        let folderBefore = modificationTime(project.path("theme"))

        try overwriteInPlace(project.path("theme/gallery.css"), "body { color: blue }\n")
        #expect(modificationTime(project.path("theme")) == folderBefore, "the folder should not show the edit")
        let again = try await project.build()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains(Self.upToDate))
        let css = try #require(project.list("_site/assets").first { $0.hasPrefix("gallery") && $0.hasSuffix(".css") })
        #expect(try String(contentsOfFile: project.path("_site/assets/" + css), encoding: .utf8).contains("blue"))
    }

    @Test func gallerySavedWithTheSameBytesIsStillUpToDateAndAnyByteChangeIsNot() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let text = try String(contentsOfFile: project.config, encoding: .utf8)
        try project.writeGallery(text)  // a new file: other inode and time, same bytes
        let same = try await project.build()
        #expect(same.status == 0 && same.stderr.contains(Self.upToDate), "\(same.stderr)")

        try project.writeGallery(text.replacingOccurrences(of: "title: B", with: "title: Bee"))
        let changed = try await project.build()
        #expect(changed.status == 0 && !changed.stderr.contains(Self.upToDate), "\(changed.stderr)")
        #expect(try String(contentsOfFile: project.path("_site/index.html"), encoding: .utf8).contains("Bee"))
    }

    @Test func aPhotoReplacedByAnotherIsRenderedAgain() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let before = project.siteImagesWithFingerprints
        try project.copyPhoto("orientation/Portrait_5.jpg", as: "b.jpg")
        let again = try await project.build()
        #expect(again.status == 0 && !again.stderr.contains(Self.upToDate), "\(again.stderr)")
        #expect(project.siteImagesWithFingerprints != before)
    }

    @Test func warningsAreReportedAgainByAReusedBuild() async throws {
        // This phone photo has GPS coordinates: each build says they were removed.
        let project = try project(photos: ["b.jpg": "odd/dn_iphone6plus_420_dri_icc.jpg"])
        let first = try await project.build()
        #expect(first.status == 0 && first.stderr.contains("GPS coordinates"), "\(first.stderr)")
        let again = try await project.build()
        #expect(again.status == 0 && again.stderr.contains(Self.upToDate), "\(again.stderr)")
        #expect(again.stderr.contains("GPS coordinates"), "the warning was not repeated:\n\(again.stderr)")
    }

    @Test func aFailedPhotoIsTriedAgainEveryBuild() async throws {
        let project = try project()
        try FileManager.default.removeItem(atPath: project.path("photos/b.jpg"))
        #expect(try await project.build().status == 1)
        let again = try await project.build()
        #expect(again.status == 1, "a build with a failed photo is never reused:\n\(again.stderr)")
        try project.copyPhoto("orientation/Portrait_3.jpg", as: "b.jpg")
        #expect(try await project.build().status == 0)
    }

    @Test func aDeletedOrEditedSiteIsBuiltAgain() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let clean = try Data(contentsOf: URL(fileURLWithPath: project.path("_site/index.html")))
        try overwriteInPlace(project.path("_site/index.html"), "defaced")
        #expect(try await project.build().status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.path("_site/index.html"))) == clean)
        try FileManager.default.removeItem(atPath: project.site)
        let again = try await project.build()
        #expect(again.status == 0 && !again.stderr.contains(Self.upToDate))
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.path("_site/index.html"))) == clean)
    }

    /// serve's first build may be a reused one: it must still watch every photo.
    @Test func serveOnAnUpToDateSiteStillWatchesThePhotos() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let serve = try ServeProcess([], in: project.path)
        try project.copyPhoto("orientation/Portrait_5.jpg", as: "b.jpg")
        #expect(await serve.waitForLog("Rebuilt in"), "no rebuild after a photo changed:\n\(serve.log)")
        #expect(serve.log.contains("1 of 2 image(s) rendered"), "\(serve.log)")
        #expect(await serve.interrupt() == 0)
    }
}

private extension TestProject {
    /// The site's image names with their fingerprints (which change with their bytes).
    var siteImagesWithFingerprints: [String] { Self.names(in: path("_site/images")) }
}
