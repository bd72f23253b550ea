import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenVideo
import Testing

/// HLG and PQ sources come out SDR BT.709, as bright as a reference tone-map run by hand.
///
/// The tolerance: the mean luma (signalstats YAVG, 0…255) of galgen's output within 3 of the
/// reference's. Both run the same tone-map; they differ only in scaling order and x264's
/// rounding (measured: under 1). Leaving the tone-map out moves it by 8 (PQ) to 12 (HLG) on
/// these clips, so the test tells the two apart.
@Suite(.enabled(if: VideoFixtures.shared != nil, "ffmpeg is not installed (make setup installs it)"))
struct LiveHDRTests {
    let clips = VideoFixtures.shared!
    static let tolerance = 3.0

    @Test(arguments: [VideoHDR.hlg, .pq])
    func hdrIsToneMappedToBT709(hdr: VideoHDR) async throws {
        let source = hdr == .hlg ? clips.hlg : clips.pq
        let details = try VideoFixtures.details(source)
        #expect(details.hdr == hdr)
        let scratch = try VideoFixtures.scratch()
        let file = try await VideoFixtures.tools(scratch).transcode(source, VideoFixtures.job(details), { _ in })
        let video = try VideoClips.probe(file.path).firstVideo
        #expect(video["color_transfer"] as? String == "bt709")
        #expect(video["color_primaries"] as? String == "bt709" && video["color_space"] as? String == "bt709")
        #expect(video["pix_fmt"] as? String == "yuv420p")

        let reference = try VideoClips.make("reference-\(hdr).mp4", in: scratch.path, ["-i", source, "-vf",
            "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p",
            "-c:v", "libx264", "-crf", "18", "-an"])
        let untouched = try VideoClips.make("untouched-\(hdr).mp4", in: scratch.path,
                                            ["-i", source, "-vf", "format=yuv420p", "-c:v", "libx264", "-crf", "18", "-an"])
        let (ours, theirs, naive) = (try VideoClips.meanLuma(file.path), try VideoClips.meanLuma(reference),
                                     try VideoClips.meanLuma(untouched))
        #expect(abs(ours - theirs) <= Self.tolerance, "galgen \(ours), reference \(theirs)")
        #expect(abs(naive - theirs) > Self.tolerance, "the clip does not tell a tone-map from none: \(naive) vs \(theirs)")
    }

    @Test func anHDRPosterIsToneMappedToo() async throws {
        let scratch = try VideoFixtures.scratch()
        let rendered = try await VideoFixtures.tools(scratch).inspect(clips.hlg, VideoFixtures.request, VideoItemOptions())
        #expect(rendered.width == 320 && rendered.height == 240 && rendered.media.video?.hdr == .hlg)
    }
}
