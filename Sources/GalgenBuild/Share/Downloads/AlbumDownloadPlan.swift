import GalgenCore

/// What a visitor takes home: each item's file (the per-photo "Download" link) and, with
/// `downloads: zip`, each album's zip of them (`AlbumZip`).
///
/// An item's file is its original where `viewer.originals` publishes it (the same rules: one
/// withheld for where it was taken gives its largest rendition instead), else its largest
/// rendition in the fallback format (JPEG); a video's is its largest MP4 in the fallback codec
/// (H.264). The zip holds exactly the files the pages link, so it publishes nothing new.
public enum AlbumDownloadPlan {
    /// The zip of every album whose `downloads:` (its own, else the gallery's) is `zip` and that
    /// shows at least one item, in the order of `gallery.albums`.
    /// `originals`: the published originals' files (`Originals.Published.files`), by site path.
    static func zips(gallery: Gallery, plan: BuildPlan, rendered: (ImageSource) -> RenderedImage?,
                     originals: [ImageSource: String], originalFiles: [String: OutputFile]) -> [AlbumZip] {
        let albums = gallery.hasAlbums ? gallery.albums : [gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])]
        return albums.compactMap { album in
            guard (album.downloads ?? gallery.downloads) == .zip else { return nil }
            let shown = Presenter.shown(album, gallery: gallery, plan: plan, rendered: rendered).map { entry in
                var entry = entry
                entry.original = originals[entry.image.source]
                return entry
            }
            return zip(of: album, shown: shown, gallery: gallery, plan: plan, originalFiles: originalFiles)
        }
    }

    /// The album's zip, or nil when it shows nothing.
    static func zip(of album: Album, shown: [ShownImage], gallery: Gallery, plan: BuildPlan,
                    originalFiles: [String: OutputFile]) -> AlbumZip? {
        guard !shown.isEmpty else { return nil }
        var taken = Set<String>()
        let entries = shown.map { item in
            let file = takeHome(item, originalFiles: originalFiles)
            return AlbumZip.Entry(name: AlbumZip.uniqueName(item.image.slug, file.ext, taken: &taken),
                                  content: file.file.content, digest: file.file.digest, byteCount: file.file.byteCount)
        }
        let baseName = album.slug.isEmpty ? (Slug.make(from: gallery.title).isEmpty ? "photos" : Slug.make(from: gallery.title)) : album.slug
        return AlbumZip(album: album.slug, folder: plan.layout.folder(of: album), baseName: baseName, entries: entries)
    }

    /// The item's file to take home, as the site holds it (`file.path`), and its extension.
    static func takeHome(_ item: ShownImage, originalFiles: [String: OutputFile]) -> (file: OutputFile, ext: String) {
        if let video = largestVideo(item) {
            return (OutputFile(path: item.planned.path(of: video), file: video),
                    VideoCodec.fileSuffix)
        }
        if let path = item.original, let original = originalFiles[path] {
            return (original, String(path.split(separator: ".").last ?? ""))
        }
        let largest = item.largest
        return (OutputFile(path: item.planned.path(of: largest), rendition: largest), largest.format.fileExtension)
    }

    /// A video's largest MP4 of the codec every browser plays (as its page's fallback link).
    static func largestVideo(_ item: ShownImage) -> VideoFile? {
        guard let files = item.media.video?.files, !files.isEmpty else { return nil }
        let codec = VideoCodec.fallback(of: VideoCodec.allCases.filter { codec in files.contains { $0.codec == codec } })
        return files.filter { $0.codec == codec }.max { $0.width * $0.height < $1.width * $1.height } ?? files.first
    }
}
