@testable import GalgenBuild
@testable import GalgenCore
import Testing

/// A rendition's key and an MP4's key come from their request values: every property is hashed
/// or said to be keyed elsewhere, and changing any hashed one changes the key.
struct RenditionKeyTests {
    static func properties(of value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }

    static let request = RenditionRequest(widths: [320, 640], quality: 82, formats: [.avif, .jpeg])
    /// `key(request)` as galgen 4ae3cc4 made it, before renditions carried rights.
    static let keyWithoutRights = "175db5e71a1a71c4b68b492b48fd63c9d9b106a0d44bb476e8ecd3250208d2b4"

    @Test func everyPropertyOfTheRequestIsHashedOrKeyedElsewhere() {
        #expect(Set(Self.properties(of: Self.request)) == Set(RenditionRequest.keyed + RenditionRequest.keyedElsewhere),
                "a new property of RenditionRequest must be hashed in RenditionRequest+Key.swift or named as keyed elsewhere")
        #expect(Set(RenditionRequest.keyed).isDisjoint(with: RenditionRequest.keyedElsewhere))
        let job = VideoKeyTests.job
        #expect(Set(Self.properties(of: job)) == Set(TranscodeJob.keyed + TranscodeJob.keyedElsewhere),
                "a new property of TranscodeJob must be hashed in VideoKey or named as keyed elsewhere")
    }

    func key(_ request: RenditionRequest, format: OutputFormat = .jpeg) -> String {
        RenditionKey.make(sourceDigest: "d", request: request, generator: "g", format: format)
    }

    @Test func changingAnyHashedPropertyChangesTheKey() {
        let base = Self.request
        var changes: [String: RenditionRequest] = [:]
        changes["widths"] = { var r = base; r.widths = [320, 641]; return r }()
        changes["quality"] = { var r = base; r.quality = 83; return r }()
        changes["maxPixels"] = { var r = base; r.maxPixels += 1; return r }()
        changes["colour"] = { var r = base; r.colour = .srgb; return r }()
        changes["rights"] = { var r = base; r.rights.copyright = "© Ann"; return r }()
        changes["watermark"] = { var r = base; r.watermark = Watermark(image: WatermarkImage(png: [], digest: "m")); return r }()
        #expect(Set(changes.keys) == Set(RenditionRequest.keyed), "one change for each hashed property")
        let keys = [key(base)] + changes.values.map { key($0) }
        #expect(Set(keys).count == keys.count)
        // [320, 640] + quality 82 must not read as [320] + 640 + 82.
        var shifted = base
        shifted.widths = [320]
        shifted.quality = 640
        #expect(key(shifted) != key(base))
    }

    @Test func everyRightsFieldIsKeyedAndNoRightsKeepsTheKeysOfBefore() {
        var keys: [String] = []
        for field in [\RightsSettings.creator, \.copyright, \.license, \.acquireLicensePage] {
            var request = Self.request
            request.rights[keyPath: field] = "x"
            keys.append(key(request))
        }
        // Creator "x" is not copyright "x", and neither is no rights at all.
        #expect(Set(keys + [key(Self.request)]).count == 5)
        // A gallery without `rights:` keeps the keys it had before renditions carried rights.
        #expect(key(Self.request) == Self.keyWithoutRights)
    }

    @Test func whatIsKeyedElsewhereLeavesAPicturesKeyAlone() {
        var formats = Self.request
        formats.formats = [.jpeg]
        var video = Self.request
        video.video.heights = [480]
        #expect(key(formats) == key(Self.request) && key(video) == key(Self.request))
    }

    @Test func eachFormatHasItsOwnKeyAndItsOwnVersion() {
        let keys = OutputFormat.allCases.map { key(Self.request, format: $0) }
        #expect(Set(keys).count == keys.count)
        var bumped = RenditionKey.formatVersions
        bumped[.avif] = "3"
        let again = { (format: OutputFormat) in
            RenditionKey.make(sourceDigest: "d", request: Self.request, generator: "g", format: format, versions: bumped)
        }
        #expect(again(.avif) != key(Self.request, format: .avif), "a bumped format encodes again")
        #expect(again(.jpeg) == key(Self.request, format: .jpeg) && again(.webp) == key(Self.request, format: .webp),
                "and only that format")
        #expect(RenditionKey.make(sourceDigest: "e", request: Self.request, generator: "g") != key(Self.request))
        #expect(RenditionKey.make(sourceDigest: "d", request: Self.request, generator: "h") != key(Self.request))
    }
}

struct VideoKeyTests {
    static let job = TranscodeJob(details: VideoDetails(duration: 2, width: 1920, height: 1080, codec: "h264", hasAudio: true),
                                  output: VideoOutput(codec: .h264, width: 1280, height: 720), quality: 23, audio: true, threads: 2)

    func key(_ job: TranscodeJob) -> String { VideoKey.make(sourceDigest: "d", job: job, tool: "ffmpeg 5.1") }

    @Test func changingAnyHashedPropertyChangesTheKeyAndNothingElseDoes() {
        let base = Self.job
        var changed: [TranscodeJob] = []
        for change in [{ (job: inout TranscodeJob) in job.output.codec = .av1 }, { $0.output.width = 1282 }, { $0.output.height = 722 },
                       { $0.quality = 24 }, { $0.audio = false }, { $0.details.isMotion = true }, { $0.copy = true }] {
            var job = base
            change(&job)
            changed.append(job)
        }
        let keys = [key(base)] + changed.map(key)
        #expect(Set(keys).count == keys.count)
        var same = base
        same.threads = 8
        same.maxMemory = 900
        same.embedded = 10..<20
        same.details.frameRate = 25
        same.details.webReady = VideoDetails.WebReady(video: true, audio: true)
        #expect(key(same) == key(base), "threads, the memory limit and what the source's digest stands for are not the output's key")
        #expect(VideoKey.make(sourceDigest: "d", job: base, tool: "ffmpeg 6.0") != key(base))
    }
}
