import Foundation
import GalgenTestSupport
import Testing

/// examples/rclone/ for real, as a CI matrix runs it: three shard machines and a merge machine
/// that share nothing but an S3 bucket (moto_server on loopback), each with its own copy of the
/// gallery and an empty cache. rclone comes from `make test`'s set-up (test-tools), moto_server
/// from its test venv (moto[server]).
@Suite(.serialized, .enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
struct RcloneShardsTests {
    static let shards = 3
    static let remote = "test:galgen/cache"
    static let recipe = Galgen.packageRoot + "/examples/rclone/"
    static let photos = ["beach.jpg": "orientation/Landscape_1.jpg", "cheers.heic": "formats/mk_beach_1440x960.heic",
                         "eos5d.jpg": "photos/dn_canon_eos5d.jpg", "portrait.jpg": "orientation/Portrait_6.jpg",
                         "iphone.heic": "formats/dn_iphone8_img1034.heic"]

    /// Two albums of photos, HEICs and a one-second clip; `added` puts one more photo in the second.
    static func gallery(added: Bool) -> String {
        """
        title: Shards
        thumbnails: { widths: [160, 320], formats: [jpeg] }
        video: { heights: [144] }
        albums:
          - title: Home
            images: [photos/beach.jpg, photos/cheers.heic, photos/eos5d.jpg]
          - title: Trip
            images: [photos/portrait.jpg, photos/iphone.heic, clips/clip.mp4\(added ? ", photos/added.jpg" : "")]
        """
    }

    @Test func threeShardsThroughABucketBuildTheSiteOfOneMachineAndTheNextRoundRendersOnlyTheNewPhoto() async throws {
        try #require(S3Loopback.rclone != nil, "rclone is missing: make test installs it (apt-get install rclone, brew install rclone)")
        try #require(FileManager.default.isExecutableFile(atPath: S3Loopback.motoServer),
                     "\(S3Loopback.motoServer) is missing: make test installs it (make test-venv: moto[server])")
        let gallery = try TestProject(Self.gallery(added: false), photos: Self.photos)
        try FileManager.default.createDirectory(atPath: gallery.path("clips"), withIntermediateDirectories: true)
        try VideoClips.make("clip.mp4", in: gallery.path("clips"), VideoClips.sourceInputs(size: "320x180") + VideoClips.h264)
        let scratch = try TemporaryFolder()
        let s3 = try await S3Loopback.start(bucket: "galgen", scratch: scratch.path)
        defer { s3.stop() }

        // First round: every item rendered by one of the shards; the merge's site is the one machine's.
        let one = try await gallery.buildWithBinary()
        #expect(one.status == 0, "\(one.stderr)")
        let first = try await ciRound(of: gallery, s3: s3, scratch: scratch.path)
        #expect(first.runs.map(\.galleryItems) == [6, 6, 6] && first.runs.map(\.items).reduce(0, +) == 6, "\(first.runs)")
        #expect(first.runs.allSatisfy { $0.items == 2 && $0.reused == 0 }, "\(first.runs)")
        try Self.expectSameSite(first.merge.path + "/_site", as: gallery.site)

        // Second round, one photo added, with rclone's listing-only comparison (examples/rclone/README.md):
        // the shards take the rest from the bucket, and only the new photo is rendered.
        try gallery.copyPhoto("orientation/Portrait_3.jpg", as: "added.jpg")
        try gallery.writeGallery(Self.gallery(added: true))
        let again = try await gallery.buildWithBinary()
        #expect(again.status == 0, "\(again.stderr)")
        let second = try await ciRound(of: gallery, s3: s3, scratch: scratch.path,
                                       rclone: ["RCLONE_UPDATE": "true", "RCLONE_USE_SERVER_MODTIME": "true"])
        #expect(second.runs.map(\.items).reduce(0, +) == 7, "\(second.runs)")
        #expect(second.runs.map { $0.items - $0.reused }.reduce(0, +) == 1, "\(second.runs)")
        #expect(second.runs.flatMap(\.rendered) == ["photos/added.jpg"], "\(second.runs)")
        try Self.expectSameSite(second.merge.path + "/_site", as: gallery.site)
    }

    /// What one shard's `shard.json` and `build-report.json` say it did.
    struct ShardRecord: CustomStringConvertible {
        var galleryItems: Int
        var items: Int
        var reused: Int
        /// The sources it rendered rather than took from the cache.
        var rendered: [String]
        var description: String { "\(items) items of \(galleryItems), \(reused) reused, rendered \(rendered)" }
    }

    /// One round of CI: each shard in a fresh copy of the gallery with an empty cache, then the
    /// merge in another; checks what the bucket holds before and after the merge.
    func ciRound(of gallery: TestProject, s3: S3Loopback, scratch: String,
                 rclone: [String: String] = [:]) async throws -> (runs: [ShardRecord], merge: TemporaryFolder) {
        let settings = rclone.merging(["GALGEN": Galgen.binary, "GALGEN_REMOTE": Self.remote]) { $1 }
        var runs: [ShardRecord] = []
        for shard in 1...Self.shards {
            let machine = try Self.machine(copying: gallery)
            let result = try await s3.run(["/bin/sh", Self.recipe + "galgen-shard.sh", "\(shard)", "\(Self.shards)"], in: machine.path, extra: settings)
            #expect(result.status == 0, "shard \(shard): \(result.stdout)\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: machine.path + "/_site"), "shard \(shard) wrote a site")
            runs.append(try Self.record(in: machine.path + "/.galgen-cache/shards/\(shard)-of-\(Self.shards)"))
        }
        let uploaded = try await s3.files(Self.remote, scratch: scratch)
        for shard in 1...Self.shards {
            #expect(uploaded.contains("shards/\(shard)-of-\(Self.shards)/shard.json"), "shard \(shard) is not in the bucket: \(uploaded)")
        }
        let merge = try Self.machine(copying: gallery)
        let merged = try await s3.run(["/bin/sh", Self.recipe + "galgen-merge.sh"], in: merge.path, extra: settings)
        #expect(merged.status == 0, "merge: \(merged.stdout)\(merged.stderr)")
        let report = (try Self.object(merge.path + "/.galgen-cache/build-report.json"))["images"] as? [[String: Any]] ?? []
        let decoded = report.filter { $0["reused"] as? Bool != true }.map { $0["source"] as? String ?? "?" }
        #expect(report.count == runs.map(\.galleryItems).max() && decoded.isEmpty, "the merge decoded \(decoded)")
        // The bucket is the merged cache now: the shards' records are gone from both.
        let kept = try await s3.files(Self.remote, scratch: scratch)
        #expect(!kept.contains { $0.hasPrefix("shards/") }, "\(kept.filter { $0.hasPrefix("shards/") })")
        let local = merge.list(".galgen-cache").filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: merge.path + "/.galgen-cache/" + path, isDirectory: &isFolder)
            return !isFolder.boolValue && path != "lock" && !path.hasPrefix("transient/")
        }
        #expect(kept == local)
        return (runs, merge)
    }

    /// A fresh machine: a copy of the gallery's sources, without its site and cache.
    static func machine(copying gallery: TestProject) throws -> TemporaryFolder {
        let machine = try TemporaryFolder()
        for name in ["gallery.yml", "photos", "clips"] {
            try FileManager.default.copyItem(atPath: gallery.path(name), toPath: machine.path + "/" + name)
        }
        return machine
    }

    static func record(in folder: String) throws -> ShardRecord {
        let run = try object(folder + "/shard.json")
        let report = try object(folder + "/build-report.json")
        let images = report["images"] as? [[String: Any]] ?? []
        return ShardRecord(galleryItems: run["galleryItems"] as? Int ?? -1, items: run["items"] as? Int ?? -1,
                           reused: run["reused"] as? Int ?? -1,
                           rendered: images.filter { $0["reused"] as? Bool == false }.compactMap { $0["source"] as? String })
    }

    static func object(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not a JSON object")
    }

    /// Every path and every file's bytes the same in both sites.
    static func expectSameSite(_ site: String, as reference: String) throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: site).sorted()
        let expected = try FileManager.default.subpathsOfDirectory(atPath: reference).sorted()
        #expect(paths == expected, "only in the merge: \(Set(paths).subtracting(expected).sorted()); missing: \(Set(expected).subtracting(paths).sorted())")
        #expect(expected.count > 20, "\(expected)")
        let differing = paths.filter { path in
            FileManager.default.contents(atPath: site + "/" + path) != FileManager.default.contents(atPath: reference + "/" + path)
        }
        #expect(differing.isEmpty, "different bytes: \(differing)")
    }
}
