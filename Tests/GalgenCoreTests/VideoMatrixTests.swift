import GalgenCore
import Testing

/// An untagged video's colours: players take BT.709 from 720 lines up and BT.601 below; swscale's
/// own default (BT.601 at any size) shifted every untagged HD video (SSIM 0.972 against its
/// source where the same bytes keep 0.995).
struct VideoMatrixTests {
    @Test func theTaggedMatrixIsKeptAndAnUntaggedOneFollowsTheFrameHeight() {
        #expect(VideoMatrix(colorSpace: "bt709", codedHeight: 480) == .bt709)
        #expect(VideoMatrix(colorSpace: "smpte170m", codedHeight: 1080) == .bt601)
        #expect(VideoMatrix(colorSpace: "bt2020nc", codedHeight: 2160) == .bt2020)
        #expect(VideoMatrix(colorSpace: nil, codedHeight: 1080) == .bt709 && VideoMatrix(colorSpace: "unknown", codedHeight: 720) == .bt709)
        #expect(VideoMatrix(colorSpace: nil, codedHeight: 480) == .bt601)
    }

    @Test func theTranscodeAndThePosterDecodeWithIt() {
        #expect(VideoFilters.transcode(width: 1280, height: 720, hdr: nil, matrix: .bt709).contains("in_color_matrix=bt709:out_color_matrix=bt709"))
        #expect(VideoFilters.transcode(width: 640, height: 360, hdr: nil, matrix: .bt601).contains("in_color_matrix=bt601"))
        #expect(VideoFilters.poster(hdr: nil, skipUniform: true, matrix: .bt601).contains("in_color_matrix=bt601"))
        #expect(!VideoFilters.transcode(width: 1280, height: 720, hdr: nil).contains("auto"))
    }

    @Test func anUntaggedPortraitPhoneVideoIsHDByItsShortSide() throws {
        let json = #"{"streams":[{"codec_type":"video","codec_name":"h264","width":1080,"height":1920}],"format":{"duration":"1.0"}}"#
        let details = try FFprobeReport.parse(Array(json.utf8)).details()
        #expect(details.matrix == .bt709)
    }
}
