@testable import GalgenCore
import Testing

struct PosterChoiceTests {
    /// What ffmpeg 5.1 printed for a real clip's first key frames (dn_sample_mpeg4_190x240.mp4:
    /// two white frames, then a logo), trimmed to the keys read and a stray one.
    static let printout = """
        frame:0    pts:0       pts_time:0
        lavfi.entropy.entropy.normal.Y=0.460918
        lavfi.entropy.normalized_entropy.normal.Y=0.057615
        lavfi.entropy.normalized_entropy.diff.Y=0.082375
        frame:1    pts:30000   pts_time:1
        lavfi.entropy.normalized_entropy.normal.Y=0.038
        lavfi.entropy.normalized_entropy.diff.Y=0.050
        frame:2    pts:60000   pts_time:2
        lavfi.entropy.normalized_entropy.normal.Y=0.483
        lavfi.entropy.normalized_entropy.diff.Y=0.322
        frame:3    pts:90000   pts_time:3
        lavfi.entropy.normalized_entropy.normal.Y=0.610
        lavfi.entropy.normalized_entropy.diff.Y=0.324
        frame:4    pts:120000  pts_time:4
        lavfi.entropy.normalized_entropy.normal.Y=0.606
        lavfi.entropy.normalized_entropy.diff.Y=0.292
        """

    @Test func thePrintoutIsReadFrameByFrame() {
        let candidates = PosterChoice.candidates(fromPrintout: Self.printout)
        #expect(candidates.map(\.time) == [0, 1, 2, 3, 4])
        #expect(candidates[0] == PosterChoice.Candidate(time: 0, tones: 0.057615, detail: 0.082375))
    }

    @Test func theMostDetailedFrameThatIsNotUniformIsChosen() {
        #expect(PosterChoice.best(PosterChoice.candidates(fromPrintout: Self.printout))?.time == 3)
        // Uniform frames are never chosen, however "detailed" (a noisy black leader).
        let noisyBlack = PosterChoice.Candidate(time: 0, tones: 0.1, detail: 0.9)
        let footage = PosterChoice.Candidate(time: 5, tones: 0.5, detail: 0.2)
        #expect(PosterChoice.best([noisyBlack, footage]) == footage)
        // The earliest of equals; none when every frame is uniform, or there is none.
        let same = PosterChoice.Candidate(time: 7, tones: 0.5, detail: 0.2)
        #expect(PosterChoice.best([footage, same])?.time == 5)
        #expect(PosterChoice.best([noisyBlack]) == nil && PosterChoice.best([]) == nil)
    }

    @Test func aFrameMissingAValueOrATimeIsSkipped() {
        let text = """
            frame:0 pts:0 pts_time:0
            lavfi.entropy.normalized_entropy.normal.Y=0.5
            frame:1 pts:1 pts_time:nan
            lavfi.entropy.normalized_entropy.normal.Y=0.5
            lavfi.entropy.normalized_entropy.diff.Y=0.3
            frame:2 pts:2 pts_time:2.5
            lavfi.entropy.normalized_entropy.normal.Y=inf
            lavfi.entropy.normalized_entropy.diff.Y=0.3
            frame:3 pts:3 pts_time:3.5
            lavfi.entropy.normalized_entropy.diff.Y=0.4
            lavfi.entropy.normalized_entropy.normal.Y=0.6
            """
        #expect(PosterChoice.candidates(fromPrintout: text) == [PosterChoice.Candidate(time: 3.5, tones: 0.6, detail: 0.4)])
        #expect(PosterChoice.candidates(fromPrintout: "").isEmpty && PosterChoice.candidates(fromPrintout: "garbage\n=\n").isEmpty)
    }

    @Test(arguments: [(0.17, 0.17), (4, 4), (10, 10), (20, 10), (45, 15), (90, 30), (3600, 30), (-1, 0), (.nan, 0)] as [(Double, Double)])
    func theWindowIsTheFirstPart(duration: Double, window: Double) {
        #expect(PosterChoice.window(duration: duration) == window)
    }

    /// A player counts the seconds begun: 85.5 s is 1:25 on the page as in Chromium's controls;
    /// a length over a limit is rounded up, so it never reads as the limit.
    @Test func durationsAreWrittenAsAPlayerShowsThem() {
        let clip = VideoDetails(duration: 85.5, width: 2, height: 2, codec: "h264", hasAudio: false)
        #expect(clip.durationText == "1:25" && clip.wholeSeconds == 85)
        #expect(VideoDetails.durationText(seconds: 59.99) == "0:59" && VideoDetails.durationText(seconds: 3600) == "1:00:00")
        #expect(VideoLimits.tooLong(600.3, limit: 600).hasPrefix("it is 10:01 long, over the 10:00 video.max_duration allows"))
    }
}
