import CLibWebP

extension WebPDecoder {
    /// Every frame of an animated WebP, composited on its canvas by WebPAnimDecoder, one at a
    /// time (`WebPFrame`: the canvas, valid only during the call). Refused before any pixel is
    /// decoded when the canvas has more than `maxPixels` pixels. Returns the frame count.
    ///
    /// ffmpeg (5.1, Debian 12) cannot decode an animated WebP: this is how galgen reads one to
    /// publish it as a video (`AnimationSource`).
    @discardableResult
    public static func eachFrame(_ bytes: [UInt8], maxPixels: Int,
                                 _ body: (WebPFrame) throws -> Void) throws -> Int {
        // A small first frame on a huge canvas is refused as a still is (`checkCanvas`).
        try checkCanvas(bytes, features: try features(bytes))
        return try bytes.withUnsafeBufferPointer { input in try withAnimationDecoder(input) { decoder, info in
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            guard width > 0, height > 0, width * height <= maxPixels else {
                throw WebPError(message: "its canvas has \(width * height) pixels (\(width)×\(height)), over max_pixels (\(maxPixels))")
            }
            guard Int(info.frame_count) * width * height <= maxAnimationPixels else {
                throw WebPError(message: "its \(info.frame_count) frames of \(width)×\(height) are over the "
                    + "gigapixel galgen decodes for one animation (about 500 frames of 1080p)")
            }
            var count = 0
            var previous = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                    throw WebPError(message: "frame \(count + 1) of its animation could not be decoded: the data is damaged or truncated")
                }
                // The timestamp is when the frame ends; a frame of no time is shown for none.
                try body(WebPFrame(rgba: UnsafeBufferPointer(start: canvas, count: width * height * 4), width: width, height: height,
                                   milliseconds: max(0, Int(timestamp) - previous), index: count, count: Int(info.frame_count)))
                previous = Int(timestamp)
                count += 1
            }
            return count
        } }
    }
}

extension WebPDecoder {
    /// The most pixels of all frames together that `eachFrame` decodes (each is written out
    /// before the next is decoded, so this bounds time and disk, not memory).
    public static let maxAnimationPixels = 1_000_000_000
}

/// One frame of an animation, composited on the canvas.
public struct WebPFrame {
    /// The canvas as RGBA, straight alpha, `width` × `height` × 4 bytes.
    public let rgba: UnsafeBufferPointer<UInt8>
    public let width: Int
    public let height: Int
    /// How long it is shown, as the file says (0 for a frame the file gives no time).
    public let milliseconds: Int
    /// Its place (from 0), and how many frames the file says it has.
    public let index: Int
    public let count: Int
}
