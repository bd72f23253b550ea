import GalgenCore
import Testing

struct VideoProbeReadingTests {
    static func probe(rotation: Int = 0, codec: String? = "h264", duration: Double? = 2, audio: Bool = true,
                      transfer: String? = nil, tags: [String: String] = [:]) -> VideoProbe {
        VideoProbe(duration: duration, formatName: "mov,mp4",
                   streams: [VideoProbe.Stream(type: "video", codec: codec, width: 1920, height: 1080, rotation: rotation,
                                               frameRate: 30, colorTransfer: transfer)]
                       + (audio ? [VideoProbe.Stream(type: "audio", codec: "aac")] : []),
                   tags: tags)
    }

    @Test(arguments: [(0, 1920, 1080), (90, 1080, 1920), (-90, 1080, 1920), (180, 1920, 1080), (270, 1080, 1920)])
    func aQuarterTurnSwapsTheUprightSize(rotation: Int, width: Int, height: Int) throws {
        let details = try Self.probe(rotation: rotation).details()
        #expect(details.width == width && details.height == height)
    }

    @Test func detailsCarryDurationCodecSoundHDRAndMotion() throws {
        let details = try Self.probe(audio: false, transfer: "smpte2084").details(isMotion: true)
        #expect(details == VideoDetails(duration: 2, width: 1920, height: 1080, frameRate: 30, codec: "h264", hasAudio: false,
                                        hdr: .pq, isMotion: true, webReady: VideoDetails.WebReady(video: false, audio: true)))
    }

    @Test func anAudioOnlyFileIsRefusedInWordsThatSaySo() {
        let probe = VideoProbe(duration: 3, streams: [VideoProbe.Stream(type: "audio", codec: "aac")])
        #expect(throws: VideoToolError.unusable("it has no video stream (an audio-only file?)")) { try probe.details() }
    }

    @Test(arguments: [nil, 0, -1] as [Double?])
    func noDurationIsRefused(duration: Double?) {
        #expect(throws: VideoToolError.unusable("it has no duration (a truncated file, or a single frame?)")) {
            try Self.probe(duration: duration).details()
        }
    }

    @Test func aCodecFFprobeCannotNameIsRefused() {
        #expect { try Self.probe(codec: nil).details() } throws: { error in
            "\(error)".contains("codec the installed ffmpeg cannot decode")
        }
    }

    /// A 1.2 MB file with two 14000 × 14000 frames made one ffmpeg take 2.9 GB: videos have a
    /// frame cap of their own, 8K by default, checked on the probe's report, before any decode.
    @Test func framesOver8KAreRefusedBeforeAnyDecode() {
        let huge = VideoProbe(duration: 1, formatName: "mov,mp4",
                              streams: [VideoProbe.Stream(type: "video", codec: "h264", width: 14000, height: 14000, frameRate: 2)], tags: [:])
        #expect(VideoSettings().maxPixels == 7680 * 4320)
        #expect { try huge.details(maxPixels: VideoSettings().maxPixels, pixelsKey: "video.max_pixels") } throws: {
            "\($0)".contains("its frames are 14000 × 14000 pixels, over video.max_pixels (33177600); raise video.max_pixels in gallery.yml")
        }
        let eightK = VideoProbe(duration: 1, formatName: "mov,mp4",
                                streams: [VideoProbe.Stream(type: "video", codec: "h264", width: 7680, height: 4320, frameRate: 30)], tags: [:])
        #expect((try? eightK.details(maxPixels: VideoSettings().maxPixels)) != nil)
        let settings = VideoSettings(maxPixels: 1000)
        #expect(VideoLimits.refusal(VideoDetails(duration: 1, width: 40, height: 30, codec: "h264", hasAudio: false), settings: settings,
                                    maxPixels: 200_000_000)?.contains("over video.max_pixels (1000)") == true)
        #expect(settings.motion.maxPixels == 1000)
    }

    @Test func tooLongOrTooLargeIsRefusedNamingTheSetting() {
        #expect { try Self.probe(duration: 4000).details() } throws: { "\($0)".contains("video.max_duration") }
        #expect { try Self.probe().details(maxPixels: 1_000_000) } throws: { "\($0)".contains("max_pixels") }
        #expect((try? Self.probe(duration: 4000).details(maxDuration: 5000)) != nil)
    }

    /// Found by fuzz/ (ffprobe target): a report saying 6669.3E33 seconds crashed the words that
    /// refuse it (a Double too large for an Int). Any duration reads as words now.
    @Test func anAbsurdDurationIsRefusedInWordsNotACrash() throws {
        #expect { try Self.probe(duration: 6669.3e33).details() } throws: {
            "\($0)".contains("it is 277777777:46:40 long, over the 30:00 video.max_duration allows")
        }
        let report = Array(#"{"streams": [{"codec_name": "hevc", "codec_type": "video", "width": 1920, "height": 108}], "format": {"duration": "6669.3E33"}}"#.utf8)
        #expect { try FFprobeReport.parse(report).details() } throws: { "\($0)".contains("video.max_duration") }
        for seconds in [Double.nan, .infinity, -.infinity, -5, .greatestFiniteMagnitude] {
            let details = VideoDetails(duration: seconds, width: 2, height: 2, codec: "h264", hasAudio: false)
            #expect(details.wholeSeconds >= 0 && !details.durationText.isEmpty, "\(seconds)")
        }
    }

    @Test func theQuickTimeDateWithItsZoneWinsOverCreationTime() {
        let probe = Self.probe(tags: ["com.apple.quicktime.creationdate": "2023-07-14T18:32:05+0200",
                                      "creation_time": "2020-01-01T00:00:00.000000Z"])
        #expect(probe.metadata.captured?.description == "2023-07-14T16:32:05.000Z")
        #expect(probe.facts.takenAtText == "2023-07-14 18:32", "the page shows the local time it was filmed")
    }

    @Test func creationTimeIsUTCAndTheStreamsIsTheLastResort() {
        #expect(Self.probe(tags: ["creation_time": "2021-03-04T05:06:07.500000Z"]).metadata.captured?.description
            == "2021-03-04T05:06:07.500Z")
        var probe = Self.probe()
        probe.streamCreationTime = "2019-12-31T23:59:59Z"
        #expect(probe.metadata.captured?.description == "2019-12-31T23:59:59.000Z")
    }

    @Test func wordsAndDevice() {
        let probe = Self.probe(tags: ["title": "  Tower ", "comment": "From the river", "com.apple.quicktime.make": "Apple",
                                      "com.apple.quicktime.model": "iPhone 14 Pro"])
        #expect(probe.metadata.words == PhotoText(title: "Tower", caption: "From the river"))
        #expect(probe.facts.cameraText == "Apple iPhone 14 Pro")
        #expect(Self.probe(tags: ["description": "A", "comment": "B"]).metadata.words.caption == "A")
        #expect(Self.probe(tags: ["com.android.manufacturer": "Google", "com.android.model": "Pixel 7"]).facts.cameraText
            == "Google Pixel 7")
    }

    @Test(arguments: ["com.apple.quicktime.location.iso6709", "location", "location-eng", "\u{A9}xyz"])
    func anyLocationTagIsFoundAndNamed(key: String) {
        #expect(Self.probe(tags: [key: "+48.8577+002.2950/"]).location == .found("a location (\(key)) in the video's metadata"))
    }

    @Test func noLocationOrABlankOne() {
        #expect(Self.probe(tags: ["title": "x"]).location == LocationCheck.none)
        #expect(Self.probe(tags: ["location": "  "]).location == LocationCheck.none)
    }

    @Test(arguments: [
        ("2023-07-14T18:32:05+0200", "2023-07-14T16:32:05.000Z"),
        ("2023-07-14T18:32:05+02:00", "2023-07-14T16:32:05.000Z"),
        ("2023-07-14T18:32:05-05", "2023-07-14T23:32:05.000Z"),
        ("2023-07-14 18:32:05", "2023-07-14T18:32:05.000"),
        ("2023-07-14T16:32:05.123456Z", "2023-07-14T16:32:05.123Z"),
    ])
    func videoDates(text: String, utc: String) {
        #expect(VideoDate.parse(text)?.description == utc)
    }

    @Test(arguments: ["", "2023-07-14", "2023-13-01T00:00:00Z", "2023-07-14T18:32:05+2", "2023-07-14T18:32:05 junk",
                      "1904-01-01T00:00:00.000000Z", "1970-01-01T00:00:00Z", "２０２３-07-14T18:32:05Z"])
    func notDates(text: String) {
        #expect(VideoDate.parse(text) == nil)
    }
}
