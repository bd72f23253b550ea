import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` watching a folder: a video added to it shows in the preview like a photo, and
/// its MP4 is served as a browser's `<video>` asks for it (type and Range, so seeking works).
@Suite(.serialized, .enabled(if: VideoClips.available, "needs ffmpeg and ffprobe (make setup)"))
struct ServeVideoFolderTests {
    func waitForPage(_ server: ServeProcess, timeout: Duration = .seconds(60), _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let page = try? server.get("/").text, condition(page) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func aVideoAddedToAWatchedFolderIsBuiltAndServedWithRanges() async throws {
        let project = try TestProject("thumbnails: { widths: [120], formats: [jpeg] }\nsort: name\nimages: photos/\n",
                                      photos: ["harbour.jpg": "orientation/Landscape_1.jpg"])
        let scratch = try TemporaryFolder()
        let clip = try VideoClips.make("clip.mov", in: scratch.path, VideoClips.sourceInputs() + VideoClips.h264)
        let server = try ServeProcess([], in: project.path)
        do {
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["harbour"] }, "\(server.log)")
            // Renamed in, whole: the watcher sees a new name in the folder's listing.
            #expect(rename(clip, project.path("photos/clip.MOV")) == 0)
            #expect(await waitForPage(server) { SitePages.tileSlugs($0) == ["clip", "harbour"] }, "added video not shown:\n\(server.log)")
            #expect(server.log.contains("photos/ changed"), "\(server.log)")
            let published = try #require(project.siteFiles("images").first { $0.contains("clip") && $0.hasSuffix(".mp4") },
                                         "\(project.siteFiles("images"))")
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: project.path("_site/images/" + published))))
            let name = "/images/" + published
            let whole = try server.get(name)
            #expect(whole.status == 200 && whole.headers["content-type"] == "video/mp4" && whole.headers["accept-ranges"] == "bytes")
            #expect(whole.body == bytes)
            let tail = try server.get(name, headers: ["Range": "bytes=-100"])
            #expect(tail.status == 206 && tail.headers["content-range"] == "bytes \(bytes.count - 100)-\(bytes.count - 1)/\(bytes.count)")
            #expect(tail.body == Array(bytes.suffix(100)))
            let past = try server.get(name, headers: ["Range": "bytes=\(bytes.count)-"])
            #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(bytes.count)")
        } catch {
            _ = await server.interrupt()
            throw error
        }
        _ = await server.interrupt()
    }
}
