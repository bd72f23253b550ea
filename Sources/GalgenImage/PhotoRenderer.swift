import GalgenCore

/// The live render-images stage for every format galgen reads: the format is told from the
/// file's first bytes, never from its name, and its codec (`ImageCodecs`) renders it.
public enum PhotoRenderer {
    public static func make() -> ImageRenderer {
        ImageRenderer(
            render: { bytes, request in try ImageCodecs.codec(for: try format(of: bytes)).render(bytes, request) },
            peakBytes: { bytes, request in
                ImageFormat(signature: bytes).map { ImageCodecs.codec(for: $0).peakBytes(bytes, request) } ?? 0
            })
    }

    static func format(of bytes: [UInt8]) throws(ImageStageError) -> ImageFormat {
        guard !bytes.isEmpty else { throw ImageStageError(message: "the file is empty") }
        guard let format = ImageFormat(signature: bytes) else {
            // A file that starts like a JPEG but is cut short says so in JPEG terms.
            if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
            throw ImageStageError(message: "not a photo galgen reads (\(ImageFormat.supportedList)): its first bytes are none of theirs")
        }
        return format
    }
}
