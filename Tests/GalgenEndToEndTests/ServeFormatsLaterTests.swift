import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve`'s two looks: new photos appear with their JPEG renditions at once, and their
/// AVIF sources follow from a second build in the background; no page is ever served that names
/// an image the site does not have.
@Suite(.serialized)
struct ServeFormatsLaterTests {
    static let gallery = "thumbnails: { widths: [320, 1080, 1920], formats: [avif, jpeg] }\nimages: [photos]\n"

    func serving(_ folder: TestProject, _ body: (ServeProcess) async throws -> Void) async throws {
        try await ServeProcess.serving(folder, timeout: .seconds(300), body)
    }

    /// What one look at the overview showed of photo `slug`.
    struct Look: Equatable {
        var shown: Bool
        var withAVIF: Bool
    }

    /// The overview, with every image it names fetched and checked to be whole (a JPEG's or an
    /// AVIF's first bytes, the length it says).
    func look(_ server: ServeProcess, at slug: String) throws -> Look {
        let page = try server.get("/").text
        let names = page.matches(of: /images\/[A-Za-z0-9._-]+\.(?:jpg|avif)/).map { String($0.output) }
        for name in Set(names) {
            let image = try server.get("/" + name)
            #expect(image.status == 200, "the page names \(name), which the site does not have")
            let jpeg = name.hasSuffix(".jpg")
            let magic: [UInt8] = jpeg ? [0xFF, 0xD8, 0xFF] : Array("ftypavif".utf8)
            let bytes = Array(image.body)
            let head: [UInt8] = jpeg ? Array(bytes.prefix(3)) : Array(bytes.dropFirst(4).prefix(8))
            #expect(head == magic, "\(name) is not a whole \(jpeg ? "JPEG" : "AVIF")")
            #expect(!jpeg || bytes.suffix(2) == [0xFF, 0xD9], "\(name) is cut short")
        }
        let own = names.filter { $0.hasPrefix("images/\(slug)-") }
        return Look(shown: own.contains { $0.hasSuffix(".jpg") }, withAVIF: own.contains { $0.hasSuffix(".avif") })
    }

    @Test func aNewPhotoIsShownWithItsJPEGFirstThenWithItsAVIFSources() async throws {
        let folder = try TestProject(photos: ["harbour.jpg": "orientation/Landscape_1.jpg"])
        try folder.write("gallery.yml", Self.gallery)
        try await serving(folder) { server in
            // The first build has two looks too.
            let finished = try Regex(#"AVIF for 1 photo in \d"#)
            let finishedCount = { server.log.matches(of: finished).count }
            #expect(await server.waitForLog("AVIF for 1 photo in the background…", timeout: .seconds(120)), "\(server.log)")
            let deadline = ContinuousClock.now + .seconds(180)
            while finishedCount() < 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(finishedCount() == 1, "\(server.log)")
            let events = try EventStream(port: server.port)
            defer { events.close() }
            #expect(await events.wait { !$0.isEmpty })
            let before = try #require(events.states.last?["generation"])

            // A 14 MP camera photo arrives as an import writes it: beside, then renamed in.
            let incoming = folder.path("photos/.nikon.jpg.part")
            try FileManager.default.copyItem(atPath: Fixtures.root + "/photos/dn_nikon_d3100.jpg", toPath: incoming)
            #expect(rename(incoming, folder.path("photos/nikon.jpg")) == 0)
            var looks: [Look] = []
            while ContinuousClock.now < deadline + .seconds(180) {
                let done = finishedCount() >= 2
                let current = try look(server, at: "nikon")
                if looks.last != current { looks.append(current) }
                if done { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(looks.contains(Look(shown: true, withAVIF: false)), "the photo was never shown with its JPEG alone: \(looks)\n\(server.log)")
            #expect(looks.last == Look(shown: true, withAVIF: true), "\(looks)\n\(server.log)")
            // Never back: once shown, always shown; once with AVIF, always with it.
            let firstShown = try #require(looks.firstIndex { $0.shown })
            let firstAVIF = try #require(looks.firstIndex { $0.withAVIF })
            #expect(looks[firstShown...].allSatisfy(\.shown) && looks[firstAVIF...].allSatisfy(\.withAVIF) && firstShown < firstAVIF)
            #expect(server.log.contains("1 photo shown; AVIF for 1 photo in the background…"), "\(server.log)")
            // Two reloads: the first look, then the one with AVIF.
            #expect(await events.wait { states in Set(states.compactMap { $0["generation"] }.filter { $0 != before }).count >= 2 },
                    "\(events.states)")
        }
        // What serve left is the complete site: a build finds nothing to render or write.
        let summary = try await folder.buildSummary()
        #expect(summary.imagesBuilt == 2 && summary.imagesReused == 2 && !summary.siteChanged && summary.failures.isEmpty)
    }

    @Test func aChangeDuringTheBackgroundWorkStopsItAndTheRebuildFinishesIt() async throws {
        // Six 14 MP photos (copies of one with distinct bytes): each one's AVIF takes a while, so
        // the change lands with some done, two under way and the others waiting.
        let folder = try TestProject()
        let photos = try Fixtures.writeFullSizePhotos(6, to: folder.path("photos"), prefix: "photo_")
        try folder.write("gallery.yml", "title: Before\n" + Self.gallery)
        try await serving(folder) { server in
            #expect(await server.waitForLog("AVIF for 6 photos in the background…", timeout: .seconds(120)), "\(server.log)")
            // While the first photos' AVIF is being encoded (two at a time, the others waiting).
            try await Task.sleep(for: .milliseconds(500))
            try folder.write("gallery.yml", "title: After\n" + Self.gallery)
            #expect(await server.waitForLog("stopped by the change", timeout: .seconds(60)), "\(server.log)")
            #expect(await server.waitForLog("Rebuilt in", timeout: .seconds(60)), "\(server.log)")
            // The photos whose AVIF was under way were finished and kept: the rebuild leaves only the others.
            let resumed = try Regex(#"AVIF for ([1-4]) photos? in the background…"#)
            #expect(await server.waitForLog("in the background…", count: 2, timeout: .seconds(30)), "\(server.log)")
            #expect(server.log.firstMatch(of: resumed) != nil, "\(server.log)")
            let finished = try Regex(#"AVIF for [1-4] photos? in \d"#)
            let deadline = ContinuousClock.now + .seconds(240)
            while ContinuousClock.now < deadline, server.log.firstMatch(of: finished) == nil {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(server.log.firstMatch(of: finished) != nil, "\(server.log)")
            let page = try server.get("/").text
            #expect(page.contains("After"))
            for photo in photos {
                let slug = photo.dropLast(4).replacingOccurrences(of: "_", with: "-")
                #expect(try look(server, at: slug) == Look(shown: true, withAVIF: true), "\(slug)\n\(page)")
            }
        }
        let summary = try await folder.buildSummary()
        #expect(summary.imagesBuilt == 6 && summary.imagesReused == 6 && !summary.siteChanged && summary.failures.isEmpty)
    }
}
