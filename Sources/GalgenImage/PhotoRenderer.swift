import GalgenCore
import GalgenJPEG

/// The live render-images stage for every format galgen reads: the format is told from the
/// file's first bytes, never from its name.
public enum PhotoRenderer {
    public static func make(decoder: JPEGDecoder = JPEGDecoder()) -> ImageRenderer {
        ImageRenderer(
            render: { bytes, request in
                let format = try format(of: bytes)
                var image = format == .jpeg ? try JPEGImageRenderer.render(bytes, request: request, decoder: decoder)
                    : try DecodedImageRenderer.render(bytes, format: format, request: request)
                image.sourceFormat = format
                return image
            },
            peakBytes: { bytes, request in
                switch ImageFormat(signature: bytes) {
                case .jpeg: JPEGImageRenderer.peakBytes(bytes, request: request)
                case let format?: DecodedImageRenderer.peakBytes(bytes, format: format, request: request)
                case nil: 0
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
