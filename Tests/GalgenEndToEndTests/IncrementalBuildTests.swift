import Foundation
import GalgenTestSupport
import Testing

/// Rebuilds: what is redone, what is left alone, and that nothing is ever half-written.
@Suite(.serialized, .enabled(if: Fixtures.available))
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
        func images(_ prefix: String) -> [String] { files.keys.filter { $0.hasPrefix("images/" + prefix) }.sorted() }
    }

    func project(quality: Int = 82, caption: String = "Low tide", photos: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try write(folder, quality: quality, caption: caption)
        for (name, fixture) in photos { try copy(fixture, to: folder.path + "/photos/" + name) }
        return folder
    }

    func write(_ folder: TemporaryFolder, quality: Int = 82, caption: String = "Low tide") throws {
        try folder.write("gallery.yml", """
            title: Rebuilds
            thumbnails: { widths: [200, 600], quality: \(quality) }
            images:
              - { src: photos/a.jpg, title: A, caption: \(caption) }
              - { src: photos/b.jpg, title: B }
            """)
    }

    func copy(_ fixture: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/" + fixture, toPath: path)
    }

    let photos = ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Portrait_3.jpg"]

    func build(_ folder: TemporaryFolder, _ extra: [String] = []) async throws -> Galgen.Result {
        try await Galgen.runAsync(["build"] + extra, in: folder.path)
    }

    @Test func aRebuildWithNothingChangedWritesNothingAndDecodesNothing() async throws {
        let folder = try project(photos: photos)
        defer { folder.remove() }
        #expect(try await build(folder).status == 0)
        let site = Snapshot(folder.path + "/_site"), cache = Snapshot(folder.path + "/.galgen-cache/renditions")

        let again = try await build(folder)
        #expect(again.status == 0)
        #expect(again.stderr.contains("is up to date: nothing changed, nothing written (2 unchanged, not decoded again)"), "\(again.stderr)")
        #expect(Snapshot(folder.path + "/_site") == site)
        #expect(Snapshot(folder.path + "/.galgen-cache/renditions") == cache)
    }

    @Test func aChangedPhotoRedoesOnlyItsFiles() async throws {
        let folder = try project(photos: photos)
        defer { folder.remove() }
        #expect(try await build(folder).status == 0)
        let before = Snapshot(folder.path + "/_site")

        try copy("orientation/Portrait_5.jpg", to: folder.path + "/photos/b.jpg")
        let result = try await build(folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("(1 unchanged, not decoded again)"), "\(result.stderr)")
        let after = Snapshot(folder.path + "/_site")
        // a's files: same names, same inodes (linked from the store, not written again).
        #expect(after.images("a-") == before.images("a-"))
        for name in after.images("a-") { #expect(after.files[name]?.inode == before.files[name]?.inode) }
        // b's files: new fingerprints.
        #expect(Set(after.images("b-")).isDisjoint(with: before.images("b-")))
        #expect(after.images("b-").count == 2)
    }

    @Test func aChangedCaptionRedoesOnlyHTML() async throws {
        let folder = try project(photos: photos)
        defer { folder.remove() }
        #expect(try await build(folder).status == 0)
        let before = Snapshot(folder.path + "/_site")

        try write(folder, caption: "High tide")
        let result = try await build(folder)
        #expect(result.stderr.contains("(2 unchanged, not decoded again)"), "\(result.stderr)")
        let after = Snapshot(folder.path + "/_site")
        #expect(after.images("") == before.images(""))
        #expect(after.files["index.html"] != before.files["index.html"])
        #expect(String(decoding: after.files["index.html"]!.bytes, as: UTF8.self).contains("High tide"))
    }

    @Test func aChangedQualityRedoesEveryRendition() async throws {
        let folder = try project(photos: photos)
        defer { folder.remove() }
        #expect(try await build(folder).status == 0)
        let before = Snapshot(folder.path + "/_site")

        try write(folder, quality: 60)
        let result = try await build(folder)
        #expect(result.status == 0)
        #expect(!result.stderr.contains("unchanged"), "\(result.stderr)")
        let after = Snapshot(folder.path + "/_site")
        #expect(Set(after.images("")).isDisjoint(with: before.images("")))
        #expect(after.images("").count == 4)
    }

    @Test func twoCleanBuildsAreByteIdentical() async throws {
        let first = try project(photos: photos), second = try project(photos: photos)
        defer { first.remove(); second.remove() }
        #expect(try await build(first).status == 0)
        #expect(try await build(second, ["--jobs", "1"]).status == 0)
        let a = Snapshot(first.path + "/_site").contents, b = Snapshot(second.path + "/_site").contents
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a == b)
        #expect(a.keys.contains("_headers") && a.keys.contains { $0.hasPrefix("assets/gallery.") && $0.hasSuffix(".css") })
    }

    @Test func aBuildKilledAtAnyMomentLeavesTheOldSiteAndTheNextBuildEqualsACleanOne() async throws {
        let many = Dictionary(uniqueKeysWithValues: Fixtures.names(in: "photos").enumerated().map { ("p\($0.offset).jpg", "photos/" + $0.element) })
        let folder = try TemporaryFolder(), clean = try TemporaryFolder()
        defer { folder.remove(); clean.remove() }
        let yaml = "title: Killed\nimages:\n" + many.keys.sorted().map { "  - photos/\($0)\n" }.joined()
        for target in [folder, clean] {
            try target.write("gallery.yml", "title: Before\nimages: []\n")
            for (name, fixture) in many { try copy(fixture, to: target.path + "/photos/" + name) }
        }
        #expect(try await build(folder).status == 0)
        let old = Snapshot(folder.path + "/_site")
        try folder.write("gallery.yml", yaml)
        try clean.write("gallery.yml", yaml)

        for delay in [0.05, 0.3, 0.8, 1.5] {
            let process = try Galgen.start(["build", "--quiet", "--jobs", "1"], in: folder.path)
            try await Task.sleep(for: .seconds(delay))
            kill(process.processIdentifier, SIGKILL)
            await wait(for: process)
            // Either the old site or (if it finished) the new one: never a mixture.
            let now = Snapshot(folder.path + "/_site")
            let marker = String(decoding: now.files[".galgen-site"]?.bytes ?? Data(), as: UTF8.self)
            let listed = marker.split(separator: "\n").dropFirst().map { String($0.split(separator: " ", maxSplits: 2)[2]) }
            #expect(Set(listed).union([".galgen-site"]) == Set(now.files.keys), "after a kill at \(delay) s")
            #expect(now == old || marker.contains("index.html"))
        }
        #expect(try await build(folder).status == 0)
        #expect(try await build(clean).status == 0)
        #expect(Snapshot(folder.path + "/_site").contents == Snapshot(clean.path + "/_site").contents)
        #expect(!folder.list().contains { $0.contains("galgen-tmp") || $0.contains(".partial-") })
    }

    @Test func aSecondBuildWaitsOrWithNoWaitExitsClearly() async throws {
        let many = Dictionary(uniqueKeysWithValues: Fixtures.names(in: "photos").prefix(4).enumerated().map { ("p\($0.offset).jpg", "photos/" + $0.element) })
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("gallery.yml", "title: Busy\nimages:\n" + many.keys.sorted().map { "  - photos/\($0)\n" }.joined())
        for (name, fixture) in many { try copy(fixture, to: folder.path + "/photos/" + name) }

        async let first = build(folder, ["--jobs", "1"])
        try await waitUntil { FileManager.default.fileExists(atPath: folder.path + "/.galgen-cache/lock") }
        try await Task.sleep(for: .milliseconds(200))
        let refused = try await build(folder, ["--no-wait"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("another galgen build (pid "), "\(refused.stderr)")
        let second = try await build(folder)
        let firstResult = try await first
        #expect(firstResult.status == 0 && second.status == 0, "\(firstResult.stderr)\n\(second.stderr)")
        #expect(second.stderr.contains("waiting for another galgen build") || second.stderr.contains("is up to date"))
        #expect(folder.read("_site/index.html")?.contains("<title>Busy</title>") == true)
    }
}
