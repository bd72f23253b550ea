import Foundation

/// The render-images stage, passed in so the core stays free of libjpeg.
///
/// It is pure (bytes in, bytes out) but CPU-heavy; the live version lives in GalgenImage.
public struct ImageRenderer: Sendable {
    public var render: @Sendable (_ source: [UInt8], _ request: RenditionRequest) throws -> RenderedImage
    /// What rendering this source will hold in memory at its peak, from its header: the build
    /// reserves it from the `MemoryBudget` first. Zero when unknown (a damaged header fails in `render`).
    public var peakBytes: @Sendable (_ source: [UInt8], _ request: RenditionRequest) -> Int
    /// The photo's metadata and camera facts read without decoding its pixels, for a kept
    /// rendering whose metadata an older reader read (`PhotoMetadata.isOutdated`); nil when it
    /// cannot be read so (then the photo is rendered again).
    public var readMetadata: @Sendable (_ source: [UInt8]) -> ReadMetadata?

    public init(render: @escaping @Sendable ([UInt8], RenditionRequest) throws -> RenderedImage,
                peakBytes: @escaping @Sendable ([UInt8], RenditionRequest) -> Int = { _, _ in 0 },
                readMetadata: @escaping @Sendable ([UInt8]) -> ReadMetadata? = { _ in nil }) {
        self.render = render
        self.peakBytes = peakBytes
        self.readMetadata = readMetadata
    }
}

/// What `ImageRenderer.readMetadata` reads from a photo without decoding it: its words, its
/// camera's facts and its position (for the build only, `RenderedImage.coordinates`).
public typealias ReadMetadata = (metadata: PhotoMetadata, facts: PhotoFacts, coordinates: GeoCoordinates?)

/// One encoding's renditions of a source, smallest first.
public struct RenditionsOfFormat: Equatable, Sendable, Codable {
    public var format: OutputFormat
    public var renditions: [Rendition]

    public init(format: OutputFormat, renditions: [Rendition]) {
        self.format = format
        self.renditions = renditions
    }
}

/// Every rendition of one source, smallest first, with the source's upright size.
public struct RenderedImage: Equatable, Sendable, Codable {
    public var width: Int
    public var height: Int
    /// The fallback format's renditions (JPEG unless `thumbnails.formats` leaves it out): the
    /// `<img>`, the thumbnails, the "Full size" link.
    public var renditions: [Rendition]
    /// The other formats' renditions, offered as `<source>`s in this order.
    public var alternates: [RenditionsOfFormat]
    /// Problems that did not stop the image (for example a truncated file).
    public var warnings: [String]
    /// A tiny data: URI the page shows while the image loads.
    public var placeholder: String?
    /// What the camera recorded, for the caption.
    public var facts: PhotoFacts {
        get { details.value.facts }
        set { details = details.with { $0.facts = newValue } }
    }
    /// When it was taken and the words written into it (for `sort: date`, titles and captions):
    /// read with the renditions and kept with them, so a rebuild never reads the file for it.
    public var metadata: PhotoMetadata {
        get { details.value.metadata }
        set { details = details.with { $0.metadata = newValue } }
    }
    /// Whether the file records where it was taken, from every metadata block in it
    /// (`LocationCheck`); nil when not known (a record kept before galgen read every block), so
    /// its original is never published on a guess.
    public var location: LocationCheck?
    /// The format told from the source's bytes: a published original takes its extension from
    /// it. Nil in a record kept before galgen noted it (such a photo is rendered again when
    /// originals are published).
    public var sourceFormat: ImageFormat?
    /// What plays beside the picture, if anything: the one value the stages after rendering
    /// switch on (`ItemMedia`). A video's renditions are its poster's; a live item's motion is
    /// never kept in the still's record (each build joins it again), its embedded range is.
    public var media: ItemMedia {
        get { details.value.media }
        set { details = details.with { $0.media = newValue } }
    }

    /// Where the photo was taken, from the same walk over its blocks as `location`
    /// (`LocationScanner.scan`): for the build only, never presented or published. Nil when no
    /// EXIF GPS block has a position, or in a record kept before galgen read it.
    public var coordinates: GeoCoordinates? {
        get { details.value.coordinates }
        set { details = details.with { $0.coordinates = newValue } }
    }

    /// The creator, copyright and licence written into every rendition's metadata (the request's
    /// `rights` over the file's own); empty when none was, or in a record kept before galgen wrote
    /// them (`carriesRights`).
    public var rightsWritten: RightsSettings {
        get { details.value.rightsWritten }
        set { details = details.with { $0.rightsWritten = newValue } }
    }

    /// Whether these renditions carry what `request` asks them to: a record kept before galgen wrote
    /// rights, of a photo whose file names its creator, is rendered again; one without is not.
    public func carriesRights(of request: RenditionRequest) -> Bool {
        rightsWritten == request.rights.resolved(with: metadata.rights)
    }

    /// The camera's facts, the words and the videos, behind one reference: they are most of the
    /// record's size (464 bytes inline, 136 with them boxed), and the tables of a build hold a
    /// record per item, twice (the store's records and the build's results).
    private var details: Box<Details>

    private struct Details: Equatable, Sendable {
        var facts: PhotoFacts
        var metadata: PhotoMetadata
        var media: ItemMedia
        var coordinates: GeoCoordinates?
        var rightsWritten = RightsSettings()

        /// A photo that records none (a scan, a screenshot, a picture saved from the web): one
        /// box serves every record of such photos (a merge's tables hold two records per photo).
        static let empty = Box(Details(facts: PhotoFacts(), metadata: PhotoMetadata(), media: .photo()))

        static func boxed(_ details: Details) -> Box<Details> {
            details == empty.value ? empty : Box(details)
        }
    }

    /// What kind of item it is, from its format's row in the format table (a record kept before
    /// galgen noted the format is a photo: nothing else was rendered then). The present stage asks
    /// this, never the format, to choose the item's page.
    public var kind: MediaKind {
        if case .video = media { return .video }
        return sourceFormat?.identity.mediaKind ?? .photo
    }

    public init(width: Int, height: Int, renditions: [Rendition], alternates: [RenditionsOfFormat] = [], warnings: [String] = [],
                placeholder: String? = nil, facts: PhotoFacts = PhotoFacts(), metadata: PhotoMetadata = PhotoMetadata(),
                location: LocationCheck? = LocationCheck.none, sourceFormat: ImageFormat? = nil) {
        self.width = width
        self.height = height
        self.renditions = renditions
        self.alternates = alternates
        self.warnings = warnings
        self.placeholder = placeholder
        self.details = Details.boxed(Details(facts: facts, metadata: metadata, media: .photo()))
        self.location = location
        self.sourceFormat = sourceFormat
    }
}

extension RenderedImage {
    enum CodingKeys: String, CodingKey {
        case width, height, renditions, alternates, warnings, placeholder, facts, metadata, location, sourceFormat, video, embeddedVideo
        case coordinates, rightsWritten
    }

    /// A placeholder as galgen makes them (`Placeholder`: a BMP of at most 4×4 pixels as a base64
    /// data URI, about 100 characters), or none: a record read from elsewhere (a shard's, or a
    /// cache someone edited) goes into `<img src>`, which must not take another kind of address.
    static func wellFormed(placeholder: String?) -> String? {
        let prefix = "data:image/bmp;base64,"
        guard let placeholder, placeholder.utf8.count <= 512, placeholder.hasPrefix(prefix) else { return nil }
        let base64 = String(placeholder.dropFirst(prefix.count))
        return !base64.isEmpty && Data(base64Encoded: base64) != nil ? placeholder : nil
    }

    /// A record written before metadata was kept reads as having none (and is re-read when its
    /// photo is rendered again), rather than failing the whole rendition record.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try values.decode(Int.self, forKey: .width), height: try values.decode(Int.self, forKey: .height),
                  renditions: try values.decode([Rendition].self, forKey: .renditions),
                  warnings: try values.decode([String].self, forKey: .warnings),
                  placeholder: Self.wellFormed(placeholder: try values.decodeIfPresent(String.self, forKey: .placeholder)),
                  facts: try values.decode(PhotoFacts.self, forKey: .facts),
                  metadata: try values.decodeIfPresent(PhotoMetadata.self, forKey: .metadata) ?? PhotoMetadata(),
                  // A record from before every block was read kept only a yes or no ("hasLocation"),
                  // which missed blocks: it reads as unknown.
                  location: try values.decodeIfPresent(LocationCheck.self, forKey: .location),
                  sourceFormat: try values.decodeIfPresent(ImageFormat.self, forKey: .sourceFormat))
        alternates = try values.decodeIfPresent([RenditionsOfFormat].self, forKey: .alternates) ?? []
        // The details made once, not a box per field set; shared when they are the empty ones.
        var details = details.value
        if let video = try values.decodeIfPresent(VideoDetails.self, forKey: .video) {
            details.media = .video(video)
        } else {
            details.media = .photo(embeddedMotion: try values.decodeIfPresent(Range<Int>.self, forKey: .embeddedVideo))
        }
        details.coordinates = try values.decodeIfPresent(GeoCoordinates.self, forKey: .coordinates)
        details.rightsWritten = try values.decodeIfPresent(RightsSettings.self, forKey: .rightsWritten) ?? RightsSettings()
        self.details = Details.boxed(details)
    }

    /// What the synthesized encoding wrote: every field, absent ones left out.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(width, forKey: .width)
        try values.encode(height, forKey: .height)
        try values.encode(renditions, forKey: .renditions)
        try values.encode(alternates, forKey: .alternates)
        try values.encode(warnings, forKey: .warnings)
        try values.encodeIfPresent(placeholder, forKey: .placeholder)
        try values.encode(facts, forKey: .facts)
        try values.encode(metadata, forKey: .metadata)
        try values.encodeIfPresent(location, forKey: .location)
        try values.encodeIfPresent(sourceFormat, forKey: .sourceFormat)
        try values.encodeIfPresent(media.video, forKey: .video)
        try values.encodeIfPresent(media.embeddedMotion, forKey: .embeddedVideo)
        try values.encodeIfPresent(coordinates, forKey: .coordinates)
        if !rightsWritten.isEmpty { try values.encode(rightsWritten, forKey: .rightsWritten) }
    }

    /// `location` as a yes or no: true when a place was found or could not be ruled out (the
    /// original is withheld), nil when not known. Setting true records an unnamed place.
    public var hasLocation: Bool? {
        get { location.map(\.withholds) }
        set { location = newValue.map { $0 ? .found("GPS coordinates") : LocationCheck.none } }
    }

    /// Every encoded file: the fallback's renditions, then each alternate format's.
    public var allRenditions: [Rendition] { renditions + alternates.flatMap(\.renditions) }
}

public struct Rendition: Equatable, Sendable, Codable {
    public var width: Int
    public var height: Int
    public var format: OutputFormat = .jpeg
    /// SHA-256 of the encoded file: its identity in the rendition store and its fingerprint in the site.
    public var digest: String
    public var byteCount: Int
    /// Where the encoded bytes are: in memory when just rendered, or at a path once a store keeps them.
    public var content: RenditionContent

    /// A freshly encoded rendition, held in memory.
    public init(width: Int, height: Int, jpeg: [UInt8]) {
        self.init(width: width, height: height, encoded: jpeg, format: .jpeg)
    }

    public init(width: Int, height: Int, encoded bytes: [UInt8], format: OutputFormat) {
        self.init(width: width, height: height, digest: ContentHash.hex(bytes), byteCount: bytes.count, content: .inMemory(bytes),
                  format: format)
    }

    public init(width: Int, height: Int, digest: String, byteCount: Int, content: RenditionContent, format: OutputFormat = .jpeg) {
        self.width = width
        self.height = height
        self.format = format
        self.digest = digest
        self.byteCount = byteCount
        self.content = content
    }

    /// The encoded bytes, when they are in memory.
    public var bytes: [UInt8]? {
        if case let .inMemory(bytes) = content { return bytes }
        return nil
    }

    /// The same rendition, its bytes kept at `path`.
    public func stored(at path: String) -> Rendition {
        Rendition(width: width, height: height, digest: digest, byteCount: byteCount, content: .stored(path: path), format: format)
    }

    // Only the description is encoded (a store's manifest); a store decodes its renditions with a
    // `RenditionLocator` in the decoder's userInfo, which says where the bytes of each digest are.
    enum CodingKeys: String, CodingKey { case width, height, digest, byteCount, format }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(width, forKey: .width)
        try values.encode(height, forKey: .height)
        try values.encode(digest, forKey: .digest)
        try values.encode(byteCount, forKey: .byteCount)
        if format != .jpeg { try values.encode(format, forKey: .format) }
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        guard let locator = decoder.userInfo[RenditionLocator.key] as? RenditionLocator else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a kept rendition is decoded by the store that keeps its bytes"))
        }
        let digest = try values.decode(String.self, forKey: .digest)
        let format = try values.decodeIfPresent(OutputFormat.self, forKey: .format) ?? .jpeg
        self.init(width: try values.decode(Int.self, forKey: .width), height: try values.decode(Int.self, forKey: .height),
                  digest: digest, byteCount: try values.decode(Int.self, forKey: .byteCount),
                  content: .stored(path: locator.path(digest, format)), format: format)
    }
}

/// Where a rendition's encoded bytes are.
public enum RenditionContent: Equatable, Sendable {
    /// Just encoded, not kept anywhere.
    case inMemory([UInt8])
    /// Kept by a rendition store at this path.
    case stored(path: String)
}

/// Tells a decoder where a store keeps the bytes of a rendition with a given digest and format.
public struct RenditionLocator: Sendable {
    public static let key = CodingUserInfoKey(rawValue: "galgen.renditionLocator")!
    public var path: @Sendable (_ digest: String, _ format: OutputFormat) -> String

    public init(path: @escaping @Sendable (String, OutputFormat) -> String) {
        self.path = path
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
