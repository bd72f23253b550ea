/// An animated PNG (APNG) or WebP, told from a still by its chunks: an APNG has an `acTL` chunk
/// before its image data, an animated WebP a `VP8X` chunk with the animation flag and `ANMF`
/// frames. Two frames or more make an item that plays, published like an animated GIF (a silent
/// MP4, `VideoDetails.animation`); one frame is a photo. Pure: the bytes in, the answer out.
public enum AnimatedPicture {
    /// How many frames the animation in `bytes` has, when it is a PNG or WebP of two or more;
    /// nil for a still, any other format, or chunks too damaged to say.
    public static func frameCount(_ bytes: [UInt8]) -> Int? {
        let count: Int? = switch ImageFormat(signature: bytes.prefix(ImageFormat.signatureLength)) {
        case .png: pngFrames(bytes)
        case .webp: webpFrames(bytes)
        default: nil
        }
        return count.flatMap { $0 >= 2 ? $0 : nil }
    }

    /// A PNG's timing, from its `acTL` and `fcTL` chunks: the frame count and the seconds they
    /// last, each frame's delay read as ffmpeg's APNG reader reads it (a zero denominator is
    /// hundredths, a zero delay a fifteenth of a second). Nil for a PNG that is no animation.
    public static func pngTiming(_ bytes: [UInt8]) -> (frames: Int, seconds: Double)? {
        var frames: Int?
        var seconds = 0.0
        var controls = 0
        for (type, payload) in pngChunks(bytes) {
            switch type {
            case "acTL" where payload.count >= 8:
                frames = Int(bigEndian32(bytes, payload.lowerBound))
            case "fcTL" where payload.count >= 26:
                let numerator = Int(bigEndian16(bytes, payload.lowerBound + 20))
                let denominator = Int(bigEndian16(bytes, payload.lowerBound + 22))
                seconds += numerator == 0 ? 1.0 / 15 : Double(numerator) / Double(denominator == 0 ? 100 : denominator)
                controls += 1
            default:
                continue
            }
        }
        guard let frames, frames > 0, controls > 0 else { return nil }
        return (min(frames, controls), seconds)
    }

    /// An APNG's frame count from its `acTL` chunk, which must come before the first `IDAT`.
    static func pngFrames(_ bytes: [UInt8]) -> Int? {
        for (type, payload) in pngChunks(bytes) {
            if type == "IDAT" { return nil }
            if type == "acTL", payload.count >= 8 { return Int(bigEndian32(bytes, payload.lowerBound)) }
        }
        return nil
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

    /// A PNG's chunks after its signature: type and the payload's range, up to IEND or the last
    /// whole chunk header.
    static func pngChunks(_ bytes: [UInt8]) -> [(String, Range<Int>)] {
        var chunks: [(String, Range<Int>)] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            let end = min(bytes.count, offset + 8 + length)
            chunks.append((type, offset + 8 ..< end))
            if type == "IEND" || length > bytes.count { break }
            offset += 12 + length
        }
        return chunks
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= bytes.count else { return 0 }
        return bytes[at ..< at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= bytes.count else { return 0 }
        return bytes[at ..< at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
