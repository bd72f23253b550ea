import GalgenCore

/// An item of an album (a photo today): its entry, what was rendered, where its files go.
struct ShownImage {
    var image: GalleryImage
    var rendered: RenderedImage
    var planned: PlannedSource
    /// Where its original file is published, if it is.
    var original: String? = nil
    /// What plays beside its picture, as this album shows it (`Presenter.media(of:)`).
    var media: ItemMedia = .photo()
    /// A live item's motion file and where it is published.
    var motion: (file: VideoFile, path: String)? = nil

    /// The kind of item, which chooses its page (`Presenter.itemPage`).
    var kind: MediaKind { rendered.kind }

    /// Smallest first; never empty (photos without renditions are not shown).
    var renditions: [Rendition] { rendered.renditions.sorted { $0.width < $1.width } }
    var smallest: Rendition { renditions[0] }
    var largest: Rendition { renditions[renditions.count - 1] }
    /// The `src`: the first rendition at least 1000 px wide, else the largest.
    var main: Rendition { renditions.first { $0.width >= 1000 } ?? largest }

    /// A rendition's file, linked from `page`.
    func href(_ rendition: Rendition, from page: String) -> String {
        OutputLayout.href(from: page, to: planned.path(of: rendition))
    }

    /// One of a video's MP4s, linked from `page`.
    func href(_ file: VideoFile, from page: String) -> String {
        OutputLayout.href(from: page, to: planned.path(of: file))
    }

    /// "0:42" for a video with MP4s ("GIF" for an animation, whose length is no matter); nil for anything else.
    var duration: String? { media.video.flatMap { $0.files.isEmpty ? nil : $0.animation ? "GIF" : $0.durationText } }

    /// The fallback format's renditions as a `srcset`, linked from `page`.
    func srcset(from page: String) -> String { srcset(renditions, from: page) }

    /// One `<source>` per modern format (AVIF, WebP) that has renditions.
    func sources(from page: String) -> [PictureSourceViewModel] {
        rendered.alternates.filter { !$0.renditions.isEmpty }.map {
            PictureSourceViewModel(type: $0.format.mimeType, srcset: srcset($0.renditions, from: page))
        }
    }

    private func srcset(_ renditions: [Rendition], from page: String) -> String {
        renditions.sorted { $0.width < $1.width }.map { "\(href($0, from: page)) \($0.width)w" }.joined(separator: ", ")
    }

    /// Width over height, of the largest rendition (1 for a degenerate size).
    var aspect: Double { largest.height > 0 ? Double(largest.width) / Double(largest.height) : 1 }
}
