import Foundation
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Issue 42 §1: one bounded pool for an item's downloads, renders and transcodes.
@Suite("The item pool")
struct ItemPoolTests {
    static func item(_ name: String, size: Int?) -> WeighedSource {
        let planned = PlannedSource(source: .local(written: name, resolved: "/p/" + name), outputStem: name,
                                    location: SourceLocation(file: "gallery.yml", line: 1, column: 1))
        return WeighedSource(planned: planned, size: size, weight: 1)
    }

    static func transcode(_ key: String, seconds: Double) -> PendingTranscode {
        let details = VideoDetails(duration: seconds, width: 1920, height: 1080, codec: "h264", hasAudio: false)
        let job = TranscodeJob(details: details, output: VideoOutput(codec: .h264, width: 1280, height: 720), quality: 23, audio: false, threads: 1)
        return PendingTranscode(source: .local(written: key, resolved: "/p/" + key), key: key, job: job, path: "/p/" + key, isMotion: false)
    }

    static func names(_ queue: inout ItemQueue) -> [String] {
        var started: [String] = []
        while let job = queue.next() {
            switch job {
            case let .render(item): started.append(item.planned.outputStem)
            case let .transcode(batch): started.append(batch.items.map(\.key).joined(separator: "+"))
            }
        }
        return started
    }

    @Test func rendersComeFirstLargestFirstThenTheLongestTranscodes() {
        var queue = ItemQueue(slots: 3)
        queue.add(renders: [Self.item("small", size: 10), Self.item("big", size: 900), Self.item("mid", size: 500)])
        queue.add(transcodes: TranscodeBatch.batches([Self.transcode("short.mp4", seconds: 5), Self.transcode("long.mp4", seconds: 60)]))
        // Three slots: the three renders, largest first; nothing more until one ends.
        #expect(Self.names(&queue) == ["big", "mid", "small"])
        #expect(queue.running == 3 && queue.next() == nil)
        // A render that arrives (a download ended) goes before the transcodes waiting.
        queue.add(renders: [Self.item("downloaded", size: nil)])
        queue.finished()
        #expect(Self.names(&queue) == ["downloaded"])
        queue.finished()
        queue.finished()
        #expect(Self.names(&queue) == ["long.mp4", "short.mp4"])
        #expect(!queue.isIdle)
        queue.finished()
        queue.finished()
        queue.finished()
        #expect(queue.isIdle && queue.running == 0)
    }

    @Test func equalSizesKeepTheirOrderAndOneSlotKeepsTheListsOrder() {
        var two = ItemQueue(slots: 2)
        two.add(renders: [Self.item("a", size: 5), Self.item("b", size: 5), Self.item("c", size: 7)])
        two.add(renders: [Self.item("d", size: 5)])
        var started = Self.names(&two)
        for _ in 0..<2 { two.finished() }
        started += Self.names(&two)
        #expect(started == ["c", "a", "b", "d"])
        var one = ItemQueue(slots: 1)
        one.add(renders: [Self.item("a", size: 1), Self.item("b", size: 9)])
        var order: [String] = []
        while let job = one.next() {
            if case let .render(item) = job { order.append(item.planned.outputStem) }
            one.finished()
        }
        #expect(order == ["a", "b"])
    }
}

/// The pool as the pipeline runs it: a downloaded photo renders while other downloads go on.
@Suite("The item pool in a build")
struct ItemPoolBuildTests {
    let harness = PipelineHarness()

    @Test func aDownloadedPhotoRendersWhileTheOtherDownloadsGoOn() async throws {
        let first = "https://example.org/first.jpg", second = "https://example.org/second.jpg"
        let config = """
            images:
              - src: \(first)
              - src: \(second)
            thumbnails: { widths: [400], formats: [jpeg] }
            """
        let recorder = harness.recorder
        let renderedFirstMeanwhile = Mutex(false)
        let fetch: BuildEffects.FetchRemote = { urls, _, each in
                each(first, .success("/cache/first"))
                // The second download "takes" until the first photo was read for rendering (at most 10 s).
                for _ in 0..<1000 where !recorder.reads.contains("/cache/first") { try? await Task.sleep(for: .milliseconds(10)) }
                renderedFirstMeanwhile.withLock { $0 = recorder.reads.contains("/cache/first") }
                return [first: .success("/cache/first"), second: .success("/cache/second")]
            }
        let summary = try await harness.run(config, photos: ["/cache/first": FakePhoto("first", width: 800),
                                                             "/cache/second": FakePhoto("second", width: 800)],
                                            fetchEach: fetch).get()
        #expect(summary.imagesBuilt == 2 && summary.failures.isEmpty)
        #expect(renderedFirstMeanwhile.withLock { $0 }, "the first photo waited for every download")
    }

    @Test func aFetchThatNeverTellsEachStillBuildsEverything() async throws {
        // A fetch effect that answers only at the end (as the merge's and older doubles do).
        let url = "https://example.org/only.jpg"
        let summary = try await harness.run("images:\n  - src: \(url)\nthumbnails: { widths: [400], formats: [jpeg] }\n",
                                            photos: ["/cache/only": FakePhoto("only", width: 800)],
                                            fetchRemote: { _, _ in [url: .success("/cache/only")] }).get()
        #expect(summary.imagesBuilt == 1 && summary.failures.isEmpty)
    }

    @Test func aURLTheFetchNeverAnsweredFailsAndTheRestIsBuilt() async throws {
        let answered = "https://example.org/a.jpg", lost = "https://example.org/b.jpg"
        let summary = try await harness.run("images:\n  - src: \(answered)\n  - src: \(lost)\nthumbnails: { widths: [400], formats: [jpeg] }\n",
                                            photos: ["/cache/a": FakePhoto("a", width: 800)],
                                            fetchRemote: { _, _ in [answered: .success("/cache/a")] }).get()
        #expect(summary.imagesBuilt == 1)
        #expect(summary.failures.map(\.source) == [lost])
    }

    /// A video's encoded MP4s are one run (decoded once); a copy runs alone; other videos apart.
    @Test func aVideosEncodesAreOneRunAndACopyRunsAlone() {
        var small = ItemPoolTests.transcode("clip.mp4", seconds: 10)
        small.key = "clip-720"
        var large = small
        large.key = "clip-1080"
        large.job.output = VideoOutput(codec: .h264, width: 1920, height: 1080)
        var copy = large
        copy.key = "clip-copy"
        copy.job.copy = true
        let other = ItemPoolTests.transcode("other.mp4", seconds: 10)
        let batches = TranscodeBatch.batches([small, copy, other, large])
        #expect(batches.map { $0.items.map(\.key) } == [["clip-720", "clip-1080"], ["clip-copy"], ["other.mp4"]])
        var queue = ItemQueue(slots: 1)
        queue.add(transcodes: batches)
        #expect(ItemPoolTests.names(&queue) == ["clip-720+clip-1080"], "one slot, one run for both heights")
        #expect(batches[0].cost == small.cost + large.cost && batches[1].cost < other.cost)
    }

    /// A run that writes every height holds the source's frames once: a 4K clip's run (720p and
    /// 1080p) fits the default budget beside a 1080p clip's (bench/video's clips), where counting
    /// the source per output asked for the whole budget, so the 4K run went alone.
    /// A 4K clip's two transcodes: its 720p (the job's default output) and its 1080p.
    static func fourKHeights() -> (PendingTranscode, PendingTranscode) {
        var small = ItemPoolTests.transcode("4k.mov", seconds: 10)
        small.job.details = VideoDetails(duration: 10, width: 3840, height: 2160, codec: "hevc", hasAudio: true)
        var large = small
        large.key = "4k-1080"
        large.job.output = VideoOutput(codec: .h264, width: 1920, height: 1080)
        return (small, large)
    }

    @Test func aRunOfEveryHeightReservesItsSourceOnce() {
        let (small, large) = Self.fourKHeights()
        let single = TranscodeBatch(items: [small]), both = TranscodeBatch(items: [small, large])
        #expect(single.peak == 3840 * 2160 * 64, "one output: as each transcode reserved before")
        #expect(both.peak == single.peak + 1920 * 1080 * 64)
        var hd = small
        hd.job.details = VideoDetails(duration: 10, width: 1920, height: 1080, codec: "hevc", hasAudio: false)
        var hdLarge = hd
        hdLarge.job.output = VideoOutput(codec: .h264, width: 1920, height: 1080)
        let hdBoth = TranscodeBatch(items: [hd, hdLarge])
        #expect(both.peak + hdBoth.peak <= MemoryBudget.defaultCapacity, "the 4K run and the 1080p run at once")
        #expect(2 * single.peak + 2 * 1920 * 1080 * 64 > MemoryBudget.defaultCapacity, "by the old count (the source per output), they took turns")
    }
}

/// The memory budget grows with the machine: two 4K videos' runs fit together where there is room.
struct MemoryBudgetCapacityTests {
    @Test func anEighthOfTheMachineAndAtLeastAGibibyte() {
        #expect(MemoryBudget.capacity(machineMemory: 24 << 30) == 3 << 30)
        #expect(MemoryBudget.capacity(machineMemory: 2 << 30) == MemoryBudget.defaultCapacity)
        #expect(MemoryBudget.capacity(machineMemory: 0) == MemoryBudget.defaultCapacity)
        #expect(MemoryBudget.capacity(machineMemory: .max) == Int(UInt64.max / 8))
    }

    @Test func twoFourKRunsOfEveryHeightFitTogetherOnAMachineOf16GiB() {
        let (low, high) = ItemPoolBuildTests.fourKHeights()
        let run = TranscodeBatch(items: [low, high]).peak
        #expect(2 * run > MemoryBudget.defaultCapacity, "under a fixed 1 GiB they took turns")
        #expect(2 * run <= MemoryBudget.capacity(machineMemory: 16 << 30))
    }
}
