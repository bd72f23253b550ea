/// What an item of an album is beyond its picture: the one value the stages after rendering
/// switch on (`RenderedImage.media`). Every item has a picture (a photo's renditions, a video's
/// poster); this says what plays beside it.
///
/// - a photo (a Motion Photo's still, until its motion is made, knows where its MP4 is);
/// - a video, whose picture is its poster;
/// - a live item: a still with its motion made, from the MP4 inside it (a Motion Photo) or from a
///   movie paired with it (a Live Photo, by name or by content identifier, `LivePairing`).
public enum ItemMedia: Equatable, Sendable {
    /// `embeddedMotion`: a Motion Photo's MP4, appended to the still's file at these bytes.
    case photo(embeddedMotion: Range<Int>? = nil)
    case video(VideoDetails)
    case live(LiveMotion)

    /// A video's details; nil for a photo or a live item.
    public var video: VideoDetails? {
        if case let .video(details) = self { return details }
        return nil
    }

    /// A live item's motion; nil otherwise.
    public var motion: LiveMotion? {
        if case let .live(motion) = self { return motion }
        return nil
    }

    /// Where a Motion Photo's MP4 is in the still's file, whether its motion is made or not.
    public var embeddedMotion: Range<Int>? {
        switch self {
        case let .photo(range): range
        case let .live(motion): motion.embedded
        case .video: nil
        }
    }

    /// An MP4 made for this item: a video's own, or a live item's motion when `isMotion`. False
    /// when the item has nowhere to take it.
    package mutating func add(_ file: VideoFile, isMotion: Bool) -> Bool {
        switch self {
        case var .video(details) where !isMotion:
            details.files.append(file)
            self = .video(details)
        case var .live(motion) where isMotion:
            motion.details.files.append(file)
            self = .live(motion)
        default:
            return false
        }
        return true
    }
}

/// A live item's motion: a short silent MP4 played in place of the still.
public struct LiveMotion: Equatable, Sendable {
    public var details: VideoDetails
    /// Whose files they are: the still's own (a Motion Photo's MP4, at these bytes of its file,
    /// published beside the still) or a movie paired with it (published where the plan puts it).
    public var origin: Origin

    public enum Origin: Equatable, Sendable {
        case embedded(Range<Int>)
        case movie(ImageSource)
    }

    public init(details: VideoDetails, origin: Origin) {
        self.details = details
        self.origin = origin
    }

    package var embedded: Range<Int>? {
        if case let .embedded(range) = origin { return range }
        return nil
    }

    /// The MP4 the still plays: its motion's smallest H.264 (a motion has one; a video that is
    /// also shown on its own in another album has its heights and codecs).
    public var file: VideoFile? {
        details.files.filter { $0.codec == .h264 }.min { $0.height < $1.height } ?? details.files.first
    }
}
