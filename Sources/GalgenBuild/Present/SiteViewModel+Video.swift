import GalgenCore

/// A video item's player: its poster (the poster's renditions are the item's `src`), its MP4s
/// as `<source>`s, best codec first, and a plain link for browsers that play none.
public struct VideoViewModel: ViewModel, Equatable, Sendable {
    public var poster: String
    /// The largest MP4's size: the `<video>`'s width and height (no layout shift).
    public var width: Int
    public var height: Int
    public var sources: [VideoSourceViewModel]
    /// The largest H.264 MP4, relative to the page.
    public var fallbackHref: String
    /// "0:42"
    public var duration: String
    /// "PT42S" (ISO 8601), for `<meta itemprop>` and feeds.
    public var durationISO: String
    /// "Video, 0:42": the accessible name's part that says what it is ("Animation" for one).
    public var label: String
    /// An animated GIF's MP4: plays by itself, muted, in a loop, with no controls but its button
    /// (paused under `prefers-reduced-motion` until pressed, by gallery.js).
    public var animation = false

    public static let fields: ViewModelFields<Self> = [
        .init("poster") { $0.poster },
        .init("width") { $0.width },
        .init("height") { $0.height },
        .init("sources") { $0.sources },
        .init("fallbackHref") { $0.fallbackHref },
        .init("duration") { $0.duration },
        .init("durationISO") { $0.durationISO },
        .init("label") { $0.label },
        .init("animation") { $0.animation },
    ]
}

/// One `<source>` of a `<video>`.
public struct VideoSourceViewModel: ViewModel, Equatable, Sendable {
    public var type: String
    public var src: String

    public static let fields: ViewModelFields<Self> = [
        .init("type") { $0.type },
        .init("src") { $0.src },
    ]
}

/// A Live Photo's (or Motion Photo's) motion: a short silent MP4 played in place of the still.
public struct LiveViewModel: ViewModel, Equatable, Sendable {
    public var src: String
    public var type: String
    public var width: Int
    public var height: Int

    public static let fields: ViewModelFields<Self> = [
        .init("src") { $0.src },
        .init("type") { $0.type },
        .init("width") { $0.width },
        .init("height") { $0.height },
    ]
}

extension Presenter {
    /// The player of a video item, linked from `page`; nil for a photo or a video with no MP4.
    static func videoModel(_ shown: ShownImage, page: String, labels: Labels = .standard) -> VideoViewModel? {
        guard let details = shown.media.video, !details.files.isEmpty else { return nil }
        let files = details.files
        let codecs = VideoCodec.allCases.filter { codec in files.contains { $0.codec == codec } }
        let largest = { (codec: VideoCodec) in files.filter { $0.codec == codec }.max { $0.height * $0.width < $1.height * $1.width } }
        let sources = codecs.compactMap { largest($0) }.map {
            VideoSourceViewModel(type: $0.codec.sourceType, src: shown.href($0, from: page))
        }
        guard let fallback = largest(VideoCodec.fallback(of: codecs)) ?? files.first else { return nil }
        return VideoViewModel(poster: shown.href(shown.main, from: page), width: fallback.width, height: fallback.height,
                              sources: sources, fallbackHref: shown.href(fallback, from: page), duration: details.durationText,
                              durationISO: "PT\(details.wholeSeconds)S",
                              label: details.animation ? labels.text("animation") : labels.text("videoDuration", ["duration": details.durationText]),
                              animation: details.animation)
    }

    /// A still's motion, linked from `page`.
    static func liveModel(_ shown: ShownImage, page: String) -> LiveViewModel? {
        guard let motion = shown.motion else { return nil }
        return LiveViewModel(src: OutputLayout.href(from: page, to: motion.path), type: motion.file.codec.sourceType,
                             width: motion.file.width, height: motion.file.height)
    }

    /// "0:42 · 1920 × 1080 · 30 fps · H.264 · 2023-07-14 18:32 · Apple iPhone 14": a video's line
    /// under its caption, the parts `groups` shows (`PhotoDetails.videoLine`).
    static func videoFactsLine(_ shown: ShownImage, _ labels: Labels = .standard, groups: Set<DetailGroup> = DetailGroup.all) -> String? {
        guard let details = shown.media.video else { return nil }
        return PhotoDetails.videoLine(details, facts: shown.rendered.facts, width: shown.rendered.width, height: shown.rendered.height,
                                      groups: groups, labels: labels)
    }
}
