@testable import GalgenCore
import Testing

/// GIFs are read by ffmpeg: one frame is a photo, more an animation (a silent looping MP4).
struct GIFItemTests {
    static func probe(frames: Int?, duration: Double?) -> VideoProbe {
        VideoProbe(duration: duration, formatName: "gif",
                   streams: [VideoProbe.Stream(type: "video", codec: "gif", width: 320, height: 240, pixelFormat: "bgra", frames: frames)])
    }

    @Test func gifIsToldByItsBytesAndName() {
        #expect(ImageFormat(signature: Array("GIF89a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageFormat(signature: Array("GIF87a".utf8)) == .gif && ImageFormat(signature: Array("GIF8".utf8)) == nil)
        #expect(ImageFormat(fileExtension: "GIF") == .gif && MediaKind(fileName: "a.gif") == .video)
        #expect(ImageFormat.gif.identity.mediaType == "image/gif")
    }

    @Test func oneFrameIsAStillAndMoreAnAnimation() throws {
        let still = Self.probe(frames: 1, duration: 0.1)
        #expect(still.isPicture && still.isStill)
        #expect(try still.details().animation == false)
        // A still with no duration at all is read (a video without one is refused).
        #expect(try Self.probe(frames: 1, duration: nil).details().duration == 0)
        let animated = Self.probe(frames: 23, duration: 1.61)
        #expect(animated.isPicture && !animated.isStill)
        let details = try animated.details()
        #expect(details.animation && !details.hasAudio && !details.webReady.video)
        #expect(throws: VideoToolError.self) { try Self.probe(frames: 23, duration: nil).details() }
        // Any other container is neither.
        let mp4 = VideoProbe(duration: 2, formatName: "mov,mp4,m4a,3gp,3g2,mj2", streams: [VideoProbe.Stream(type: "video", codec: "h264", width: 2, height: 2, frames: 1)])
        let mp4Details = try mp4.details()
        #expect(!mp4.isPicture && !mp4.isStill && !mp4Details.animation)
    }
}
