import GalgenCore

/// An Atom feed (RFC 4287) as a value: the site's or one album's newest items. `xml` writes it.
///
/// Nothing in it comes from the clock: its `updated` is its newest entry's, and an entry's date is
/// when its photo was taken (or `FeedDate.unknown`), so a rebuild writes the same bytes.
public struct AtomFeed: Equatable, Sendable {
    /// A tag URI (`TagURI`), never changed by a rebuild.
    public var id: String
    public var title: String
    public var subtitle: String?
    /// The one feed-level author (so the entries need none of their own).
    public var author: String
    /// The feed's own address (`rel="self"`).
    public var selfURL: String
    /// The page it follows (`rel="alternate"`): the site's or the album's.
    public var pageURL: String
    /// "galgen 0.1.0": the name, then the version.
    public var generator: String
    /// A BCP 47 tag (`xml:lang`).
    public var language: String
    /// Newest first.
    public var entries: [AtomEntry]

    public init(id: String, title: String, subtitle: String? = nil, author: String, selfURL: String, pageURL: String,
                generator: String, language: String, entries: [AtomEntry]) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.author = author
        self.selfURL = selfURL
        self.pageURL = pageURL
        self.generator = generator
        self.language = language
        self.entries = entries
    }

    /// The newest entry's date; `FeedDate.unknown` when no entry has one.
    public var updated: CaptureTime { entries.compactMap(\.date).max() ?? FeedDate.unknown }
}

/// One item of a feed: a photo or a video, linked to its page, with its image.
public struct AtomEntry: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The caption.
    public var summary: String?
    /// When it was taken (`published` and `updated`); nil when not known.
    public var date: CaptureTime?
    /// Its own page, absolute.
    public var pageURL: String
    /// The image shown in the content and sent as the first enclosure (a video's poster).
    public var image: FeedMedia
    public var alt: String
    /// A video's MP4, the second enclosure, with its duration ("0:42").
    public var video: FeedMedia?
    public var duration: String?

    public init(id: String, title: String, summary: String? = nil, date: CaptureTime?, pageURL: String, image: FeedMedia,
                alt: String, video: FeedMedia? = nil, duration: String? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.date = date
        self.pageURL = pageURL
        self.image = image
        self.alt = alt
        self.video = video
        self.duration = duration
    }

    /// `updated`: when it was taken, else the fixed `FeedDate.unknown` (never the build's time).
    public var updated: CaptureTime { date ?? FeedDate.unknown }
}

/// A file an entry shows or encloses: where it is, its media type, size and bytes.
public struct FeedMedia: Equatable, Sendable {
    public var url: String
    public var type: String
    public var width: Int
    public var height: Int
    public var length: Int

    public init(url: String, type: String, width: Int, height: Int, length: Int) {
        self.url = url
        self.type = type
        self.width = width
        self.height = height
        self.length = length
    }
}

/// Atom's dates (RFC 3339) from capture times.
public enum FeedDate {
    /// An item whose date is not known: 1970-01-01T00:00:00Z, the instant readers show as "no
    /// date", fixed so that it never moves from build to build.
    public static let unknown = CaptureTime(milliseconds: 0, hasOffset: true)

    /// `2024-06-12T13:30:05Z`. A time recorded without its offset is read as UTC, as galgen
    /// orders it (`CaptureTime`); whole seconds, the year four digits.
    public static func rfc3339(_ time: CaptureTime) -> String {
        let seconds = time.milliseconds.floorDivided(by: 1000)
        let days = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: Int(days))
        let inDay = Int(seconds - days * 86_400)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(inDay / 3600, 2)):\(pad(inDay / 60 % 60, 2)):\(pad(inDay % 60, 2))Z"
    }
}
