import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` watching a photo folder: photos added, removed and renamed show in the preview.
@Suite(.serialized)
struct ServeFolderTests {
    /// Polls the page until `condition` holds (the rebuild runs in the background).
    func waitForPage(_ server: ServeProcess, timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let page = try? server.get("/").text, condition(page) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The title of the photo its page shows, as served.
    func photoTitle(_ server: ServeProcess, _ slug: String) throws -> String? {
        SitePages.shownTitle(try server.get("/\(slug)/index.html").text)
    }

    /// Waits until every rebuild that began has finished: the page shows a rebuild's site as soon as
    /// it is swapped in, a moment before the rebuild ends, and Ctrl-C during a rebuild exits 130.
    func waitForRebuilds(_ server: ServeProcess, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let log = server.log
            let begun = log.components(separatedBy: "changed; rebuilding").count
            let ended = log.components(separatedBy: "Rebuilt in").count + log.components(separatedBy: "The build failed after").count - 1
            if begun == ended { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func photosAddedRemovedAndRenamedInAWatchedFolderFollowInThePreview() async throws {
        let project = try TestProject("thumbnails: { widths: [120], formats: [jpeg] }\nsort: name\nimages: photos/\n",
                                      photos: ["harbour.jpg": "orientation/Landscape_1.jpg", "tower.jpg": "orientation/Portrait_3.jpg"])
        let server = try ServeProcess([], in: project.path)
        do {
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["harbour", "tower"] }, "\(server.log)")
            #expect(try photoTitle(server, "harbour") == "harbour")
            let started = ContinuousClock.now
            try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_5.jpg", toPath: project.path("photos/beach.jpg"))
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["beach", "harbour", "tower"] }, "added photo not shown:\n\(server.log)")
            let added = ContinuousClock.now - started
            #expect(server.log.contains("photos/ changed"), "\(server.log)")
            #expect(try photoTitle(server, "beach") == "beach")

            try FileManager.default.removeItem(atPath: project.path("photos/tower.jpg"))
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["beach", "harbour"] }, "removed photo still shown:\n\(server.log)")
            #expect(try server.get("/tower/index.html").status == 404)

            #expect(rename(project.path("photos/harbour.jpg"), project.path("photos/zebra.jpg")) == 0)
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["beach", "zebra"] }, "renamed photo not moved:\n\(server.log)")
            #expect(try photoTitle(server, "zebra") == "zebra")
            #expect(try server.get("/harbour/index.html").status == 404)
            // A measurement for the record, not an assertion (shared machines are noisy).
            print("serve: a photo added to a watched folder was on the page after \(added)")
            #expect(await waitForRebuilds(server), "\(server.log)")
        } catch {
            _ = await server.interrupt()
            throw error
        }
        #expect(await server.interrupt() == 0)
    }

    @Test func aPhotoCopiedInDuringTheFirstBuildIsShownAfterIt() async throws {
        // 30 distinct photos (a byte after each JPEG's end makes each copy a photo of its own),
        // so the first build renders for a few seconds.
        let project = try TestProject("thumbnails: { widths: [1600], formats: [jpeg] }\nsort: name\nimages: photos/\n")
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        let fixtures = Fixtures.names(in: "photos")
        for index in 0..<30 {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/photos/" + fixtures[index % fixtures.count]))
            bytes.append(UInt8(index))
            try bytes.write(to: URL(fileURLWithPath: project.path("photos/p\(index).jpg")))
        }
        // The folder is listed first; the photo arrives once renditions are being written.
        let renditions = project.path(".galgen-cache/renditions")
        let late = Task.detached {
            for _ in 0..<600 {
                if let kept = try? FileManager.default.subpathsOfDirectory(atPath: renditions), kept.count >= 2 { break }
                try? await Task.sleep(for: .milliseconds(20))
            }
            try? FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_5.jpg", toPath: project.path("photos/late.jpg"))
        }
        // Returns once the first build is done and the address is shown.
        let server = try ServeProcess([], in: project.path)
        await late.value
        do {
            #expect(await waitForPage(server, timeout: .seconds(30)) { SitePages.tileSlugs($0).contains("late") },
                         "late photo never shown:\n\(server.log)")
            #expect(try photoTitle(server, "late") == "late")
            #expect(await waitForRebuilds(server), "\(server.log)")
        } catch {
            _ = await server.interrupt()
            throw error
        }
        #expect(await server.interrupt() == 0)
    }
}
