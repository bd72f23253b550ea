import GalgenCore

/// The live render stage for every item galgen reads: the format is told from the file's first
/// bytes, never from its name; its media kind (from the format table) says how the item is
/// rendered, and for a photo its codec (`ImageCodecs`) renders it.
public enum PhotoRenderer {
    public static func make() -> ImageRenderer {
        ImageRenderer(
            render: { bytes, request in
                let format = try format(of: bytes)
                switch format.identity.mediaKind {
                case .photo: return try ImageCodecs.codec(for: format).render(bytes, request)
                }
            },
            peakBytes: { bytes, request in
                guard let format = ImageFormat(signature: bytes) else { return 0 }
                switch format.identity.mediaKind {
                case .photo: return ImageCodecs.codec(for: format).peakBytes(bytes, request)
                }
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
