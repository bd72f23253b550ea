import GalgenCore

/// A photo's title, caption and alt text, each from the first place that has one:
/// gallery.yml, then a sidecar file beside the photo, then the photo's own metadata (XMP, IPTC,
/// EXIF, already chosen in that order by the reader), then its folder entry's caption and alt.
/// A title nobody wrote is the file name's stem.
///
/// Its tags are all of theirs together (`tags`).
enum PhotoWords {
    static func resolved(_ image: GalleryImage, metadata: PhotoMetadata, tags settings: TagSettings = TagSettings()) -> GalleryImage {
        var worded = image
        let sidecar = image.sidecar
        let embedded = metadata.words
        if !image.titleGiven {
            worded.title = sidecar?.title ?? embedded.title ?? image.title
        }
        worded.caption = image.caption ?? sidecar?.caption ?? embedded.caption ?? image.fallbackCaption
        worded.alt = image.alt ?? sidecar?.alt ?? embedded.alt ?? image.fallbackAlt
        worded.tags = tags(image, metadata: metadata, settings: settings)
        return worded
    }

    /// The photo's tags: gallery.yml's (or its folder entry's), its sidecar's, then its file's
    /// keywords, and the people in it only when `tags.people` publishes them; none with `tags: false`.
    /// Two spellings that differ only in case are one tag, spelt as the first place wrote it.
    static func tags(_ image: GalleryImage, metadata: PhotoMetadata, settings: TagSettings) -> [String] {
        guard settings.enabled else { return [] }
        let words = metadata.words
        return TagList.merged(image.tags, image.sidecar?.tags ?? [], words.tags, settings.people ? words.people : [])
    }
}
