import CLibWebP

extension WebPDecoder {
    /// An animation's canvas may hold at most this many times its first frame's pixels (or
    /// `smallCanvasPixels`, whatever its frame): the first frame is composited on the whole canvas,
    /// so the canvas decides the memory, and a tiny frame on a huge canvas (136 bytes asking for
    /// 14000×14000) would cost gigabytes for 256 pixels of picture.
    static let canvasPerFramePixels = 4

    /// A canvas this small is decoded whatever its first frame (a sticker whose first frame is a
    /// small mark on a transparent square): it costs what a small photo costs.
    static let smallCanvasPixels = 1 << 20

    /// Throws when the file is an animation whose canvas is too large for its first frame; reads
    /// only the chunk headers (libwebp's demuxer, which takes a truncated file as far as it goes).
    /// A file whose first frame cannot be found is left to the decoder, which refuses it before
    /// it allocates any canvas.
    static func checkCanvas(_ bytes: [UInt8], features: WebPBitstreamFeatures) throws(WebPError) {
        guard features.has_animation != 0 else { return }
        let canvas = (Int(features.width), Int(features.height))
        guard canvas.0 * canvas.1 > smallCanvasPixels, let frame = firstFrameSize(bytes) else { return }
        guard canvas.0 * canvas.1 > canvasPerFramePixels * frame.0 * frame.1 else { return }
        throw WebPError(message: "its animation's canvas is \(canvas.0)×\(canvas.1) but its first frame only \(frame.0)×\(frame.1): "
            + "galgen composites every frame on its canvas, and refuses a canvas of more than \(canvasPerFramePixels) times "
            + "its first frame (or \(smallCanvasPixels) pixels), which would take memory for nothing; "
            + "export it again with a canvas the size of its frames (or as a GIF or MP4)")
    }

    /// The first frame's width and height as its ANMF chunk gives them, or nil.
    private static func firstFrameSize(_ bytes: [UInt8]) -> (Int, Int)? {
        bytes.withUnsafeBufferPointer { input -> (Int, Int)? in
            var data = WebPData(bytes: input.baseAddress, size: input.count)
            var state = WEBP_DEMUX_PARSING_HEADER
            guard let demuxer = WebPDemuxInternal(&data, 1, &state, WEBP_DEMUX_ABI_VERSION) else { return nil }
            defer { WebPDemuxDelete(demuxer) }
            var iterator = WebPIterator()
            defer { WebPDemuxReleaseIterator(&iterator) }
            guard WebPDemuxGetFrame(demuxer, 1, &iterator) != 0, iterator.width > 0, iterator.height > 0 else { return nil }
            return (Int(iterator.width), Int(iterator.height))
        }
    }
}
