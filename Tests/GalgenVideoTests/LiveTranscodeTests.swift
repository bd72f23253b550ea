import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenVideo
import Testing

@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveTranscodeTests {
    let clips = VideoFixtures.shared!

    func details(_ path: String, tools: VideoTools) async throws -> VideoDetails {
        try VideoFixtures.details(path)
    }

    @Test func aRotatedSourceIsTranscodedUprightWithNoRotationLeft() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let details = try await details(clips.rotated, tools: tools)
        #expect(details.width == 240 && details.height == 320)
        let file = try await tools.transcode(clips.rotated, VideoFixtures.job(details), { _ in })
        let video = try VideoClips.probe(file.path).firstVideo
        #expect(video["width"] as? Int == 240 && video["height"] as? Int == 320, "portrait pixels")
        #expect(video["side_data_list"] == nil, "no display matrix: \(String(describing: video["side_data_list"]))")
        #expect((video["tags"] as? [String: String])?["rotate"] == nil)
        #expect(video["profile"] as? String == "High" && video["pix_fmt"] as? String == "yuv420p")
        #expect(file.width == 240 && file.height == 320 && file.codec == .h264)
    }

    @Test func theOutputIsFaststartMoovBeforeMdat() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let file = try await tools.transcode(clips.plain, VideoFixtures.job(try await details(clips.plain, tools: tools)), { _ in })
        let boxes = try TopLevelBoxes.read(file.path)
        let moov = try #require(boxes.firstIndex(of: "moov")), mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "boxes: \(boxes)")
        #expect(boxes.first == "ftyp")
    }

    @Test func placeDeviceAndDatesAreStripped() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let file = try await tools.transcode(clips.tagged, VideoFixtures.job(try await details(clips.tagged, tools: tools)), { _ in })
        let report = try VideoClips.probe(file.path)
        let tags = report.formatTags.keys.joined(separator: " ")
        for word in ["location", "creation", "make", "model", "apple", "title", "description", "encoder"] {
            #expect(!tags.lowercased().contains(word), "format tags: \(tags)")
        }
        for stream in report["streams"] as? [[String: Any]] ?? [] {
            #expect((stream["tags"] as? [String: String])?["creation_time"] == nil)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        for text in ["+48.8577", "iPhone", "Apple", "Tower"] {
            #expect(bytes.range(of: Data(text.utf8)) == nil, "\(text) is still in the file")
        }
    }

    @Test func twoTranscodesAreByteIdenticalAndTheDigestIsTheFiles() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let job = VideoFixtures.job(try await details(clips.plain, tools: tools), width: 160, height: 120)
        let first = try await tools.transcode(clips.plain, job, { _ in })
        let second = try await tools.transcode(clips.plain, job, { _ in })
        #expect(first.path != second.path)
        #expect(URL(fileURLWithPath: first.path).lastPathComponent.hasPrefix(".partial-"), "a name the next build cleans if this one is killed")
        #expect(first.digest == second.digest && first.byteCount == second.byteCount)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.path)) == Data(contentsOf: URL(fileURLWithPath: second.path)))
        #expect(first.digest == ContentHash.hex(Array(try Data(contentsOf: URL(fileURLWithPath: first.path)))))
        let video = try VideoClips.probe(first.path).firstVideo
        #expect(video["width"] as? Int == 160 && video["height"] as? Int == 120)
    }

    /// One run for every height (the source decoded once, `split`) gives each MP4 the bytes its
    /// own run gives, so its key and a cache from before still hold; the rotated clip shows the
    /// chains are upright, and AV1 beside H.264 keeps its own flags.
    @Test func everyHeightInOneRunGivesTheBytesOfItsOwnRun() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let details = try await details(clips.rotated, tools: tools)
        let jobs = [VideoFixtures.job(details, width: 120, height: 160), VideoFixtures.job(details),
                    VideoFixtures.job(details, codec: .av1, width: 120, height: 160)]
        let together = try await tools.transcodeTogether(clips.rotated, jobs, { _ in })
        #expect(together.map(\.height) == [160, 320, 160] && together.map(\.codec) == [.h264, .h264, .av1])
        for (job, file) in zip(jobs, together) {
            let alone = try await tools.transcode(clips.rotated, job, { _ in })
            #expect(file.digest == alone.digest, "\(job.output)")
        }
    }

    @Test func aFailedRunFailsEveryOutputAndLeavesNoFile() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let details = try await details(clips.plain, tools: tools)
        let broken = scratch.path + "/broken.mp4"
        try Data(try Data(contentsOf: URL(fileURLWithPath: clips.plain)).prefix(2000)).write(to: URL(fileURLWithPath: broken))
        await #expect(throws: VideoToolError.self) {
            try await tools.transcodeTogether(broken, [VideoFixtures.job(details, width: 160, height: 120), VideoFixtures.job(details)], { _ in })
        }
        #expect(!scratch.list().contains { $0.hasSuffix(".mp4") && $0 != "broken.mp4" }, "\(scratch.list())")
    }

    @Test func av1IsByteIdenticalToo() async throws {
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        let job = VideoFixtures.job(try await details(clips.plain, tools: tools), codec: .av1, width: 160, height: 120, audio: false)
        let first = try await tools.transcode(clips.plain, job, { _ in })
        let second = try await tools.transcode(clips.plain, job, { _ in })
        #expect(first.digest == second.digest)
        let report = try VideoClips.probe(first.path)
        #expect(report.firstVideo["codec_name"] as? String == "av1")
        #expect((report["streams"] as? [Any])?.count == 1, "silent: audio: false")
    }

    @Test func progressClimbsToOne() async throws {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var values: [Double] = []
        }
        let seen = Seen()
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        _ = try await tools.transcode(clips.plain, VideoFixtures.job(try await details(clips.plain, tools: tools))) { value in
            seen.lock.withLock { seen.values.append(value) }
        }
        let values = seen.lock.withLock { seen.values }
        #expect(values.last == 1)
        #expect(values == values.sorted())
    }
}

/// The four-letter types of an MP4's top-level boxes, in order.
enum TopLevelBoxes {
    static func read(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var types: [String] = [], offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if size == 1, offset + 16 <= bytes.count { size = bytes[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { size = bytes.count - offset }
            guard size >= 8 else { break }
            types.append(type)
            offset += size
        }
        return types
    }
}
