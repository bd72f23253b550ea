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
        var videosByStem: [String: Int] = [:]
        var videosByPath: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            guard let path, MediaKind(fileName: path) == .video else { continue }
            if videosByStem[stemKey(path)] == nil { videosByStem[stemKey(path)] = index }
            videosByPath[path.lowercased()] = index
        }
        var result = images
        var dropped = Set<Int>()
        for (index, path) in paths.enumerated() {
            guard let path, MediaKind(fileName: path) == .photo else { continue }
            if let video = posterOwner(path).flatMap({ videosByPath[$0] }) {
                result[video].posterPath = path
                dropped.insert(index)
            } else if let video = videosByStem[stemKey(path)], !dropped.contains(video), result[index].motion == nil {
                if livePhotos { result[index].motion = images[video].source }
                dropped.insert(video)
            }
        }
        return result.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    private static func localPath(_ image: GalleryImage) -> String? {
        if case let .local(_, resolved) = image.source { resolved } else { nil }
    }

    /// `/a/IMG_1234.HEIC` → `/a/img_1234`: the folder and the name before its last dot.
    private static func stemKey(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let folder = path.dropLast(name.count)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return (folder + stem).lowercased()
    }

    /// `/a/clip.mp4.jpg` → `/a/clip.mp4`: the video a poster image is named after, if its name says so.
    private static func posterOwner(_ path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), MediaKind(fileName: path[..<dot]) == .video else { return nil }
        return String(path[..<dot]).lowercased()
    }
}
