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

    /// The plan with these videos as Live Photos' motions: paired by their content identifier
    /// once they were looked up (`LivePairing`), after planning.
    public func with(motions: Set<ImageSource>) -> BuildPlan {
        var plan = self
        for index in plan.sources.indices where motions.contains(plan.sources[index].source) {
            plan.sources[index].video.isMotion = true
        }
        return plan
    }
}

/// One source image, where it is listed, and the output path stem its renditions share (from the layout).
public struct PlannedSource: Equatable, Sendable {
    public var source: ImageSource
    /// `images/beach` → `images/beach-400.jpg`, `images/beach-1600.jpg`.
    public var outputStem: String
    /// Where the source is first listed, for messages.
    public var location: SourceLocation
    /// For a video: where its poster comes from, and whether it is a Live Photo's motion.
    public var video = VideoItemOptions()
    /// The `rights:` its renditions carry (`Planner.renditionRights`).
    public var rights = RightsSettings()
    /// The mark over its larger renditions (`Planner.renditionRights`, from the same listing); nil for none.
    public var watermark: Watermark?
}

/// The plan stage: gallery → plan. Pure.
public enum Planner {
    public static func plan(_ gallery: Gallery) -> BuildPlan {
        let layout = OutputLayout(gallery)
        var seen: Set<ImageSource> = []
        var sources: [PlannedSource] = []
        let listing = renditionRights(gallery)
        for image in gallery.allImages {
            let (rights, watermark) = listing[image.source] ?? (RightsSettings(), nil)
            if seen.insert(image.source).inserted, let stem = layout.renditionStem(of: image.source) {
                let options = VideoItemOptions(posterTime: image.posterTime, posterFile: image.posterPath)
                sources.append(PlannedSource(source: image.source, outputStem: stem, location: image.location, video: options,
                                             rights: rights, watermark: watermark))
            }
            // A Live Photo's motion is published beside its still, named after it (its poster is never shown: no mark).
            if let motion = image.motion, seen.insert(motion).inserted, let stem = layout.renditionStem(of: image.source) {
                sources.append(PlannedSource(source: motion, outputStem: stem + "-live", location: image.location,
                                             video: VideoItemOptions(isMotion: true), rights: rights))
            }
        }
        return BuildPlan(sources: sources, request: gallery.thumbnails, layout: layout)
    }

    /// The `rights:` each source's renditions carry, and the `watermark:` laid over them: one set
    /// of files serves every album that lists it, so they carry the rights and mark of its most
    /// public listing (a public album's before an unlisted one's before a private one's, then the
    /// first), the photo's own over its album's over the site's. A private album's words never
    /// reach a file that is published in the clear.
    static func renditionRights(_ gallery: Gallery) -> [ImageSource: (RightsSettings, Watermark?)] {
        func openness(_ album: Album) -> Int { album.privateAccess != nil ? 2 : album.unlisted ? 1 : 0 }
        var listing: [ImageSource: (RightsSettings, Watermark?)] = [:]
        for album in gallery.albums.enumerated().sorted(by: { (openness($0.element), $0.offset) < (openness($1.element), $1.offset) })
            .map(\.element) {
            for image in album.images where listing[image.source] == nil {
                listing[image.source] = (image.rights.over(album.rights.over(gallery.rights)),
                                         image.watermark.over(album.watermark.over(gallery.watermark)).resolved(gallery.watermarkImages))
            }
        }
        return listing
    }
}

extension PlannedSource {
    /// Where this source's rendition goes in the site.
    public func path(of rendition: Rendition) -> String {
        OutputLayout.rendition(stem: outputStem, width: rendition.width, digest: rendition.digest, format: rendition.format)
    }
}

extension PlannedSource {
    /// Where one of this video's MP4s goes in the site.
    public func path(of file: VideoFile) -> String {
        OutputLayout.video(stem: outputStem, file: file)
    }

    /// Where a Motion Photo's motion, kept in the still's own file, goes: beside the still.
    public func motionPath(of file: VideoFile) -> String {
        OutputLayout.video(stem: outputStem + "-live", file: file)
    }
}

extension BuildPlan {
    /// What one item's renditions are made to: the gallery's request, with the rights they carry
    /// and the mark laid over them.
    public func request(for planned: PlannedSource) -> RenditionRequest {
        var itemRequest = request
        itemRequest.rights = planned.rights
        itemRequest.watermark = planned.watermark
        return itemRequest
    }
}
