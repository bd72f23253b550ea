/// What one folder or glob entry brought in, and what it left out and why: the build prints it.
public struct FolderReport: Equatable, Sendable {
    /// Why files were left out; each kind is counted, with the first few names as examples.
    public enum Reason: Hashable, Sendable, Comparable {
        case hidden
        case excluded
        case notAnImage
        case unsupported(format: String)
        /// Left out by the walk: a symlink out of the allowed folders, a loop, an unreadable folder.
        case walk(String)

        /// Follows a count: "12 hidden", "1 not an image", "3 TIFF, which galgen cannot read yet".
        public func text(count: Int) -> String {
            switch self {
            case .hidden: "hidden"
            case .excluded: "left out by 'exclude'"
            case .notAnImage: count == 1 ? "not an image" : "not images"
            case let .unsupported(format): "\(format), which galgen cannot read yet"
            case let .walk(reason): "skipped as \(reason)"
            }
        }
    }

    public struct Skipped: Equatable, Sendable {
        public var reason: Reason
        public var count: Int
        /// A few of the files, relative to the entry's folder.
        public var examples: [String]
    }

    /// The entry as written (`photos/`, `photos/**/*.jpg`).
    public var entry: String
    public var location: SourceLocation
    public var photos: Int
    public var videos: Int
    public var skipped: [Skipped]

    public init(entry: String, location: SourceLocation, photos: Int, videos: Int = 0, skipped: [Skipped] = []) {
        self.entry = entry
        self.location = location
        self.photos = photos
        self.videos = videos
        self.skipped = skipped
    }

    /// The report of an entry that brought in `files` (names or paths; each counted as a photo
    /// or a video by its extension, as the folder walk chose it).
    public init(entry: String, location: SourceLocation, files: some Sequence<String>, skipped: [Skipped] = []) {
        let kinds = files.map { MediaKind(fileName: $0) }
        self.init(entry: entry, location: location, photos: kinds.count { $0 != .video }, videos: kinds.count { $0 == .video },
                  skipped: skipped)
    }

    static let exampleLimit = 3

    /// "312 photos and 4 videos; skipped 15 files: 12 TIFF, which galgen cannot read yet (a.tif,
    /// b.tif, c.tif…); 3 not images (notes.pdf…)"; nil when nothing was skipped.
    public var skippedText: String? {
        guard !skipped.isEmpty else { return nil }
        let total = skipped.reduce(0) { $0 + $1.count }
        let parts = skipped.map { entry in
            var text = "\(entry.count) \(entry.reason.text(count: entry.count))"
            if !entry.examples.isEmpty {
                text += " (" + entry.examples.joined(separator: ", ") + (entry.count > entry.examples.count ? "…" : "") + ")"
            }
            return text
        }
        return "\(broughtIn); skipped \(total) file\(total == 1 ? "" : "s"): " + parts.joined(separator: "; ")
    }

    /// "312 photos", "1 video", "7 photos and 3 videos": each kind named when there is one (photos when neither).
    public var broughtIn: String {
        let photoText = "\(photos) photo\(photos == 1 ? "" : "s")", videoText = "\(videos) video\(videos == 1 ? "" : "s")"
        switch (photos, videos) {
        case (_, 0): return photoText
        case (0, _): return videoText
        default: return photoText + " and " + videoText
        }
    }

    /// Tallies the reasons, in a fixed order.
    static func tally(_ reasons: [(Reason, String)], hidden: Int) -> [Skipped] {
        var byReason: [Reason: Skipped] = [:]
        for (reason, name) in reasons {
            var entry = byReason[reason] ?? Skipped(reason: reason, count: 0, examples: [])
            entry.count += 1
            if entry.examples.count < exampleLimit { entry.examples.append(name) }
            byReason[reason] = entry
        }
        if hidden > 0 { byReason[.hidden] = Skipped(reason: .hidden, count: hidden, examples: []) }
        return byReason.values.sorted { $0.reason < $1.reason }
    }
}
