/// Files of an album that are one item: a Live Photo's still and its motion (`IMG_1234.HEIC` and
/// `IMG_1234.MOV` in the same folder), and a video and its poster (`clip.mp4` and `clip.mp4.jpg`).
/// Pure: decided from the local paths and their extensions (`MediaKind(fileName:)`).
public enum MediaPairing {
    /// The album's items with each pair made one: the still keeps its place and gains the video
    /// as its `motion` (dropped, motion and all, when `livePhotos` is false: the still only); a
    /// poster image leaves the list and becomes its video's `posterPath`. Remote items and
    /// items listed twice are left as they are.
    public static func pair(_ images: [GalleryImage], livePhotos: Bool) -> [GalleryImage] {
        let paths = images.map(localPath)
        var videosByPath: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            guard let path, MediaKind(fileName: path) == .video else { continue }
            videosByPath[path.lowercased()] = index
        }
        var result = images
        var posters = Set<Int>()
        for (index, path) in paths.enumerated() {
            guard let path, MediaKind(fileName: path) == .photo, let video = posterOwner(path).flatMap({ videosByPath[$0] }) else { continue }
            result[video].posterPath = path
            posters.insert(index)
        }
        // The same rule as pairs by content identifier, with the folder and name as the key.
        let remaining = result.indices.filter { !posters.contains($0) }
        let candidates = remaining.map { index in
            paths[index].flatMap { path in MediaKind(fileName: path).map { LivePairing.Candidate(isMotion: $0 == .video, key: stemKey(path)) } }
        }
        return LivePairing.pair(remaining.map { result[$0] }, livePhotos: livePhotos, candidates: candidates).images
    }

    /// How many Live Photos and videos' posters `pair` makes of these files (paths as one walk
    /// lists them): what `galgen init --from` says it found, by the build's own rule.
    public static func pairCounts(_ paths: [String]) -> (livePhotos: Int, posters: Int) {
        let location = SourceLocation(file: "", line: 0, column: 0)
        let images = paths.map { GalleryImage(source: .local(written: $0, resolved: $0), title: "", slug: "", location: location) }
        let paired = pair(images, livePhotos: true)
        return (paired.count { $0.motion != nil }, paired.count { $0.posterPath != nil })
    }

    private static func localPath(_ image: GalleryImage) -> String? {
        if case let .local(_, resolved) = image.source { resolved } else { nil }
    }

    /// `/a/IMG_1234.HEIC` → `/a/img_1234`: the folder and the name before its last dot.
    private static func stemKey(_ path: String) -> String {
        // By bytes (`/` and `.` are ASCII): a walk by `Character` cost a gallery of 10,000 a tenth of a second.
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex
        return path[..<dot].lowercased()
    }

    /// `/a/clip.mp4.jpg` → `/a/clip.mp4`: the video a poster image is named after, if its name says so.
    private static func posterOwner(_ path: String) -> String? {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")), MediaKind(fileName: path[..<dot]) == .video else { return nil }
        return String(path[..<dot]).lowercased()
    }
}
