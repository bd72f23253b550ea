import GalgenCore

/// Which items a feed holds, and in what order.
enum FeedOrder {
    /// A feed's image is the largest rendition no wider than this (readers show it in a column).
    static let imageWidth = 1200

    /// When an item was taken, for its feed: the date its file records, else one in its name;
    /// never the file's modification time, which a copy or a fresh checkout sets to the build's day.
    static func date(of item: ShownImage) -> CaptureTime? {
        item.rendered.metadata.captured ?? FileNameDate.parse(item.image.fileName)
    }

    /// An album's items, newest first. By date (for `sort: date` and `sort: name`): the newest
    /// taken first, those without a date last. With `sort: manual`, the order is the author's and
    /// the newest is the one listed last in gallery.yml (where a new photo is added), whether the
    /// page shows the list as written or `reverse:`d.
    static func newestFirst(_ shown: [ShownImage], order: PhotoOrder) -> [(item: ShownImage, date: CaptureTime?)] {
        let listedLastFirst = order.key == .manual && order.reverse ? shown : Array(shown.reversed())
        let dated = listedLastFirst.map { (item: $0, date: date(of: $0)) }
        guard order.key != .manual else { return dated }
        return dated.indices.sorted { a, b in
            switch (dated[a].date, dated[b].date) {
            case let (x?, y?) where x != y: x > y
            case (.some, nil): true
            case (nil, .some): false
            default: a < b
            }
        }.map { dated[$0] }
    }
}

/// The site feed's entries: the newest `limit` of the albums added so far, newest first by date
/// (those without one last), held as the build presents one album after another.
public struct NewestEntries: Sendable {
    public let limit: Int
    private var ranked: [(entry: AtomEntry, album: Int, rank: Int)] = []

    public init(limit: Int) {
        self.limit = limit
    }

    public var entries: [AtomEntry] { ranked.map(\.entry) }

    /// Album `album`'s entries, newest first (as `SitePresentation.feedEntries` gives them).
    public mutating func add(_ entries: [AtomEntry], album: Int) {
        guard !entries.isEmpty else { return }
        ranked += entries.enumerated().map { (entry: $0.element, album: album, rank: $0.offset) }
        ranked.sort { a, b in
            switch (a.entry.date, b.entry.date) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (a.album, a.rank) < (b.album, b.rank)
            }
        }
        if ranked.count > limit { ranked.removeLast(ranked.count - limit) }
    }
}
