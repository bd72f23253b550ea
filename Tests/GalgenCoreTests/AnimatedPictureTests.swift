@testable import GalgenBuild
@testable import GalgenCore
import GalgenTestSupport
import Testing

/// Animated PNG and WebP are told from stills by their chunks: two frames or more play (a video
/// item, published like an animated GIF); one frame, or none, is a photo.
struct AnimatedPictureTests {
    /// A PNG chunk: length, type, payload, and a CRC (not checked by these readers).
    static func chunk(_ type: String, _ payload: [UInt8] = []) -> [UInt8] {
        bigEndian(UInt32(payload.count)) + Array(type.utf8) + payload + [0, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }

    /// A frame control: `numerator`/`denominator` seconds.
    static func frameControl(_ sequence: UInt32, _ numerator: UInt16, _ denominator: UInt16) -> [UInt8] {
        chunk("fcTL", bigEndian(sequence) + bigEndian(8) + bigEndian(8) + bigEndian(0) + bigEndian(0)
            + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, 0])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", bigEndian(8) + bigEndian(8) + [8, 2, 0, 0, 0])

    /// An APNG of `delays` frames, with a colour chunk before its animation control (as real ones have).
    static func apng(_ delays: [(UInt16, UInt16)]) -> [UInt8] {
        var bytes = signature + header + chunk("sRGB", [0]) + chunk("acTL", bigEndian(UInt32(delays.count)) + bigEndian(0))
        for (index, delay) in delays.enumerated() {
            bytes += frameControl(UInt32(index * 2), delay.0, delay.1) + chunk(index == 0 ? "IDAT" : "fdAT", [1, 2, 3])
        }
        return bytes + chunk("IEND")
    }

    @Test func anAPNGOfTwoFramesOrMoreIsAVideoItem() {
        let bytes = Self.apng([(1, 10), (1, 2), (3, 0)])
        #expect(AnimatedPicture.frameCount(bytes) == 3)
        #expect(MediaKind(contents: bytes) == .video)
        #expect(SourceDigest(of: bytes).kind == .video)
        // One frame, a still PNG, and an acTL after the image data (not an APNG) are photos.
        #expect(AnimatedPicture.frameCount(Self.apng([(1, 10)])) == nil)
        let still = Self.signature + Self.header + Self.chunk("IDAT", [1]) + Self.chunk("acTL", Self.bigEndian(5) + Self.bigEndian(0)) + Self.chunk("IEND")
        #expect(AnimatedPicture.frameCount(still) == nil && MediaKind(contents: still) == .photo)
        #expect(SourceDigest(of: still).kind == .photo)
    }

    @Test func anAPNGsTimingIsItsFramesDelaysAsBrowsersShowThem() throws {
        // 0.1 s, half a second, 3 hundredths (a zero denominator); a zero delay and 5 ms are shown
        // for a tenth of a second, as browsers do (and galgen's ffmpeg run, -max_fps 99 -default_fps 10).
        let timing = try #require(AnimatedPicture.pngTiming(Self.apng([(1, 10), (1, 2), (3, 0), (0, 100), (5, 1000)])))
        #expect(timing.frames == 5)
        #expect(abs(timing.seconds - (0.1 + 0.5 + 0.03 + 0.1 + 0.1)) < 1e-9)
        // acTL announcing three frames with only one frame control is a still (ffmpeg would find one frame).
        var one = Self.signature + Self.header + Self.chunk("acTL", Self.bigEndian(3) + Self.bigEndian(0))
        one += Self.frameControl(0, 1, 10) + Self.chunk("IDAT", [1]) + Self.chunk("IEND")
        #expect(AnimatedPicture.pngTiming(one)?.frames == 1 && AnimatedPicture.frameCount(one) == nil)
        #expect(AnimatedPicture.pngTiming(Self.signature + Self.header + Self.chunk("IDAT", [1]) + Self.chunk("IEND")) == nil)
    }

    @Test func damagedChunksAreNeitherACrashNorAnAnimation() {
        var bytes = Self.apng([(1, 10), (1, 10)])
        // The sRGB chunk claims 4 GB: the walk stops there.
        bytes.replaceSubrange(33 ..< 37, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(AnimatedPicture.frameCount(bytes) == nil)
        #expect(AnimatedPicture.pngTiming(bytes) == nil)
        for length in [0, 8, 20, 40, 60] {
            _ = AnimatedPicture.frameCount(Array(Self.apng([(1, 10), (1, 10)]).prefix(length)))
            _ = AnimatedPicture.pngTiming(Array(Self.apng([(1, 10), (1, 10)]).prefix(length)))
        }
        #expect(AnimatedPicture.frameCount(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8)) == nil)
    }

    @Test func aRealAnimatedWebPIsAVideoItemAndStillWebPsArePhotos() throws {
        let animation = try Fixtures.bytes("formats/dn_animation_lossy_101f.webp")
        #expect(AnimatedPicture.frameCount(animation) == 101)
        #expect(SourceDigest(of: animation).kind == .video)
        for still in ["dn_photo1_vp8.webp", "dn_alpha_lossy_rose.webp", "mk_lossless_vp8l_600x450.webp"] {
            #expect(SourceDigest(of: try Fixtures.bytes("formats/" + still)).kind == .photo, "\(still)")
        }
        #expect(SourceDigest(of: try Fixtures.bytes("formats/dn_palette_trns_256.png")).kind == .photo)
    }

    @Test func anAPNGProbeTakesItsLengthAndFramesFromItsChunks() throws {
        let probe = VideoProbe(duration: nil, formatName: "apng",
                               streams: [VideoProbe.Stream(type: "video", codec: "apng", width: 8, height: 8, pixelFormat: "rgb24")])
        // ffprobe alone gives no frame count: without its chunks' timing it is taken as a still.
        #expect(probe.isStill)
        #expect(try probe.details().animation == false)
        let timed = probe.withPNGTiming(Self.apng([(1, 10), (1, 2)]))
        #expect(timed.isPicture && !timed.isStill && timed.video?.frames == 2)
        let details = try timed.details()
        #expect(details.animation && abs(details.duration - 0.6) < 1e-9)
        // Another container is left as it is.
        let mp4 = VideoProbe(duration: 2, formatName: "mov,mp4", streams: probe.streams)
        #expect(mp4.withPNGTiming(Self.apng([(1, 10), (1, 2)])) == mp4)
    }
}
