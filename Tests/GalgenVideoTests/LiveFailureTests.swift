import Foundation
import GalgenCore
import GalgenTestSupport
@testable import GalgenVideo
import Testing

/// Bad input fails its own item with words that say what is wrong; nothing partial is left.
@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveFailureTests {
    let clips = VideoFixtures.shared!

    func inspectError(_ path: String) async throws -> VideoToolError? {
        let scratch = try VideoFixtures.scratch()
        do {
            _ = try await VideoFixtures.tools(scratch).inspect(path, VideoFixtures.request, VideoItemOptions())
            return nil
        } catch let error as VideoToolError {
            #expect(scratch.list().isEmpty)
            return error
        }
    }

    @Test func anAudioOnlyFileHasNoVideoStream() async throws {
        #expect(try await inspectError(clips.audioOnly) == .unusable("it has no video stream (an audio-only file?)"))
    }

    @Test func aZeroByteFileIsEmpty() async throws {
        let folder = try TemporaryFolder()
        try folder.write("empty.mov", "")
        #expect(try await inspectError(folder.path + "/empty.mov") == .unusable("the file is empty"))
    }

    @Test func aTruncatedMP4WithoutMoovSaysSo() async throws {
        let folder = try TemporaryFolder()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clips.plain))
        let moov = try #require(bytes.range(of: Data("moov".utf8)))
        try bytes.prefix(moov.lowerBound - 4).write(to: URL(fileURLWithPath: folder.path + "/cut.mp4"))
        let error = try #require(try await inspectError(folder.path + "/cut.mp4"))
        #expect("\(error)".contains("index (moov) is missing"), "\(error)")
    }

    @Test func aCodecFFmpegCannotDecodeIsNamed() async throws {
        let folder = try TemporaryFolder()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clips.plain)))
        let data = Data(bytes)
        let stsd = try #require(data.range(of: Data("stsd".utf8)))
        let entry = try #require(data.range(of: Data("avc1".utf8), in: stsd.upperBound..<data.count))
        bytes.replaceSubrange(entry, with: Array("zzzz".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/odd.mp4"))
        #expect(try await inspectError(folder.path + "/odd.mp4")
            == .unusable("its video stream is in a codec (zzzz) the installed ffmpeg cannot decode"))
    }

    @Test func aMissingFileCannotBeRead() async throws {
        #expect(try await inspectError("/nonexistent/clip.mov") == .unusable("it cannot be read (no such file, or no permission)"))
    }

    @Test func withoutFFmpegOnThePathEveryCallSaysHowToInstallIt() async throws {
        let empty = try TemporaryFolder()
        let tools = LiveVideoTools.make(searchPath: empty.path)
        #expect(throws: VideoToolError.notInstalled) { try tools.version() }
        await #expect(throws: VideoToolError.notInstalled) {
            try await tools.inspect(clips.plain, VideoFixtures.request, VideoItemOptions())
        }
        #expect(VideoToolError.notInstalled.description == "ffmpeg is not installed (apt-get install ffmpeg, brew install ffmpeg)")
    }

    @Test func aProbeThatHangsIsStoppedAtItsTimeout() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/hang.mp4"
        #expect(mkfifo(fifo, 0o600) == 0)
        let ffprobe = try #require(VideoClips.ffprobe)
        let started = ContinuousClock.now
        await #expect(throws: VideoToolError.timedOut(program: "ffprobe", seconds: 1)) {
            try await ProgramRunner.run(ProgramRun(executable: ffprobe, arguments: FFmpegArguments.probe(fifo), timeout: 1))
        }
        // Unkilled, ffprobe would wait on the FIFO for ever: any bound shows the kill. Generous, as
        // the machine may be loaded (make test runs this suite on its own, after the others).
        #expect(ContinuousClock.now - started < .seconds(120), "killed, not waited for")
        #expect(!FFmpegProcesses.isRunning { $0.command.contains(fifo) })
    }

    @Test func aCancelledTranscodeKillsFFmpegAndLeavesNoFile() async throws {
        let scratch = try VideoFixtures.scratch()
        let long = try VideoClips.make("long.mp4", in: scratch.path, VideoClips.sourceInputs(size: "640x360", seconds: 20, audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast"])
        let out = try TemporaryFolder()
        let tools = LiveVideoTools.make(scratchFolder: out.path)
        let details = try VideoFixtures.details(long)
        let task = Task { try await tools.transcode(long, VideoFixtures.job(details), { _ in }) }
        try await waitUntil { FFmpegProcesses.isRunning { $0.command.contains(long) } }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!FFmpegProcesses.isRunning { $0.command.contains(long) })
        #expect(out.list().isEmpty, "partial file left: \(out.list())")
    }

    @Test func terminatingEveryChildEndsItsRunAsCancelled() async throws {
        let marker = "galgen-test-\(UUID().uuidString)"
        let task = Task {
            try await ProgramRunner.run(ProgramRun(executable: "/bin/sh", arguments: ["-c", "exec sleep 60", marker], timeout: 120))
        }
        try await waitUntil { FFmpegProcesses.isRunning { $0.command.contains(marker) } }
        FFmpegProcesses.terminate { $0.command.contains(marker) }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aChattyChildIsKeptWithinBounds() async throws {
        let result = try await ProgramRunner.run(ProgramRun(
            executable: "/bin/sh", arguments: ["-c", "head -c 20000000 /dev/zero; head -c 3000000 /dev/zero >&2; echo last words >&2"],
            timeout: 60, outputLimit: 1000))
        #expect(result.output.count == 1000 && result.outputOverflowed)
        #expect(result.errorText.utf8.count <= ProgramRunner.errorLimit)
        #expect(result.errorSummary.hasSuffix("last words"))
    }

    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2400 where !condition() { try await Task.sleep(for: .milliseconds(25)) }
        #expect(condition(), "waited 60 s")
    }
}
