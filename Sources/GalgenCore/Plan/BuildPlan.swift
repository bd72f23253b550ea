/// What a build will make: each distinct source once, and where every file goes.
public struct BuildPlan: Equatable, Sendable {
    public private(set) var sources: [PlannedSource]
    public var request: RenditionRequest
    /// The one place that knows every output path.
    public var layout: OutputLayout
    private var index: [ImageSource: Int]

    public init(sources: [PlannedSource], request: RenditionRequest, layout: OutputLayout) {
        self.sources = sources
        self.request = request
        self.layout = layout
        self.index = Dictionary(sources.enumerated().map { ($1.source, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The planned outputs of `source`, or nil if it is not part of the plan.
    public func planned(_ source: ImageSource) -> PlannedSource? {
        index[source].map { sources[$0] }
    }
}

/// One source image, where it is listed, and the output path stem its renditions share (from the layout).
public struct PlannedSource: Equatable, Sendable {
    public var source: ImageSource
    /// `images/beach` → `images/beach-400.jpg`, `images/beach-1600.jpg`.
    public var outputStem: String
    /// Where the source is first listed, for messages.
    public var location: SourceLocation
}

/// The plan stage: gallery → plan. Pure.
public enum Planner {
    public static func plan(_ gallery: Gallery) -> BuildPlan {
        let layout = OutputLayout(gallery)
        var seen: Set<ImageSource> = []
        var sources: [PlannedSource] = []
        for image in gallery.allImages where seen.insert(image.source).inserted {
            guard let stem = layout.renditionStem(of: image.source) else { continue }
            sources.append(PlannedSource(source: image.source, outputStem: stem, location: image.location))
        }
        return BuildPlan(sources: sources, request: gallery.thumbnails, layout: layout)
    }
}

extension PlannedSource {
    /// Where this source's rendition goes in the site.
    public func path(of rendition: Rendition) -> String {
        OutputLayout.rendition(stem: outputStem, width: rendition.width, digest: rendition.digest, format: rendition.format)
    }
}
