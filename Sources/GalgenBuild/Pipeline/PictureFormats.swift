import GalgenCore

/// The per-format cache steps every picture takes, a photo's renditions and a video's poster
/// alike: one `RenditionKey` per format of the request, what the store keeps of them, the formats
/// left to render, and a rendering split into its formats, each checked and kept.
struct PictureFormats {
    let formats: [OutputFormat]
    let keys: [OutputFormat: String]
    /// What the store holds, by format (a photo may drop or refresh some before rendering).
    var kept: [OutputFormat: RenderedImage]

    /// `generator` is what made the picture (galgen's version; for a poster, with its frame's settings).
    init(request: RenditionRequest, sourceDigest: String, generator: String, store: RenditionStore) {
        formats = request.formats
        keys = Dictionary(uniqueKeysWithValues: request.formats.map { format in
            (format, RenditionKey.make(sourceDigest: sourceDigest, request: request, generator: generator, format: format))
        })
        kept = keys.compactMapValues { store.lookup($0) }
    }

    /// The request's formats the store does not keep, in the request's order.
    var missing: [OutputFormat] { formats.filter { kept[$0] == nil } }

    /// Every key, in the request's order.
    var orderedKeys: [String] { formats.compactMap { keys[$0] } }

    /// The kept formats as the page uses them (`RenderedFormats.combine`).
    var combined: RenderedImage { RenderedFormats.combine(kept, formats: formats) }

    /// `image`, rendered for `rendered`, split into its formats and kept in `store`; a format
    /// the rendering lacks is a failure, not a gap in the page.
    mutating func keep(_ image: RenderedImage, rendered: [OutputFormat], in store: RenditionStore) throws(KeepFailure) {
        let parts = RenderedFormats.split(image, formats: rendered)
        if let lacking = rendered.first(where: { format in !parts.contains { $0.0 == format } }) {
            throw .notRendered(lacking)
        }
        do {
            for (format, part) in parts {
                guard let key = keys[format] else { continue }
                kept[format] = try store.keep(key, part)
            }
        } catch {
            throw .notKept("\(error)")
        }
    }

    enum KeepFailure: Error, CustomStringConvertible {
        case notRendered(OutputFormat)
        case notKept(String)

        var description: String {
            switch self {
            case let .notRendered(format): "the renderer made no \(format.rawValue) renditions"
            case let .notKept(reason): "cannot keep its renditions in the cache: \(reason)"
            }
        }
    }
}
