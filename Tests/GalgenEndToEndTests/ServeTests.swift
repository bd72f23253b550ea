import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` as a user runs it: the real binary on a free port, real HTTP requests.
@Suite(.serialized)
struct ServeTests {
    func project(title: String = "Coast") throws -> TestProject {
        let folder = try TestProject(photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Portrait_3.jpg"])
        try writeGallery(folder, title: title)
        return folder
    }

    func writeGallery(_ folder: TestProject, title: String) throws {
        try folder.write("gallery.yml", """
            title: \(title)
            thumbnails: { widths: [200, 600], formats: [jpeg] }
            images:
              - { src: photos/a.jpg, title: Harbour }
              - { src: photos/b.jpg, title: Tower }
            """)
    }

    /// Starts the server, runs `body`, then stops it with Ctrl-C and checks it stopped cleanly.
    func serving(_ folder: TestProject, _ arguments: [String] = [],
                 _ body: (ServeProcess) async throws -> Void) async throws {
        try await ServeProcess.serving(folder, arguments, body)
    }

    func image(_ folder: TestProject, _ prefix: String) throws -> String {
        try #require(folder.list("_site/images").first { $0.hasPrefix(prefix) && $0.hasSuffix(".jpg") })
    }

    @Test func servesPagesAndImagesWithTheirTypesAndSafetyHeaders() async throws {
        let folder = try project()
        try await serving(folder) { server in
            let page = try server.get("/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<title>Coast</title>") || page.text.contains("Coast"))
            #expect(page.text.contains(#"<script src="/__galgen/live.js" data-generation=""#))
            #expect(page.text.contains("connect-src 'self'"))
            #expect(Int(page.headers["content-length"] ?? "") == page.body.count)
            // The file in the output folder is untouched.
            #expect(!(folder.read("_site/index.html") ?? "").contains("__galgen"))
            // Each photo's page is a page too.
            let photo = try server.get("/harbour/index.html")
            #expect(photo.status == 200 && photo.headers["content-type"] == "text/html; charset=utf-8")
            #expect(SitePages.shownTitle(photo.text) == "Harbour" && photo.text.contains(#"<script src="/__galgen/live.js" data-generation=""#))

            let name = try image(folder, "harbour-200.")
            let jpeg = try server.get("/images/" + name)
            #expect(jpeg.status == 200)
            #expect(jpeg.headers["content-type"] == "image/jpeg")
            #expect(jpeg.body == Array(FileManager.default.contents(atPath: folder.path + "/_site/images/" + name) ?? Data()))

            let assets = folder.list("_site/assets")
            let css = try server.get("/assets/" + (try #require(assets.first { $0.hasSuffix(".css") })))
            #expect(css.headers["content-type"] == "text/css")
            let js = try server.get("/assets/" + (try #require(assets.first { $0.hasSuffix(".js") })))
            #expect(js.headers["content-type"]?.contains("javascript") == true)
            let live = try server.get("/__galgen/live.js")
            #expect(live.status == 200 && live.text.contains("EventSource"))

            for response in [page, jpeg, css, js, live, try server.get("/missing.jpg"), try server.get("/../x")] {
                #expect(response.headers["x-content-type-options"] == "nosniff")
                #expect(response.headers["content-security-policy"]?.hasPrefix("default-src 'none'; img-src 'self' data:") == true)
            }
            // A preview is read-only.
            #expect(try server.get("/", method: "POST").status == 405)
            #expect(try server.get("/__galgen/events", method: "DELETE").status == 405)
            let head = try server.get("/", method: "HEAD")
            #expect(head.status == 200 && head.headers["content-type"] == "text/html; charset=utf-8")
            #expect(head.headers["content-length"] == page.headers["content-length"] && head.headers["transfer-encoding"] == nil)
            #expect(head.body.isEmpty)
        }
    }

    @Test func imagesAnswerIfNoneMatchWith304AndRangesWith206() async throws {
        let folder = try project()
        try await serving(folder) { server in
            let path = "/images/" + (try image(folder, "harbour-600."))
            let bytes = Array(FileManager.default.contents(atPath: folder.path + "/_site" + path) ?? Data())
            let first = try server.get(path)
            let etag = try #require(first.headers["etag"])
            let again = try server.get(path, headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(try server.get(path, headers: ["If-None-Match": "W/\"other\""]).status == 200)

            let range = try server.get(path, headers: ["Range": "bytes=100-199"])
            #expect(range.status == 206)
            #expect(range.headers["content-range"] == "bytes 100-199/\(bytes.count)")
            #expect(range.body == Array(bytes[100...199]))
            let tail = try server.get(path, headers: ["Range": "bytes=\(bytes.count - 10)-"])
            #expect(tail.status == 206 && tail.body == Array(bytes.suffix(10)))

            // A file replaced by one of the same size within the same second: new bytes, new ETag
            // (small files are served from memory, under the identity of the file they were read from).
            let site = folder.path + "/_site/"
            try "version one".write(toFile: site + "note.txt", atomically: true, encoding: .utf8)
            let one = try server.get("/note.txt")
            try "version two".write(toFile: site + "note.txt", atomically: true, encoding: .utf8)
            let two = try server.get("/note.txt", headers: ["If-None-Match": one.headers["etag"] ?? ""])
            #expect(one.text == "version one" && two.status == 200 && two.text == "version two")
            #expect(two.headers["etag"] != one.headers["etag"])
            #expect(two.headers["content-type"] == "text/plain")

            // Pages are always sent whole and fresh: they carry the live-reload script.
            let page = try server.get("/", headers: ["Range": "bytes=0-9"])
            #expect(page.status == 200 && page.text.contains("</html>"))
        }
    }

    /// Every way out of the folder is refused, and nothing outside it is ever sent.
    @Test func traversalDotfileAndSymlinkProbesAreRefused() async throws {
        let folder = try project()
        try "top secret".write(toFile: folder.path + "/secret.txt", atomically: true, encoding: .utf8)
        try await serving(folder) { server in
            let site = folder.path + "/_site"
            try FileManager.default.createSymbolicLink(atPath: site + "/leak.txt", withDestinationPath: folder.path + "/secret.txt")
            try FileManager.default.createSymbolicLink(atPath: site + "/outside", withDestinationPath: folder.path)
            try FileManager.default.createSymbolicLink(atPath: site + "/passwd", withDestinationPath: "/etc/passwd")
            try FileManager.default.createSymbolicLink(atPath: site + "/inside.html", withDestinationPath: site + "/index.html")
            try FileManager.default.createDirectory(atPath: site + "/.git", withIntermediateDirectories: true)
            try "[core]".write(toFile: site + "/.git/config", atomically: true, encoding: .utf8)

            let probes: [(String, Int)] = [
                ("/../secret.txt", 400), ("/images/../../secret.txt", 400), ("/%2e%2e/secret.txt", 400),
                ("/%2e%2e%2fsecret.txt", 400), ("/%252e%252e/secret.txt", 400), ("/%252e%252e%252fsecret.txt", 400),
                ("/..%2fsecret.txt", 400), ("/..\\secret.txt", 400), ("/%5c..%5csecret.txt", 400),
                ("//etc/passwd", 400), ("/%2fetc%2fpasswd", 400), ("/index.html%00.jpg", 400), ("/./index.html", 400),
                ("/.git/config", 404), ("/.galgen-site", 404), ("/%2egalgen-site", 404), ("/.galgen-cache/manifest.json", 404),
                ("/leak.txt", 404), ("/passwd", 404), ("/outside/secret.txt", 404), ("/outside/gallery.yml", 404), ("/outside/", 404),
                ("/etc/passwd", 404), ("http://127.0.0.1/../secret.txt", 400),
            ]
            for (target, status) in probes {
                let response = try server.get(target)
                #expect(response.status == status, "\(target) answered \(response.status)")
                #expect(!response.text.contains("top secret") && !response.text.contains("root:") && !response.text.contains("[core]"),
                        "\(target) leaked a file")
            }
            // A symlink that stays inside the folder is fine.
            #expect(try server.get("/inside.html").status == 200)
            // A file served once and then replaced by a symlink to outside is refused from then on.
            try "harmless".write(toFile: site + "/swap.txt", atomically: true, encoding: .utf8)
            #expect(try server.get("/swap.txt").text == "harmless")
            try FileManager.default.removeItem(atPath: site + "/swap.txt")
            try FileManager.default.createSymbolicLink(atPath: site + "/swap.txt", withDestinationPath: folder.path + "/secret.txt")
            let swapped = try server.get("/swap.txt")
            #expect(swapped.status == 404 && !swapped.text.contains("top secret"))
        }
    }

    /// DNS rebinding: another site's name pointing at 127.0.0.1 gets nothing, least of all the events.
    @Test func otherHostNamesAndOriginsAreRefused() async throws {
        let folder = try project()
        try await serving(folder) { server in
            #expect(try server.get("/", host: "evil.example:\(server.port)").status == 403)
            #expect(try server.get("/__galgen/events", host: "evil.example:\(server.port)").status == 403)
            #expect(try server.get("/__galgen/events", headers: ["Origin": "http://evil.example"]).status == 403)
            #expect(try server.get("/", host: "localhost:\(server.port)").status == 200)
            let events = try EventStream(port: server.port, headers: ["Origin": "http://127.0.0.1:\(server.port)"])
            defer { events.close() }
            #expect(await events.wait { !$0.isEmpty })
        }
    }

    @Test func editingGalleryYmlSendsAReloadEventAndServesTheNewPage() async throws {
        let folder = try project(title: "Before")
        try await serving(folder) { server in
            #expect(try server.get("/").text.contains("Before"))
            let events = try EventStream(port: server.port)
            defer { events.close() }
            #expect(await events.wait { !$0.isEmpty })
            let served = try #require(events.states.first?["generation"])

            try writeGallery(folder, title: "After")
            #expect(await events.wait { $0.contains { $0["generation"] != served } }, "no reload event:\n\(server.log)")
            let page = try server.get("/")
            #expect(page.text.contains("After") && !page.text.contains("Before"))
            // The page is served at the new version, so its script does not reload it again.
            let current = try #require(events.states.last?["generation"])
            #expect(page.text.contains("data-generation=\"\(current)\""))
            #expect(try server.get("/index.html").text.contains("data-generation=\"\(current)\""))
            #expect(await server.waitForLog("Rebuilt in"))
            #expect(server.log.contains("gallery.yml changed"))
            // The gallery's title is on every page: the overview and both photos' pages.
            #expect(server.log.contains("0 of 2 image(s) rendered, 3 of 3 page(s) rendered"), "\(server.log)")
        }
    }

    @Test func aChangedCaptionRendersOnlyItsPhotosPage() async throws {
        let folder = try project()
        try await serving(folder) { server in
            let gallery = try #require(folder.read("gallery.yml"))
            try folder.write("gallery.yml", gallery.replacingOccurrences(of: "title: Harbour }", with: "title: Harbour, caption: Boats at dawn }"))
            #expect(await server.waitForLog("Rebuilt in"), "\(server.log)")
            #expect(server.log.contains("0 of 2 image(s) rendered, 1 of 3 page(s) rendered"), "\(server.log)")
            #expect(try server.get("/harbour/index.html").text.contains(#"<p class="caption">Boats at dawn</p>"#))
            #expect(!(try server.get("/tower/index.html").text.contains("Boats at dawn")))
        }
    }

    @Test func aChangedPhotoIsTheOnlyImageRenderedAgain() async throws {
        let folder = try project()
        try await serving(folder) { server in
            let before = try image(folder, "harbour-200.")
            let replacement = folder.path + "/photos/a.jpg.new"
            try FileManager.default.copyItem(atPath: Fixtures.root + "/orientation/Landscape_6.jpg", toPath: replacement)
            // As an editor saves: a new file renamed over the old one.
            #expect(rename(replacement, folder.path + "/photos/a.jpg") == 0)
            #expect(await server.waitForLog("Rebuilt in"), "\(server.log)")
            #expect(server.log.contains("photos/a.jpg changed"))
            #expect(server.log.contains("1 of 2 image(s) rendered"))
            let after = try image(folder, "harbour-200.")
            #expect(after != before)
            #expect(try server.get("/images/" + after).status == 200)
            #expect(try server.get("/").text.contains(after))
        }
    }

    @Test func editingATemplateFileRebuildsWithIt() async throws {
        let folder = try project()
        try folder.write("gallery.yml", (folder.read("gallery.yml") ?? "") + "\ntemplate: theme\n")
        try folder.write("theme/gallery.css", "body { color: black }\n")
        try await serving(folder) { server in
            try folder.write("theme/gallery.css", "body { color: rebeccapurple }\n")
            #expect(await server.waitForLog("Rebuilt in"), "\(server.log)")
            #expect(server.log.contains("theme/gallery.css changed"))
            let css = try #require(folder.list("_site/assets").first { $0.hasSuffix(".css") })
            let served = try server.get("/assets/" + css)
            #expect(served.text.contains("rebeccapurple"))
            #expect(try server.get("/").text.contains(css))
        }
    }

    /// A large first build: an edit saved while it runs is rebuilt once it ends.
    @Test func anEditDuringTheFirstBuildIsRebuiltAfterIt() async throws {
        let folder = try project(title: "First")
        var images = ""
        for name in try Fixtures.writeFullSizePhotos(3, to: folder.path + "/photos", prefix: "big-") {
            images += "  - { src: photos/\(name) }\n"
        }
        let gallery = "thumbnails: { widths: [200, 600], formats: [jpeg] }\nimages:\n" + images
        try folder.write("gallery.yml", "title: First\n" + gallery)
        let edited = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) {
            try? folder.write("gallery.yml", "title: Edited while building\n" + gallery)
            edited.signal()
        }
        try await serving(folder, ["-j", "1"]) { server in
            edited.wait()
            #expect(await server.waitForLog("Rebuilt in"), "\(server.log)")
            let page = try server.get("/")
            #expect(page.text.contains("Edited while building"))
        }
    }

    @Test func aBrokenGalleryYmlKeepsTheLastGoodSiteAndReportsTheError() async throws {
        let folder = try project(title: "Good")
        try await serving(folder) { server in
            let events = try EventStream(port: server.port)
            defer { events.close() }
            #expect(await events.wait { !$0.isEmpty })
            let served = try #require(events.states.first?["generation"])

            try folder.write("gallery.yml", "title: [\nimages: []\n")
            #expect(await events.wait { $0.last?["error"]?.contains("gallery.yml:") == true }, "no error event:\n\(events.text)")
            #expect(events.states.last?["generation"] == served, "a failed build must not reload pages")
            let page = try server.get("/")
            #expect(page.status == 200 && page.text.contains("Good"))
            #expect(await server.waitForLog("still serving the last good site"))
            #expect(server.log.contains("error: gallery.yml:"))

            try writeGallery(folder, title: "Fixed")
            #expect(await events.wait { $0.last?["error"] == nil && $0.last?["generation"] != served }, "\(events.text)")
            #expect(try server.get("/").text.contains("Fixed"))
        }
    }

    @Test func aBasePathServesTheSiteUnderASubFolder() async throws {
        let folder = try project()
        try await serving(folder, ["--base-path", "/photos/trip/"]) { server in
            #expect(server.url.hasSuffix("/photos/trip/"))
            let root = try server.get("/")
            #expect(root.status == 302 && root.headers["location"] == "/photos/trip/")
            #expect(try server.get("/photos/trip").headers["location"] == "/photos/trip/")
            let page = try server.get("/photos/trip/")
            #expect(page.status == 200 && page.text.contains("__galgen/live.js"))
            let name = try image(folder, "harbour-200.")
            #expect(try server.get("/photos/trip/images/" + name).status == 200)
            // A photo's page at its folder's address: its links are relative, so they stay under the base path.
            #expect(try server.get("/photos/trip/harbour").headers["location"] == "/photos/trip/harbour/")
            let photo = try server.get("/photos/trip/harbour/")
            #expect(photo.status == 200 && photo.text.contains("__galgen/live.js") && photo.text.contains("../images/\(name) 200w"))
            #expect(try server.get("/images/" + name).status == 404)
            let folderRedirect = try server.get("/photos/trip/images")
            #expect(folderRedirect.status == 301 && folderRedirect.headers["location"] == "/photos/trip/images/")
            #expect(try server.get("/photos/trip/../../x").status == 400)
        }
    }

    @Test func aPortInUseIsReportedWithTheOptionToChangeIt() async throws {
        let folder = try project()
        try await serving(folder) { server in
            let second = try await Galgen.runAsync(["serve", "--port", String(server.port)], in: folder.path)
            #expect(second.status == 5)
            #expect(second.stderr.contains("port \(server.port) on 127.0.0.1 is already in use"))
            #expect(second.stderr.contains("--port"))
        }
    }

    @Test func anUnknownHostIsReported() async throws {
        let folder = try project()
        let result = try await Galgen.runAsync(["serve", "--host", "nonexistent.invalid", "--port", "0"], in: folder.path)
        #expect(result.status == 5)
        #expect(result.stderr.contains("cannot listen on nonexistent.invalid") && result.stderr.contains("--host 127.0.0.1"))
    }

    @Test func aMissingGalleryYmlIsAConfigurationError() async throws {
        let folder = try TemporaryFolder()
        let result = try await Galgen.runAsync(["serve", "--port", "0"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("gallery.yml") && result.stderr.contains("galgen init"))
        #expect(folder.list().isEmpty)
    }

    @Test func listeningBeyondThisMachineWarns() async throws {
        let folder = try project()
        try await serving(folder, ["--host", "0.0.0.0"]) { server in
            #expect(server.url.hasPrefix("http://localhost:"))
            #expect(await server.waitForLog("warning: listening on 0.0.0.0"))
            let page = try server.get("/")
            #expect(page.status == 200)
        }
    }
}
