import Foundation
import GalgenCore
import GalgenTestSupport
@testable import GalgenVideo
import Testing

/// Every ffprobe and ffmpeg run starts under its address-space limit (`VideoMemory`), so a
/// file cannot make one take more than its frames need; a run that needs more fails its own
/// video with the limit and the setting that raises it.
#if os(Linux)
@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveMemoryLimitTests {
    let clips = VideoFixtures.shared!

    /// The line of `/proc/self/limits` for the address space, as the kernel shows it.
    static func addressSpaceLine(_ limits: String) -> String {
        limits.split(separator: "\n").first { $0.hasPrefix("Max address space") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        } ?? "none"
    }

    @Test func theLimitIsInPlaceBeforeTheProgramsFirstInstruction() async throws {
        let limited = try await ProgramRunner.run(ProgramRun(executable: "/bin/cat", arguments: ["/proc/self/limits"], timeout: 10,
                                                             memoryLimit: 700_000_000))
        let expected = 700_000_000 / 1024 * 1024
        #expect(Self.addressSpaceLine(String(decoding: limited.output, as: UTF8.self)) == "Max address space \(expected) \(expected) bytes")
        let free = try await ProgramRunner.run(ProgramRun(executable: "/bin/cat", arguments: ["/proc/self/limits"], timeout: 10))
        let own = try String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
        #expect(Self.addressSpaceLine(String(decoding: free.output, as: UTF8.self)) == Self.addressSpaceLine(own),
                "without a limit the child runs as galgen does")
        let arenas = try await ProgramRunner.run(ProgramRun(executable: "/bin/sh", arguments: ["-c", "echo $MALLOC_ARENA_MAX"], timeout: 10))
        #expect(String(decoding: arenas.output, as: UTF8.self) == "2\n")
    }

    @Test func aNameWithQuotesAndDollarsReachesTheProgramAsItIs() async throws {
        let words = ["a b", "it's", "$HOME", "\"q\"", "`x`", "-n", ""]
        let result = try await ProgramRunner.run(ProgramRun(executable: "/usr/bin/printf", arguments: ["[%s]"] + words, timeout: 10,
                                                            memoryLimit: 600_000_000))
        #expect(String(decoding: result.output, as: UTF8.self) == words.map { "[\($0)]" }.joined())
    }

    /// ffmpeg and ffprobe stand-ins that write down their limit, then become the real programs.
    static func recordingTools(log: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["ffmpeg", "ffprobe"] {
            let real = try #require(name == "ffmpeg" ? VideoClips.ffmpeg : VideoClips.ffprobe)
            let script = """
                #!/bin/sh
                case " $* " in *" -version "*) ;; *) echo "\(name) $(grep 'Max address space' /proc/self/limits | tr -s ' ')" >> '\(log)' ;; esac
                exec '\(real)' "$@"
                """
            try folder.write(name, script)
            chmod(folder.path + "/" + name, 0o755)
        }
        return folder
    }

    @Test func everyProbePosterAndTranscodeRunsUnderItsOwnLimit() async throws {
        let scratch = try VideoFixtures.scratch()
        let log = scratch.path + "/limits.log"
        let tools = try Self.recordingTools(log: log)
        let video = LiveVideoTools.make(scratchFolder: scratch.path + "/work", searchPath: tools.path)
        let inspected = try await video.inspect(clips.plain, VideoFixtures.request, VideoItemOptions())
        let details = try #require(inspected.media.video)
        let job = VideoFixtures.job(details, width: 160, height: 120)
        _ = try await video.transcode(clips.plain, job, { _ in })
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func line(_ program: String, _ bytes: Int) -> String {
            let kernel = bytes / 1024 * 1024
            return "\(program) Max address space \(kernel) \(kernel) bytes"
        }
        let probe = VideoMemory.probeLimit(maxPixels: min(VideoSettings.defaultMaxPixels, VideoFixtures.request.maxPixels))
        let poster = VideoMemory.posterLimit(width: 320, height: 240, cores: ProcessInfo.processInfo.activeProcessorCount)
        // The poster's two runs (its key frames measured, then the chosen one) share its limit.
        #expect(lines == [line("ffprobe", probe), line("ffmpeg", poster), line("ffmpeg", poster), line("ffmpeg", VideoMemory.transcodeLimit(job))])
    }

    @Test func aTranscodeOverItsLimitFailsSayingSoAndLeavesNoFile() async throws {
        let folder = try TemporaryFolder()
        let clip = try VideoClips.make("full-hd.mp4", in: folder.path, VideoClips.sourceInputs(size: "1920x1080", seconds: 0.3, audio: false)
            + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let scratch = try VideoFixtures.scratch()
        let tools = VideoFixtures.tools(scratch)
        var job = VideoFixtures.job(try VideoFixtures.details(clip), audio: false)
        job.maxMemory = 512  // x264 at 1080p with two threads maps about 1 GB
        await #expect { _ = try await tools.transcode(clip, job, { _ in }) } throws: { error in
            let said = "\(error)"
            return said.hasPrefix("ffmpeg failed: it needed more than the 512 MB of memory galgen allows it for a 1920 × 1080 video "
                                  + "into 1920 × 1080 h264 with 2 threads (") && said.contains("set video.max_memory (megabytes) higher")
        }
        #expect(scratch.list().isEmpty, "\(scratch.list())")
        job.maxMemory = nil
        let file = try await tools.transcode(clip, job, { _ in })
        #expect(file.width == 1920 && file.height == 1080, "the limit worked out for it lets it finish")
    }
}
#endif
