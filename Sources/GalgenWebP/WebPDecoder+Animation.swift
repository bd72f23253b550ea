import CLibWebP
import GalgenPixels

extension WebPDecoder {
    /// An animation's first frame, composited on its canvas by WebPAnimDecoder (a first frame may
    /// be a sub-rectangle, blended onto the transparent canvas), with a note saying the others are not used.
    static func firstFrame(_ input: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(WebPError) -> DecodedImage {
        do {
            return try withAnimationDecoder(input) { decoder, info in
                guard Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
                    throw WebPError(message: "its animation canvas is not the size its header gives (\(width)×\(height))")
                }
                var canvas: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                    throw WebPError(message: "the first frame of its animation could not be decoded: the data is damaged or truncated")
                }
                var image = split(UnsafeBufferPointer(start: canvas, count: width * height * 4), width: width, height: height)
                // A file flagged as animated with a single frame shows all there is: nothing to say.
                if info.frame_count > 1 {
                    image.notes.append("an animated WebP of \(info.frame_count) frames: the first frame is used")
                }
                return image
            }
        } catch let error as WebPError {
            throw error
        } catch {
            throw WebPError(message: "\(error)")
        }
    }

    /// libwebp's animation decoder over `input` (RGBA, on this thread) and its header, for `body`;
    /// deleted after it. WebPAnimDecoder reports a failure as a bare false, without a status code.
    static func withAnimationDecoder<Value>(_ input: UnsafeBufferPointer<UInt8>,
                                            _ body: (OpaquePointer, WebPAnimInfo) throws -> Value) throws -> Value {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw WebPError(message: "libwebp's animation decoder could not start") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: input.baseAddress, size: input.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw WebPError(message: "its animation could not be read: the chunks are damaged or the file is truncated")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw WebPError(message: "its animation's header could not be read") }
        return try body(decoder, info)
    }
}
