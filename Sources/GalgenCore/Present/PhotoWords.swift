/// A photo's title, caption and alt text, each from the first place that has one:
/// gallery.yml, then a sidecar file beside the photo, then the photo's own metadata (XMP, IPTC,
/// EXIF, already chosen in that order by the reader), then its folder entry's caption and alt.
/// A title nobody wrote is the file name's stem.
enum PhotoWords {
    static func resolved(_ image: GalleryImage, metadata: PhotoMetadata) -> GalleryImage {
        var worded = image
        let sidecar = image.sidecar
        let embedded = metadata.words
        if !image.titleGiven {
            worded.title = sidecar?.title ?? embedded.title ?? image.title
        }
        worded.caption = image.caption ?? sidecar?.caption ?? embedded.caption ?? image.fallbackCaption
        worded.alt = image.alt ?? sidecar?.alt ?? embedded.alt ?? image.fallbackAlt
        return worded
    }
}
