import Foundation
import GalgenCore
import Testing

struct FFprobeReportTests {
    static let phone = #"""
    {"streams": [
      {"index": 0, "codec_name": "hevc", "codec_type": "video", "width": 1920, "height": 1080,
       "avg_frame_rate": "30000/1001", "r_frame_rate": "30/1", "color_transfer": "arib-std-b67", "duration": "3.5",
       "disposition": {"default": 1, "attached_pic": 0},
       "tags": {"creation_time": "2023-07-14T16:32:05.000000Z", "handler_name": "Core Media Video"},
       "side_data_list": [{"side_data_type": "DOVI configuration record", "dv_profile": 8, "dv_bl_signal_compatibility_id": 4},
                          {"side_data_type": "Display Matrix", "displaymatrix": "…", "rotation": -90}]},
      {"index": 1, "codec_name": "aac", "codec_type": "audio", "avg_frame_rate": "0/0"},
      {"index": 2, "codec_type": "data", "tags": {"handler_name": "Core Media Metadata"}}],
     "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "3.533333",
       "tags": {"com.apple.quicktime.creationdate": "2023-07-14T18:32:05+0200", "com.apple.quicktime.make": "Apple",
                "com.apple.quicktime.model": "iPhone 14 Pro", "com.apple.quicktime.location.ISO6709": "+48.8577+002.2950+035.000/",
                "TITLE": "Tower"}}}
    """#

    @Test func anIPhoneReportGivesEveryFieldGalgenUses() throws {
        let probe = try FFprobeReport.parse(Array(Self.phone.utf8))
        #expect(probe.duration == 3.533333)
        #expect(probe.formatName == "mov,mp4,m4a,3gp,3g2,mj2")
        let video = try #require(probe.video)
        #expect(video.codec == "hevc" && video.width == 1920 && video.height == 1080)
        #expect(video.rotation == -90 && video.isQuarterTurn)
        #expect(abs((video.frameRate ?? 0) - 29.97) < 0.01)
        #expect(video.hdr == .hlg && video.dolbyVisionHLG)
        #expect(probe.hasAudio)
        #expect(probe.tags["com.apple.quicktime.location.iso6709"] == "+48.8577+002.2950+035.000/")
        #expect(probe.tags["title"] == "Tower", "keys are lowercased (Matroska writes TITLE)")
        #expect(probe.streamCreationTime == "2023-07-14T16:32:05.000000Z")
    }

    @Test(arguments: [
        (#"{"side_data_list": [{"side_data_type": "Display Matrix", "rotation": 90}]}"#, 90),
        (#"{"tags": {"rotate": "270"}}"#, 270),
        (#"{"tags": {"rotate": "-90"}, "side_data_list": [{"side_data_type": "Display Matrix", "rotation": 180}]}"#, 180),
        (#"{"side_data_list": [{"side_data_type": "Display Matrix", "rotation": 450.0}]}"#, 90),
        (#"{}"#, 0),
    ])
    func rotationComesFromTheDisplayMatrixElseTheRotateTag(stream: String, rotation: Int) throws {
        let json = #"{"streams": [{"codec_type": "video", "codec_name": "h264", "#
            + stream.dropFirst() + #"], "format": {"duration": "1"}}"#
        #expect(try FFprobeReport.parse(Array(json.utf8)).video?.rotation == rotation)
    }

    @Test(arguments: [("smpte2084", VideoHDR.pq), ("arib-std-b67", .hlg), ("bt709", nil), ("unknown", nil)] as [(String, VideoHDR?)])
    func theTransferTellsHDR(transfer: String, hdr: VideoHDR?) throws {
        let json = #"{"streams": [{"codec_type": "video", "codec_name": "h264", "color_transfer": ""# + transfer + #""}]}"#
        #expect(try FFprobeReport.parse(Array(json.utf8)).video?.hdr == hdr)
    }

    @Test func aCoverPictureIsNotTheVideo() throws {
        let json = #"""
        {"streams": [{"codec_type": "video", "codec_name": "mjpeg", "disposition": {"attached_pic": 1}},
                     {"codec_type": "audio", "codec_name": "mp3"}]}
        """#
        let probe = try FFprobeReport.parse(Array(json.utf8))
        #expect(probe.video == nil && probe.hasAudio)
    }

    // MARK: - Hostile reports: refused or read as absent, never a trap

    @Test func aReportOverTheLimitIsRefused() {
        let huge = Array(#"{"format": {"tags": {"title": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: FFprobeReport.maxBytes)
            + Array(#""}}}"#.utf8)
        #expect(throws: FFprobeReport.ParseError.self) { try FFprobeReport.parse(huge) }
    }

    @Test func deepNestingIsRefusedBeforeTheJSONParserRecurses() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 1_000_000) + Array(repeating: UInt8(ascii: "]"), count: 1_000_000)
        #expect(throws: FFprobeReport.ParseError.self) { try FFprobeReport.parse(deep) }
        let withinStrings = #"{"format": {"tags": {"title": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"{{{{{{{{"}}}"#
        #expect((try? FFprobeReport.parse(Array(withinStrings.utf8)))?.tags["title"]?.hasPrefix("[[[") == true,
                "brackets inside strings are not nesting")
    }

    @Test(arguments: ["", "null", "[]", "42", #""text""#, "{", #"{"streams": 7}"#, "\u{FF}\u{FE}", #"{"streams": [1, "a", null]}"#])
    func notAnObjectOrOddTypesNeverTrap(text: String) {
        let result = Result { try FFprobeReport.parse(Array(text.utf8)) }
        if case .success(let probe) = result { #expect(probe.video == nil) }
    }

    @Test func wrongTypesAndAbsurdNumbersReadAsAbsent() throws {
        let json = #"""
        {"streams": [{"codec_type": "video", "codec_name": 12, "width": "wide", "height": -5, "avg_frame_rate": "1/0",
                      "r_frame_rate": "1e400/1", "side_data_list": {"rotation": 90}, "tags": ["rotate"], "disposition": 3,
                      "color_transfer": null}],
         "format": {"duration": "1e999", "tags": {"title": 5, "comment": {"a": 1}}}}
        """#
        let probe = try FFprobeReport.parse(Array(json.utf8))
        let video = try #require(probe.video)
        #expect(video.codec == nil && video.width == nil && video.height == nil && video.frameRate == nil && video.rotation == 0)
        #expect(probe.duration == nil && probe.tags.isEmpty)
        #expect(throws: VideoToolError.self) { try probe.details() }
    }

    @Test func streamsAndTagsAreCapped() throws {
        let streams = Array(repeating: #"{"codec_type": "audio"}"#, count: 10_000).joined(separator: ",")
        let tags = (0..<5000).map { #""k\#($0)": "\#(String(repeating: "v", count: 10))""# }.joined(separator: ",")
        let long = String(repeating: "x", count: 100_000)
        let json = #"{"streams": ["# + streams + #"], "format": {"tags": {"#  + tags + #", "title": ""# + long + #""}}}"#
        let probe = try FFprobeReport.parse(Array(json.utf8))
        #expect(probe.streams.count == FFprobeReport.maxStreams)
        #expect(probe.tags.count <= FFprobeReport.maxTags)
    }

    @Test func aLongTagIsCut() throws {
        let json = #"{"format": {"tags": {"title": ""# + String(repeating: "x", count: 100_000) + #""}}}"#
        #expect(try FFprobeReport.parse(Array(json.utf8)).tags["title"]?.count == FFprobeReport.maxTagLength)
    }
}
