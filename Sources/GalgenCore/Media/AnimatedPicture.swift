/// An animated PNG (APNG) or WebP, told from a still by its chunks: an APNG has an `acTL` chunk
/// before its image data and a frame control (`fcTL`) per frame, an animated WebP a `VP8X` chunk
/// with the animation flag and `ANMF` frames. Two frames or more make an item that plays,
/// published like an animated GIF (a silent MP4, `VideoDetails.animation`); one frame is a photo.
/// Pure: the bytes in, the answer out. The chunks are walked in place, one header at a time.
public enum AnimatedPicture {
    /// How many frames the animation in `bytes` has, when it is a PNG or WebP of two or more;
    /// nil for a still, any other format, or chunks too damaged to say.
    public static func frameCount(_ bytes: [UInt8]) -> Int? {
        let count: Int? = switch ImageFormat(signature: bytes.prefix(ImageFormat.signatureLength)) {
        case .png: pngTiming(bytes)?.frames
        case .webp: webpFrames(bytes)
        default: nil
        }
        return count.flatMap { $0 >= 2 ? $0 : nil }
    }

    /// A frame of this many seconds or less is shown for `shortFrameShownFor`, as browsers show
    /// a GIF's, an APNG's and a WebP's (ffmpeg is asked to, `FFmpegArguments.input`).
    public static let shortFrame = 0.010
    public static let shortFrameShownFor = 0.1

    /// A PNG's timing, from its `acTL` and `fcTL` chunks: the frames (those its `acTL`, which
    /// must come before the image data, announces and an `fcTL` describes) and the seconds they
    /// last, each frame's delay read as browsers and galgen's ffmpeg run read it (a zero
    /// denominator is hundredths; 10 ms or less, a zero delay too, is a tenth of a second).
    /// Nil for a PNG that is no animation.
    public static func pngTiming<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> (frames: Int, seconds: Double)?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var announced: Int?
        var seconds = 0.0
        var controls = 0
        var sawImage = false
        forEachPNGChunk(bytes) { type, payload in
            switch type {
            case "acTL" where payload.count == 8 && !sawImage:
                announced = Int(bigEndian32(bytes, payload.lowerBound))
            case "IDAT":
                sawImage = true
            case "fcTL" where payload.count >= 26 && announced != nil:
                let numerator = Double(bigEndian16(bytes, payload.lowerBound + 20))
                let denominator = Double(bigEndian16(bytes, payload.lowerBound + 22))
                let delay = numerator / (denominator == 0 ? 100 : denominator)
                seconds += delay <= shortFrame ? shortFrameShownFor : delay
                controls += 1
            default:
                break
            }
            return true
        }
        guard let announced, announced > 0, controls > 0 else { return nil }
        return (min(announced, controls), seconds)
    }

    /// An animated WebP's frame count: its `ANMF` chunks, when its `VP8X` chunk says it is animated.
    static func webpFrames(_ bytes: [UInt8]) -> Int? {
        var animated = false
        var frames = 0
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset ..< offset + 4], as: UTF8.self)
            let size = Int(littleEndian32(bytes, offset + 4))
            if type == "VP8X", offset + 8 < bytes.count { animated = bytes[offset + 8] & 0x02 != 0 }
            if type == "ANMF" { frames += 1 }
            guard animated || type == "VP8X" else { return nil }
            offset += 8 + size + (size & 1)
        }
        return animated ? frames : nil
    }

    /// Each chunk of a PNG after its signature, in order, to `body` (its type and the payload's
    /// range), up to IEND, the last whole chunk header, or `body` saying false.
    static func forEachPNGChunk<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ body: (String, Range<Int>) -> Bool)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var offset = bytes.startIndex + 8
        while offset + 8 <= bytes.endIndex {
            let length = Int(bigEndian32(bytes, offset))
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            guard body(type, offset + 8 ..< min(bytes.endIndex, offset + 8 + length)), type != "IEND",
                  length <= bytes.count else { return }
            offset += 12 + length
        }
    }

    private static func bigEndian32<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ at: Int) -> UInt32
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard at + 4 <= bytes.endIndex else { return 0 }
        return bytes[at ..< at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian16<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ at: Int) -> UInt16
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard at + 2 <= bytes.endIndex else { return 0 }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= bytes.count else { return 0 }
        return bytes[at ..< at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
