import GalgenCore

/// The table of codecs: each format galgen reads, and how. The one switch over `ImageFormat`
/// in the image stage: a new format is a codec file of its own and one row here.
enum ImageCodecs {
    /// Nil for a video's container, which ffmpeg reads (GalgenVideo).
    static func codec(for format: ImageFormat) -> ImageCodec? {
        switch format {
        case .jpeg: JPEGCodec.codec
        case .heif: HEIFCodec.heif
        case .avif: HEIFCodec.avif
        case .webp: WebPCodec.codec
        case .png: PNGCodec.codec
        case .jxl: JXLCodec.codec
        case .quickTime, .mp4, .matroska, .avi, .gif: nil
        }
    }

    /// How renditions are written in `format`.
    static func encoder(for format: OutputFormat) throws(ImageStageError) -> ImageEncoder {
        guard let encoder = codec(for: format.imageFormat)?.encoder else {
            throw ImageStageError(message: "galgen cannot write \(format.imageFormat.identity.name) renditions; "
                + "remove \(format.rawValue) from thumbnails.formats in gallery.yml")
        }
        return encoder
    }
}
