/// The render-images stage, passed in so the core stays free of libjpeg.
///
/// It is pure (bytes in, bytes out) but CPU-heavy; the live version lives in GalgenImage.
public struct ImageRenderer: Sendable {
    public var render: @Sendable (_ source: [UInt8], _ request: RenditionRequest) throws -> RenderedImage

    public init(render: @escaping @Sendable ([UInt8], RenditionRequest) throws -> RenderedImage) {
        self.render = render
    }
}

/// Every rendition of one source, smallest first, with the source's upright size.
public struct RenderedImage: Equatable, Sendable, Codable {
    public var width: Int
    public var height: Int
    public var renditions: [Rendition]
    /// Problems that did not stop the image (for example a truncated file).
    public var warnings: [String]
    /// A tiny data: URI the page shows while the image loads.
    public var placeholder: String?
    /// What the camera recorded, for the caption.
    public var facts: PhotoFacts

    public init(width: Int, height: Int, renditions: [Rendition], warnings: [String] = [],
                placeholder: String? = nil, facts: PhotoFacts = PhotoFacts()) {
        self.width = width
        self.height = height
        self.renditions = renditions
        self.warnings = warnings
        self.placeholder = placeholder
        self.facts = facts
    }
}

public struct Rendition: Equatable, Sendable, Codable {
    public var width: Int
    public var height: Int
    /// SHA-256 of the encoded file: its identity in the rendition store and its fingerprint in the site.
    public var digest: String
    public var byteCount: Int
    /// The encoded bytes while they are in memory; empty once the store keeps them.
    public var jpeg: [UInt8]

    /// A freshly encoded rendition.
    public init(width: Int, height: Int, jpeg: [UInt8]) {
        self.init(width: width, height: height, digest: ContentHash.hex(jpeg), byteCount: jpeg.count, jpeg: jpeg)
    }

    /// A rendition whose bytes are kept elsewhere (`jpeg` empty).
    public init(width: Int, height: Int, digest: String, byteCount: Int, jpeg: [UInt8] = []) {
        self.width = width
        self.height = height
        self.digest = digest
        self.byteCount = byteCount
        self.jpeg = jpeg
    }

    enum CodingKeys: String, CodingKey { case width, height, digest, byteCount }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try values.decode(Int.self, forKey: .width), height: try values.decode(Int.self, forKey: .height),
                  digest: try values.decode(String.self, forKey: .digest), byteCount: try values.decode(Int.self, forKey: .byteCount))
    }
}

/// The widths to make from a source `sourceWidth` wide: never wider than the source.
public enum RenditionWidths {
    public static func widths(requested: [Int], sourceWidth: Int) -> [Int] {
        let fitting = requested.filter { $0 < sourceWidth }
        let capped = requested.contains { $0 >= sourceWidth } ? [sourceWidth] : []
        return Array(Set(fitting + capped)).sorted()
    }
}
