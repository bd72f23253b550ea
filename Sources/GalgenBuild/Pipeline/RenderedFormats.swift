import GalgenCore

/// A rendered image as the store keeps it, one entry per format, and as the page uses it, the
/// fallback format's renditions with the other formats beside them.
enum RenderedFormats {
    /// One image per format, each holding only that format's renditions (and the shared metadata).
    static func split(_ image: RenderedImage, formats: [OutputFormat]) -> [(OutputFormat, RenderedImage)] {
        let fallback = OutputFormat.fallback(of: formats)
        return formats.compactMap { format in
            var part = image
            part.alternates = []
            if format != fallback {
                guard let renditions = image.alternates.first(where: { $0.format == format })?.renditions else { return nil }
                part.renditions = renditions
            }
            return (format, part)
        }
    }

    /// The page's view of the kept formats: the fallback's image, the others as alternates in
    /// the order of `formats`. The pipeline calls it once every format is kept (`renderOne`
    /// refuses a render that lacks one), so the fallback is there.
    static func combine(_ parts: [OutputFormat: RenderedImage], formats: [OutputFormat]) -> RenderedImage {
        let fallback = OutputFormat.fallback(of: formats)
        guard var image = parts[fallback] ?? formats.lazy.compactMap({ parts[$0] }).first else {
            return RenderedImage(width: 0, height: 0, renditions: [])
        }
        image.alternates = OutputFormat.alternates(of: formats).compactMap { format in
            parts[format].map { RenditionsOfFormat(format: format, renditions: $0.renditions) }
        }
        return image
    }
}
