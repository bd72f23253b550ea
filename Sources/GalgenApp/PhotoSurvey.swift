import GalgenCore

/// What `galgen init --from` found under a folder, counted from its listing: pure, for the
/// decision of what to write and for the message. Photos and videos are both items of an album
/// (`MediaKind`), counted apart for the message.
struct PhotoSurvey: Equatable, Sendable {
    /// Photos galgen reads, anywhere under the folder.
    var photos = 0
    /// Videos galgen reads, anywhere under the folder.
    var videos = 0
    /// Photos and videos directly in the folder itself.
    var itemsAtTop = 0
    /// How many folders (the folder itself included) directly hold photos or videos.
    var foldersWithItems = 0
    /// Images galgen cannot read yet, by format (`TIFF`), most first.
    var unsupported: [FormatCount] = []
    /// Files that are neither photos, videos nor the sidecars of either.
    var others = 0
    /// Entries the walk left out (a symlink out of the folders, a site galgen built…), and why.
    var walkSkips = 0
    var walkReasons: [String] = []
    /// Hidden entries, not looked into.
    var hidden = 0
    /// Photos and videos that are one item (`MediaPairing`): a Live Photo's still and movie, a
    /// video and its poster image.
    var livePhotos = 0
    var posters = 0

    init(_ listing: FolderListing) {
        var folders = Set<String>()
        var formats: [String: Int] = [:]
        var candidates: [String] = []
        var media: [String] = []
        for file in listing.files {
            let (folder, name) = Self.split(file.relative)
            switch FileKind(fileName: name) {
            case let .media(kind):
                switch kind {
                case .photo: photos += 1
                case .video: videos += 1
                }
                media.append(file.relative)
                if folder.isEmpty { itemsAtTop += 1 }
                folders.insert(folder)
                candidates += Sidecar.candidates(for: name).map { folder.isEmpty ? $0 : folder + "/" + $0 }
            case let .unsupported(format):
                formats[format, default: 0] += 1
            case .other:
                continue
            }
        }
        let sidecars = Set(candidates)
        others = listing.files.filter {
            FileKind(fileName: Self.split($0.relative).name) == .other && !sidecars.contains($0.relative)
        }.count
        foldersWithItems = folders.count
        (livePhotos, posters) = MediaPairing.pairCounts(media)
        unsupported = formats.map { FormatCount(format: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.format < $1.format }
        walkSkips = listing.skipped.count
        walkReasons = Array(Set(listing.skipped.map(\.reason))).sorted()
        hidden = listing.hidden
    }

    struct FormatCount: Equatable, Sendable {
        var format: String
        var count: Int
    }

    /// Photos and videos together: what becomes the gallery's items.
    var items: Int { photos + videos }

    /// Items in subfolders and none beside them: each folder is an album.
    var isAlbums: Bool { items > 0 && itemsAtTop == 0 }

    /// "7 photos and 3 videos", "1 photo", "1 video": what was found, each kind named only when found.
    var itemsText: String {
        let photoText = "\(photos) \(photos == 1 ? "photo" : "photos")", videoText = "\(videos) \(videos == 1 ? "video" : "videos")"
        switch (photos, videos) {
        case (_, 0): return photoText
        case (0, _): return videoText
        default: return photoText + " and " + videoText
        }
    }

    /// "4 photos and 4 videos in 2 folders", "1 photo": what was found, and where when in more than one folder.
    var itemsWhere: String {
        itemsText + (foldersWithItems > 1 ? " in \(foldersWithItems) folders" : "")
    }

    /// What of those files galgen shows as one item, or nil: "1 of the videos is a Live Photo's
    /// movie, which plays in its photo's place", "2 of the photos are videos' posters".
    var pairsText: String? {
        var parts: [String] = []
        if livePhotos > 0 {
            parts.append(livePhotos == 1 ? "1 of the videos is a Live Photo's movie, which plays in its photo's place"
                : "\(livePhotos) of the videos are Live Photos' movies, each played in its photo's place")
        }
        if posters > 0 {
            parts.append(posters == 1 ? "1 of the photos is a video's poster (clip.mp4.jpg beside clip.mp4)"
                : "\(posters) of the photos are videos' posters (clip.mp4.jpg beside clip.mp4)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `12 TIFF files, which galgen cannot read yet, and 3 other files`, or nil when nothing was left out.
    var leftOut: String? {
        var parts: [String] = []
        if !unsupported.isEmpty {
            parts.append(Self.list(unsupported.map { "\($0.count) \($0.format) \(Self.files($0.count))" })
                + ", which galgen cannot read yet")
        }
        if others > 0 { parts.append("\(others) other \(Self.files(others))") }
        if walkSkips > 0 {
            parts.append("\(walkSkips) \(walkSkips == 1 ? "entry" : "entries") left out as \(walkReasons.joined(separator: " or "))")
        }
        guard let last = parts.last else { return nil }
        guard parts.count > 1 else { return last }
        // A comma closes the "which" clause before the last part.
        return parts.dropLast().joined(separator: ", ") + (unsupported.isEmpty ? " and " : ", and ") + last
    }

    static func files(_ count: Int) -> String { count == 1 ? "file" : "files" }

    static func list(_ parts: [String]) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }

    static func split(_ relative: String) -> (folder: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }
}
