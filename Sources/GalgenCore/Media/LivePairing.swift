/// A Live Photo whose still and motion are named apart (`IMG_1234.HEIC`, `IMG_1234 (1).MOV`),
/// found by the content identifier both carry: the still gains the video as its `motion`, and
/// the video leaves the album (with `live_photos: false` too: the still only). Pure.
///
/// Decided once per build, after every item is looked up or made and before any MP4 is
/// encoded (`BuildPipeline.pairLivePhotos`), so such a video is encoded as a motion, not as a
/// video of its own. Pairs by name follow the same rule (`pair(_:livePhotos:candidates:)`) with
/// the name as the key, earlier, in the folder walk (`MediaPairing`): names are known before
/// anything is read, so the plan knows those motions from the start. A Motion Photo carries its
/// motion inside its still.
public enum LivePairing {
    /// What the build knows of one item once it is looked up.
    public struct Identity: Equatable, Sendable {
        public var contentIdentifier: String?
        public var isVideo: Bool
        /// A still that has a motion already (paired by name, or a Motion Photo's own).
        public var hasMotion: Bool

        public init(contentIdentifier: String?, isVideo: Bool, hasMotion: Bool = false) {
            self.contentIdentifier = contentIdentifier
            self.isVideo = isVideo
            self.hasMotion = hasMotion
        }
    }

    /// The gallery with each album's pairs made one, and the videos that are only motions now
    /// (they left every album they were in). `identity` is nil for an item not looked up (failed).
    public static func pair(_ gallery: Gallery, identity: (ImageSource) -> Identity?) -> (gallery: Gallery, motions: Set<ImageSource>) {
        var paired = gallery
        var appearances: [ImageSource: Int] = [:]
        var departures: [ImageSource: Int] = [:]
        for index in paired.albums.indices {
            let images = paired.albums[index].images
            for image in images where identity(image.source)?.isVideo == true { appearances[image.source, default: 0] += 1 }
            let (kept, left) = pair(images, livePhotos: gallery.thumbnails.video.livePhotos, identity: identity)
            paired.albums[index].images = kept
            for source in left { departures[source, default: 0] += 1 }
        }
        let motions = Set(departures.filter { appearances[$0.key] == $0.value }.keys)
        return (paired, motions)
    }

    /// One album's images with its pairs made one, in its order, and the videos that left it.
    static func pair(_ images: [GalleryImage], livePhotos: Bool, identity: (ImageSource) -> Identity?)
        -> (images: [GalleryImage], left: [ImageSource]) {
        pair(images, livePhotos: livePhotos, candidates: images.map { image in
            guard let known = identity(image.source), let identifier = known.contentIdentifier else { return nil }
            if known.isVideo { return Candidate(isMotion: true, key: identifier) }
            return known.hasMotion ? nil : Candidate(isMotion: false, key: identifier)
        })
    }

    /// What pairs an item: a still or a motion, and what it shares with its other half (a content
    /// identifier, or a folder and a name before the extension, `MediaPairing`).
    struct Candidate {
        var isMotion: Bool
        var key: String
    }

    /// The one rule, whatever the key: each still without a motion takes the album's first motion
    /// of its key not taken yet; the motion leaves the album, and the still plays it (with
    /// `livePhotos` false, the still only). Items that are no candidate (nil) stay as they are.
    static func pair(_ images: [GalleryImage], livePhotos: Bool, candidates: [Candidate?])
        -> (images: [GalleryImage], left: [ImageSource]) {
        var motions: [String: Int] = [:]
        for (index, found) in candidates.enumerated() where found?.isMotion == true {
            if let key = found?.key, motions[key] == nil { motions[key] = index }
        }
        guard !motions.isEmpty else { return (images, []) }
        var result = images
        var taken = Set<Int>()
        for (index, found) in candidates.enumerated() {
            guard let found, !found.isMotion, images[index].motion == nil, let motion = motions[found.key],
                  !taken.contains(motion) else { continue }
            taken.insert(motion)
            if livePhotos { result[index].motion = images[motion].source }
        }
        let kept = result.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
        return (kept, taken.sorted().map { images[$0].source })
    }
}
