import Foundation
import GalgenCore
import GalgenTestSupport
import Testing

/// Rebuilds: what is redone, what is left alone, and that nothing is ever half-written.
@Suite(.serialized)
struct IncrementalBuildTests {
    /// Path → (inode, modification time, bytes) of every file under a folder.
    struct Snapshot: Equatable {
        var files: [String: Stamp]
        struct Stamp: Equatable { var inode: UInt64; var modified: Int64; var bytes: Data }

        init(_ root: String) {
            var files: [String: Stamp] = [:]
            for relative in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
                var info = stat()
                let path = root + "/" + relative
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                files[relative] = Stamp(inode: UInt64(info.st_ino),
                                        modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                        bytes: FileManager.default.contents(atPath: path) ?? Data())
            }
            self.files = files
        }

        var contents: [String: Data] { files.mapValues(\.bytes) }
        /// A file's bytes as text; `""` when there is no such file.
        func text(_ path: String) -> String { String(decoding: files[path]?.bytes ?? Data(), as: UTF8.self) }
        /// The files that are new, gone or not the same file (inode, time or bytes) since `before`.
        func changed(since before: Snapshot) -> Set<String> {
            Set(files.keys).union(before.files.keys).filter { files[$0] != before.files[$0] }
        }
        func images(_ prefix: String) -> [String] { files.keys.filter { $0.hasPrefix("images/" + prefix) }.sorted() }
    }

    static func gallery(quality: Int = 82, caption: String = "Low tide") -> String {
        """
        title: Rebuilds
        thumbnails: { widths: [200, 600], quality: \(quality), formats: [jpeg] }
        images:
          - { src: photos/a.jpg, title: A, caption: \(caption) }
          - { src: photos/b.jpg, title: B }
        """
    }

    func twoPhotoProject() throws -> TestProject {
        try TestProject(Self.gallery(), photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Portrait_3.jpg"])
    }

    /// `p<n>.jpg` → the fixture photo it is a copy of, for the first `count` fixture photos.
    static func fixturePhotos(_ count: Int = .max) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Fixtures.names(in: "photos").prefix(count).enumerated().map { ("p\($0.offset).jpg", "photos/" + $0.element) })
    }

    /// gallery.yml listing `photos` (names in `photos/`) in name order.
    static func listing(_ title: String, _ photos: [String: String]) -> String {
        "title: \(title)\nimages:\n" + photos.keys.sorted().map { "  - photos/\($0)\n" }.joined()
    }

    @Test func aRebuildWithNothingChangedWritesNothingAndDecodesNothing() async throws {
        let project = try twoPhotoProject()
        #expect(try await project.build().status == 0)
        let site = Snapshot(project.site), cache = Snapshot(project.cache + "/renditions")

        let again = try await project.build()
        #expect(again.status == 0)
        #expect(again.stderr.contains("is up to date: nothing changed, nothing written (2 unchanged, not decoded again)"), "\(again.stderr)")
        #expect(Snapshot(project.site) == site)
        #expect(Snapshot(project.cache + "/renditions") == cache)
    }

    @Test func aChangedPhotoRedoesOnlyItsFiles() async throws {
        let project = try twoPhotoProject()
        #expect(try await project.build().status == 0)
        let before = Snapshot(project.site)

        try project.copyPhoto("orientation/Portrait_5.jpg", as: "b.jpg")
        let result = try await project.build()
        #expect(result.status == 0)
        #expect(result.stderr.contains("(1 unchanged, not decoded again)"), "\(result.stderr)")
        let after = Snapshot(project.site)
        // a's files: same names, same inodes (linked from the store, not written again).
        #expect(after.images("a-") == before.images("a-"))
        for name in after.images("a-") { #expect(after.files[name]?.inode == before.files[name]?.inode) }
        // b's files: new fingerprints.
        #expect(Set(after.images("b-")).isDisjoint(with: before.images("b-")))
        #expect(after.images("b-").count == 2)
    }

    @Test func aChangedCaptionRedoesOnlyItsPhotosPage() async throws {
        let project = try twoPhotoProject()
        #expect(try await project.build().status == 0)
        let before = Snapshot(project.site)

        try project.writeGallery(Self.gallery(caption: "High tide"))
        let summary = try await project.buildSummary()
        #expect(summary.imagesBuilt == 2 && summary.imagesReused == 2 && summary.failures.isEmpty)
        // The overview and a page per photo; a caption is printed on its photo's page only.
        #expect(summary.pages == 3 && summary.pagesRendered == 1)
        let after = Snapshot(project.site)
        #expect(after.images("") == before.images(""))
        #expect(after.changed(since: before) == [".galgen-site", "a/index.html"])
        #expect(after.text("a/index.html").contains("High tide"))
    }

    /// A title is printed on its photo's page, on the pages whose window of segments shows it
    /// (the window of 11 also holds the previous and next photos), and on the overview's tile:
    /// in an album of 24, retitling the 13th renders the pages of the 8th to the 18th and the overview.
    @Test func aChangedTitleRedoesThePagesThatShowIt() async throws {
        let fixtures = Fixtures.names(in: "orientation")
        let slugs = (0..<24).map { String(format: "p%02d", $0) }
        let photos = Dictionary(uniqueKeysWithValues: slugs.enumerated().map { ($1 + ".jpg", "orientation/" + fixtures[$0 % fixtures.count]) })
        let gallery = { (retitled: String) in
            "title: Titles\nthumbnails: { widths: [120], formats: [jpeg] }\nimages:\n"
                + slugs.map { "  - { src: photos/\($0).jpg, slug: \($0), title: \($0 == "p12" ? retitled : $0.uppercased()) }\n" }.joined()
        }
        let project = try TestProject(gallery("P12"), photos: photos)
        let first = try await project.buildSummary()
        #expect(first.pages == 25 && first.pagesRendered == 25)
        let before = Snapshot(project.site)

        try project.writeGallery(gallery("Renamed"))
        let summary = try await project.buildSummary()
        #expect(summary.imagesReused == 24 && summary.failures.isEmpty)
        #expect(summary.pages == 25 && summary.pagesRendered == 12)
        let after = Snapshot(project.site)
        let shown = slugs[7...17].map { $0 + "/index.html" }
        #expect(after.changed(since: before) == Set([".galgen-site", "index.html"] + shown))
        for page in shown {
            #expect(after.text(page).contains(#"data-title="Renamed""#), "\(page)")
        }
        #expect(project.photoTitles() == slugs.map { $0 == "p12" ? "Renamed" : $0.uppercased() })
    }

    @Test func aChangedQualityRedoesEveryRendition() async throws {
        let project = try twoPhotoProject()
        #expect(try await project.build().status == 0)
        let before = Snapshot(project.site)

        try project.writeGallery(Self.gallery(quality: 60))
        let result = try await project.build()
        #expect(result.status == 0)
        #expect(!result.stderr.contains("unchanged"), "\(result.stderr)")
        let after = Snapshot(project.site)
        #expect(Set(after.images("")).isDisjoint(with: before.images("")))
        #expect(after.images("").count == 4)
    }

    @Test func twoCleanBuildsAreByteIdentical() async throws {
        let first = try twoPhotoProject(), second = try twoPhotoProject()
        #expect(try await first.build().status == 0)
        #expect(try await second.build(["--jobs", "1"]).status == 0)
        let a = Snapshot(first.site).contents, b = Snapshot(second.site).contents
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a == b)
        #expect(a.keys.contains("_headers") && a.keys.contains { $0.hasPrefix("assets/gallery.") && $0.hasSuffix(".css") })
    }

    @Test func aBuildKilledAtAnyMomentLeavesTheOldSiteAndTheNextBuildEqualsACleanOne() async throws {
        let many = Self.fixturePhotos()
        let project = try TestProject("title: Before\nimages: []\n", photos: many)
        let clean = try TestProject("title: Before\nimages: []\n", photos: many)
        let yaml = Self.listing("Killed", many)
        #expect(try await project.build().status == 0)
        let old = Snapshot(project.site)
        try project.writeGallery(yaml)
        try clean.writeGallery(yaml)

        // The real binary, killed part-way.
        for delay in [0.05, 0.3, 0.8, 1.5] {
            let process = try Galgen.start(["build", "--quiet", "--jobs", "1"], in: project.path)
            try await Task.sleep(for: .seconds(delay))
            kill(process.processIdentifier, SIGKILL)
            await wait(for: process)
            // Either the old site or (if it finished) the new one: never a mixture.
            let now = Snapshot(project.site)
            let marker = String(decoding: now.files[".galgen-site"]?.bytes ?? Data(), as: UTF8.self)
            let listed = marker.split(separator: "\n").dropFirst().map { String($0.split(separator: " ", maxSplits: 2)[2]) }
            #expect(Set(listed).union([".galgen-site"]) == Set(now.files.keys), "after a kill at \(delay) s")
            #expect(now == old || marker.contains("index.html"))
        }
        #expect(try await project.build().status == 0)
        #expect(try await clean.build().status == 0)
        #expect(Snapshot(project.site).contents == Snapshot(clean.site).contents)
        #expect(!project.list().contains { $0.contains("galgen-tmp") || $0.contains(".partial-") })
    }

    /// Two real processes at once: the second waits for the cache lock, or with --no-wait exits 4.
    @Test func aSecondBuildWaitsOrWithNoWaitExitsClearly() async throws {
        let many = Self.fixturePhotos(4)
        let project = try TestProject(Self.listing("Busy", many), photos: many)

        async let first = project.buildWithBinary(["--jobs", "1"])
        try await waitUntil { FileManager.default.fileExists(atPath: project.cache + "/lock") }
        try await Task.sleep(for: .milliseconds(200))
        let refused = try await project.buildWithBinary(["--no-wait"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("another galgen build (pid "), "\(refused.stderr)")
        let second = try await project.buildWithBinary()
        let firstResult = try await first
        #expect(firstResult.status == 0 && second.status == 0, "\(firstResult.stderr)\n\(second.stderr)")
        #expect(second.stderr.contains("waiting for another galgen build") || second.stderr.contains("is up to date"))
        #expect(project.siteFile("index.html")?.contains("<title>Busy</title>") == true)
    }
}
