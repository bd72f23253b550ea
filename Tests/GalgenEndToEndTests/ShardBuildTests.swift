import FaultServer
import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// `galgen build --shard K/N` on separate "machines" (copies of one project, each with its own
/// cache) and the merge: an ordinary `galgen build` over a cache the shards' caches were copied
/// into, as CI artifacts or `rclone copy` bring them together. Run by the real binary.
@Suite(.serialized)
struct ShardBuildTests {
    /// Six camera photos, two of them the same picture (one item each: they differ in name).
    static func photosProject(extra: String = "") throws -> TestProject {
        let names = Fixtures.names(in: "photos").prefix(6)
        let photos = Dictionary(uniqueKeysWithValues: names.enumerated().map { ("p\($0.offset).jpg", "photos/" + $0.element) })
        return try TestProject("title: Split\nthumbnails: { widths: [160, 320] }\nimages:\n"
                               + photos.keys.sorted().map { "  - photos/\($0)\n" }.joined() + extra, photos: photos)
    }

    @Test func threeShardsOnThreeMachinesMergeIntoTheSiteOneMachineBuilds() async throws {
        try #require(VideoClips.available, "ffmpeg and ffprobe are not installed: make test installs them")
        let project = try TestProject("\(VideoBuildTests.small)\nimages:\n  - trip/\n")
        try VideoBuildTests.cameraRoll(project)
        let machines = try (1...3).map { _ in try Self.copy(of: project) }
        var dealt: [String] = []
        for (index, machine) in machines.enumerated() {
            let shard = try await machine.buildWithBinary(["--shard", "\(index + 1)/3"])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stderr.contains("Shard \(index + 1)/3:"), "\(shard.stderr)")
            #expect(!FileManager.default.fileExists(atPath: machine.site), "a shard writes no site")
            for record in ["renditions.json", "videos.json", "sources.json", "pages.json", "site.stamps", "last-build"] {
                #expect(!FileManager.default.fileExists(atPath: machine.cache + "/" + record), "a shard keeps \(record) in its own folder")
            }
            dealt += try Self.report(machine, shard: "\(index + 1)-of-3").map(\.source)
        }
        // Every item once: 7 items (the Live Photo's still and motion are two, made apart).
        #expect(dealt.count == Set(dealt).count && dealt.count == 8, "\(dealt.sorted())")
        for machine in machines { try Self.copyCache(of: machine, into: project) }
        let merged = try await project.buildWithBinary(["--verbose"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stderr.contains("Merging the work of 3 of 3 shards (1/3, 2/3, 3/3)"), "\(merged.stderr)")
        #expect(!VideoBuildTests.programsRun(merged.stdout + merged.stderr).contains { $0.contains("ffprobe ") || $0.contains(" -i ") },
                "the merge decodes and transcodes nothing")
        #expect(try Self.report(project).allSatisfy(\.reused), "every item was taken from the shards' work")
        #expect(!FileManager.default.fileExists(atPath: project.cache + "/shards"), "the merge folds the shards' records in")
        let single = try await project.buildWithBinary(["--cache-dir", project.path("single-cache"), "--output", project.path("single-site")])
        #expect(single.status == 0, "\(single.stderr)")
        try Self.expectSameFiles(project.site, project.path("single-site"))
        #expect(project.siteFiles("images").contains { $0.contains("-live-") && $0.hasSuffix(".mp4") }, "the Live Photo's motion")
        let again = try await project.buildWithBinary()
        #expect(again.status == 0 && again.stderr.contains("up to date"), "\(again.stderr)")
    }

    /// A Live Photo named apart dealt to two shards (two items, two shards: one each): neither
    /// shard can pair it, so the MOV's shard makes a motion's MP4 beside its own; the merge pairs
    /// it as one machine does and publishes the same site, running no ffmpeg.
    @Test func aLivePhotoNamedApartAcrossTwoShardsMergesAsOneMachinePairsIt() async throws {
        try #require(VideoClips.available, "ffmpeg and ffprobe are not installed: make test installs them")
        let project = try TestProject("video: { heights: [144, 240] }\nthumbnails: { widths: [160], formats: [jpeg] }\nimages:\n  - roll/\n")
        try VideoBuildTests.livePhotoNamedApart(in: project.path("roll"))
        let machines = try (1...2).map { _ in try Self.copy(of: project) }
        var dealt: [String] = []
        for (index, machine) in machines.enumerated() {
            let shard = try await machine.buildWithBinary(["--shard", "\(index + 1)/2"])
            #expect(shard.status == 0, "\(shard.stderr)")
            dealt += try Self.report(machine, shard: "\(index + 1)-of-2").map(\.source)
            try Self.copyCache(of: machine, into: project)
        }
        #expect(dealt.count == 2, "one item each: \(dealt)")
        let merged = try await project.buildWithBinary(["--verbose"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!VideoBuildTests.programsRun(merged.stdout + merged.stderr).contains { $0.contains(" -i ") }, "the merge transcodes nothing")
        let page = try #require(project.siteFile("img-1234/index.html"))
        #expect(page.contains("img-1234-1-240p.") && page.contains("class=\"live"), "the still plays the MOV as its motion")
        let single = try await project.buildWithBinary(["--cache-dir", project.path("single-cache"), "--output", project.path("single-site")])
        #expect(single.status == 0, "\(single.stderr)")
        try Self.expectSameFiles(project.site, project.path("single-site"))
    }

    /// Each shard drew and printed its own unlisted address (three CI logs, three addresses, the
    /// last copied cache's won). Shards draw none and print none; the merge draws it once.
    @Test func onlyTheMergeDrawsAndSaysAnUnlistedAddress() async throws {
        let project = try TestProject("title: Split\nthumbnails: { widths: [160] }\nalbums:\n"
            + "  - { title: Trips, images: [photos/a.jpg, photos/b.jpg] }\n  - { title: Family, unlisted: true, images: [photos/c.jpg, photos/d.jpg] }\n",
            photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_2.jpg",
                     "c.jpg": "orientation/Landscape_3.jpg", "d.jpg": "orientation/Portrait_1.jpg"])
        let machines = try (1...2).map { _ in try Self.copy(of: project) }
        for (index, machine) in machines.enumerated() {
            let shard = try await machine.buildWithBinary(["--shard", "\(index + 1)/2"])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(!(shard.stdout + shard.stderr).contains("Unlisted album") && !(shard.stdout + shard.stderr).contains("family-"),
                    "\(shard.stdout)\(shard.stderr)")
            #expect(!FileManager.default.fileExists(atPath: machine.cache + "/unlisted.json"), "a shard keeps no address")
            try Self.copyCache(of: machine, into: project)
        }
        let merged = try await project.buildWithBinary()
        #expect(merged.status == 0, "\(merged.stderr)")
        let said = merged.stdout + merged.stderr
        let folders = TestProject.names(in: project.site).filter { $0.hasPrefix("family-") }
        let folder = try #require(folders.first)
        #expect(folders.count == 1 && folder != "family-" + UnlistedAddress.unpublished, "\(folders)")
        #expect(said.components(separatedBy: "Unlisted album 'Family' is at \(folder)/").count == 2, "said once: \(said)")
        #expect(project.read(".galgen-cache/unlisted.json")?.contains(String(folder.dropFirst("family-".count))) == true)
        let made = try Self.report(project)
        #expect(made.count == 4 && made.allSatisfy(\.reused), "the shards' work is used at the merge's address: \(made)")
    }

    /// A shard's record said where a photo was taken; edited to say "nowhere", the merge published
    /// its GPS original. The merge checks every original again on the copy it publishes.
    @Test func theMergeChecksEachOriginalAgainWhateverAShardSays() async throws {
        let project = try TestProject("title: Split\nviewer: { originals: true }\nthumbnails: { widths: [160] }\nimages:\n"
            + "  - photos/plain.jpg\n  - photos/oppo.jpg\n",
            photos: ["plain.jpg": "orientation/Landscape_1.jpg", "oppo.jpg": "photos/dn_oppo_r7plus.jpg"])
        let machine = try Self.copy(of: project)
        let shard = try await machine.buildWithBinary(["--shard", "1/1"])
        #expect(shard.status == 0, "\(shard.stderr)")
        // The shard's verdict on the Oppo's GPS, edited to "none" in every record that holds it.
        var edited = 0
        for relative in machine.list(".galgen-cache/shards") where relative.hasSuffix(".json") {
            let path = machine.cache + "/shards/" + relative
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let forged = text.replacing(#/\{"found":\{"_0":"(?:[^"\\]|\\.)*"\}\}/#, with: #"{"none":{}}"#)
            if forged != text { try forged.write(toFile: path, atomically: true, encoding: .utf8); edited += 1 }
        }
        try #require(edited > 0, "no shard record held the Oppo's location")
        try Self.copyCache(of: machine, into: project)
        let merged = try await project.buildWithBinary()
        #expect(merged.status == 0, "\(merged.stderr)")
        let originals = project.list("_site/images").filter { $0.contains("-original.") }
        #expect(originals.count == 1 && originals[0].hasPrefix("plain-original."), "\(originals)")
        #expect((merged.stdout + merged.stderr).contains("records where it was taken (GPS coordinates"), "\(merged.stderr)")
    }

    @Test func aMissingShardStopsTheMergeByNameAndAllowMissingLeavesItsItemsOut() async throws {
        let project = try Self.photosProject()
        // A site from before (built with another cache), which a stopped merge must leave as it is.
        #expect(try await project.buildWithBinary(["--cache-dir", project.path("elsewhere"), "--quiet"]).status == 0)
        let before = project.siteFiles(), front = project.siteFile("index.html")
        let machines = try (1...3).map { _ in try Self.copy(of: project) }
        for index in [1, 2] {
            #expect(try await machines[index - 1].buildWithBinary(["--shard", "\(index)/3", "--quiet"]).status == 0)
            try Self.copyCache(of: machines[index - 1], into: project)
        }
        let stopped = try await project.buildWithBinary()
        #expect(stopped.status == 6, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("the cache lacks 2 items that shard 3/3 was to render"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("shard 3/3: 2 items (photos/") && stopped.stderr.contains("no shards/3-of-3/shard.json"))
        #expect(project.siteFiles() == before && project.siteFile("index.html") == front, "nothing is written")
        let third = try Self.report(machines[2]).map(\.source)  // nothing yet: the shard did not run
        #expect(third.isEmpty)

        let partial = try await project.buildWithBinary(["--allow-missing"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stderr.contains("2 item(s) left out (--allow-missing)"), "\(partial.stderr)")
        #expect(project.photoPages().count == 4)
        // Not recorded as up to date: the next build (no shards' folders now) makes the rest.
        let rest = try await project.buildWithBinary()
        #expect(rest.status == 0 && rest.stderr.contains("Built 6 image(s) (4 unchanged"), "\(rest.stderr)")
        #expect(project.photoPages().count == 6)
    }

    /// A shard's records cut short on their way (a half-finished copy): its items are missing, the
    /// merge says the shard's cache is there but lacks them, and building again after a good copy works.
    @Test func aShardsDamagedRecordsMakeItsItemsMissingNotWrong() async throws {
        let project = try Self.photosProject()
        let machines = try (1...2).map { _ in try Self.copy(of: project) }
        for (index, machine) in machines.enumerated() {
            #expect(try await machine.buildWithBinary(["--shard", "\(index + 1)/2", "--quiet"]).status == 0)
            try Self.copyCache(of: machine, into: project)
        }
        let records = project.cache + "/shards/2-of-2/renditions.json"
        let whole = try #require(FileManager.default.contents(atPath: records))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: records))
        let stopped = try await project.buildWithBinary()
        #expect(stopped.status == 6, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("shard 2/2: 3 items (") && stopped.stderr.contains("its cache is here but lacks them"), "\(stopped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.site))
        try whole.write(to: URL(fileURLWithPath: records))
        let merged = try await project.buildWithBinary()
        #expect(merged.status == 0 && project.photoPages().count == 6, "\(merged.stderr)")
    }

    /// The next CI round: every shard starts from the last merged cache and renders only what is new.
    @Test func aShardOverAMergedCacheRendersOnlyWhatIsNew() async throws {
        let project = try Self.photosProject(extra: "  - photos/new.jpg\n")
        try project.copyPhoto("orientation/Landscape_5.jpg", as: "new.jpg")
        let yaml = try #require(project.read("gallery.yml"))
        try project.writeGallery(yaml.replacingOccurrences(of: "  - photos/new.jpg\n", with: ""))
        #expect(try await project.buildWithBinary(["--quiet"]).status == 0)
        try project.writeGallery(yaml)
        for index in 1...2 { #expect(try await project.buildWithBinary(["--shard", "\(index)/2", "--quiet"]).status == 0) }
        let made = try (1...2).flatMap { try Self.report(project, shard: "\($0)-of-2") }
        #expect(made.count == 7 && made.filter { !$0.reused }.map(\.source) == ["photos/new.jpg"], "\(made)")
        let merged = try await project.buildWithBinary()
        #expect(merged.status == 0 && project.photoPages().count == 7, "\(merged.stderr)")
        #expect(try Self.report(project).allSatisfy(\.reused))
    }

    @Test func anItemItsShardFailedFailsTheMergeAsOnOneMachine() async throws {
        let project = try Self.photosProject(extra: "  - photos/empty.jpg\n")
        try project.copyPhoto("odd/jd_empty_0byte.jpg", as: "empty.jpg")
        let machines = try (1...2).map { _ in try Self.copy(of: project) }
        var failures: [Int32] = []
        for (index, machine) in machines.enumerated() {
            failures.append(try await machine.buildWithBinary(["--shard", "\(index + 1)/2"]).status)
            try Self.copyCache(of: machine, into: project)
        }
        #expect(failures.sorted() == [0, 1], "the shard with the empty file says it failed")
        let merged = try await project.buildWithBinary()
        let single = try await project.buildWithBinary(["--cache-dir", project.path("single-cache"), "--output", project.path("single-site")])
        #expect(merged.status == 1 && single.status == 1)
        let reason = { (text: String) in text.split(separator: "\n").first { $0.contains("empty.jpg:") }.map(String.init) }
        #expect(reason(merged.stderr) != nil && reason(merged.stderr) == reason(single.stderr), "\(merged.stderr)\n---\n\(single.stderr)")
        try Self.expectSameFiles(project.site, project.path("single-site"))
    }

    @Test func aKilledShardRunAgainAndTwoRunsOfOneShardLeaveACacheTheMergeTakes() async throws {
        let project = try Self.photosProject()
        let first = try Self.copy(of: project), second = try Self.copy(of: project)
        let killed = try await Galgen.runAsync(["build", "--shard", "1/2", "--jobs", "1"], in: first.path, killedAfter: 2)
        if killed.status == Galgen.killed {
            #expect(!FileManager.default.fileExists(atPath: first.cache + "/shards/1-of-2/shard.json"), "its run is written last")
        }
        for _ in 0..<2 { #expect(try await first.buildWithBinary(["--shard", "1/2", "--quiet"]).status == 0) }
        #expect(try Self.report(first, shard: "1-of-2").allSatisfy(\.reused), "the second run decodes nothing")
        #expect(try await second.buildWithBinary(["--shard", "2/2", "--quiet"]).status == 0)
        #expect(try await second.buildWithBinary(["--shard", "2/2", "--quiet"]).status == 0)
        try Self.copyCache(of: first, into: project)
        try Self.copyCache(of: second, into: project)
        #expect(project.list(".galgen-cache").filter { $0.contains(".partial-") }.count >= 0)
        let merged = try await project.buildWithBinary()
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Self.report(project).allSatisfy(\.reused))
        let single = try await project.buildWithBinary(["--cache-dir", project.path("single-cache"), "--output", project.path("single-site")])
        #expect(single.status == 0)
        try Self.expectSameFiles(project.site, project.path("single-site"))
    }

    @Test func aShardDownloadsOnlyItsOwnRemoteSourcesWorksOfflineQuietAndHoldsTheLock() async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let urls = (1...4).map { server.url("/img/Landscape_\($0).jpg") }
        let project = try TestProject(RemoteGallery.yaml(images: urls))
        let quiet = try await project.buildWithBinary(["--shard", "2/2", "--quiet", "--jobs", "1"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        let mine = try Self.report(project, shard: "2-of-2").map(\.source)
        #expect(mine.count == 2)
        let paths = { server.log.map(\.path) }
        #expect(paths().sorted() == mine.map { URL(string: $0)!.path }.sorted(), "only its own: \(paths())")
        let offline = try await project.buildWithBinary(["--shard", "2/2", "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(paths().count == 2, "no request offline")
        let report = try String(contentsOfFile: project.cache + "/shards/2-of-2/build-report.json", encoding: .utf8)
        #expect(report.contains("\"shard\" : {") && report.contains("\"count\" : 2") && report.contains("\"galleryItems\" : 4"), "\(report)")
        // The other shard downloads the other two; the merge, offline, takes the shards' copies.
        #expect(try await project.buildWithBinary(["--shard", "1/2", "--quiet"]).status == 0)
        #expect(paths().count == 4 && Set(paths()).count == 4, "\(paths())")
        let merged = try await project.buildWithBinary(["--offline"])
        #expect(merged.status == 0 && project.photoPages().count == 4, "\(merged.stderr)")
        #expect(paths().count == 4, "the offline merge makes no request")
        let lock = try CacheFolder(root: project.cache, output: project.site).lock(wait: false) { _ in }
        defer { lock.release() }
        let busy = try await project.buildWithBinary(["--shard", "1/2", "--no-wait"])
        #expect(busy.status == 4, "\(busy.stderr)")
    }

    @Test func aWrongShardIsRefusedBeforeAnythingIsRead() async throws {
        let project = try Self.photosProject()
        for (arguments, says) in [(["--shard", "4/3"], "K must be from 1 to 3"), (["--shard", "half"], "is not K/N"),
                                  (["--shard", "1/2", "--allow-missing"], "--allow-missing is for the merge")] {
            let refused = try await project.buildWithBinary(arguments)
            #expect(refused.status == 64 && refused.stderr.contains(says), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: project.cache))
    }

    // MARK: Helpers

    /// Another machine with the same gallery: gallery.yml and its files, no cache, no site.
    static func copy(of project: TestProject) throws -> TestProject {
        let machine = try TestProject()
        for name in TestProject.names(in: project.path) where ![".galgen-cache", "_site"].contains(name) {
            try FileManager.default.copyItem(atPath: project.path(name), toPath: machine.path(name))
        }
        return machine
    }

    /// `cp -rn`: the files of one machine's cache that the other's lacks (the lock stays).
    static func copyCache(of machine: TestProject, into project: TestProject) throws {
        for relative in machine.list(".galgen-cache") where relative != "lock" {
            let from = machine.cache + "/" + relative, to = project.cache + "/" + relative
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: from, isDirectory: &isFolder)
            if isFolder.boolValue {
                try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
            } else if !FileManager.default.fileExists(atPath: to) {
                try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: from, toPath: to)
            }
        }
    }

    /// The images of a build report: the cache's, or a shard's (`2-of-3`).
    static func report(_ project: TestProject, shard: String? = nil) throws -> [(source: String, reused: Bool)] {
        let path = project.cache + (shard.map { "/shards/\($0)" } ?? "") + "/build-report.json"
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let record = try JSONDecoder().decode(BuildRecord.self, from: data)
        return record.images.map { ($0.source, $0.reused) }
    }

    /// The same paths with the same bytes, or the first difference.
    static func expectSameFiles(_ left: String, _ right: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let paths = { (root: String) in ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted() }
        #expect(paths(left) == paths(right), sourceLocation: sourceLocation)
        #expect(!paths(left).isEmpty, sourceLocation: sourceLocation)
        for path in paths(left) {
            let a = FileManager.default.contents(atPath: left + "/" + path), b = FileManager.default.contents(atPath: right + "/" + path)
            if a != b {
                Issue.record("\(path) differs", sourceLocation: sourceLocation)
                return
            }
        }
    }
}
