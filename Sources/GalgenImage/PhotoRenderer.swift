import GalgenCore

/// The live render stage for every photo galgen reads (and every video's poster): the format is
/// told from the file's first bytes, never from its name, and its codec (`ImageCodecs`) renders
/// it. A video never reaches here: the pipeline gives it to the video tools (GalgenVideo).
public enum PhotoRenderer {
    public static func make() -> ImageRenderer {
        ImageRenderer(
            render: { bytes, request in
                let format = try format(of: bytes)
                guard let codec = ImageCodecs.codec(for: format) else {
                    // The pipeline gives a video to the video tools; bytes that reach here are no photo.
                    throw ImageStageError(message: "it is a video (\(format.identity.name)), not a photo")
                }
                return try codec.render(bytes, request)
            },
            peakBytes: { bytes, request in
                guard let format = ImageFormat(signature: bytes), let codec = ImageCodecs.codec(for: format) else { return 0 }
                return codec.peakBytes(bytes, request)
            },
            // Every format's metadata is read by the one walk over its blocks, without decoding.
            readMetadata: { bytes in ImageFormat(signature: bytes).flatMap { PhotoMetadataReader.read(bytes, format: $0) } })
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
