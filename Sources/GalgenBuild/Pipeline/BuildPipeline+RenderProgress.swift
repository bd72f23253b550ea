import GalgenCore

/// A source to render, with its file's size (to start the largest first) and its estimated work
/// (`RenderWeight`, for the progress bar's time left).
struct WeighedSource: Sendable {
    var planned: PlannedSource
    var size: Int?
    var weight: Int
}

extension BuildPipeline {
    /// Each source with its estimated work from its file's size (`sizes`, in the same order):
    /// every format of `request`, as if none were kept. A kept item then takes far less than its
    /// weight, but so, likely, do the items still to come: the time left is the weight left at
    /// the rate so far, which carries the build's share of kept items forward.
    func weighed(_ sources: [PlannedSource], sizes: [Int?], request: RenditionRequest) -> [WeighedSource] {
        // One lookup per extension, not per photo: the format table is walked by name.
        var kinds: [Substring: RenderWeight] = [:]
        return zip(sources, sizes).map { planned, size in
            let name = planned.source.description
            let suffix = name.lastIndex(of: ".").map { name[$0...] } ?? ""
            let kind = kinds[suffix] ?? {
                let kind = RenderWeight(format: RenderWeight.format(ofName: name), widths: request.widths, formats: request.formats)
                kinds[suffix] = kind
                return kind
            }()
            return WeighedSource(planned: planned, size: size, weight: kind.of(size: size))
        }
    }
}
