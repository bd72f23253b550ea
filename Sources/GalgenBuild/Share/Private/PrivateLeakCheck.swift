import GalgenCore

/// The last guard before a site with private albums is swapped in: every file published outside
/// a private album's folder is searched for what only that album holds (its title and
/// description unless it is listed, its address unless listed, its items' titles, captions, alt
/// texts, tags, names and slugs, and its pictures: each rendition's, poster's and video's digest
/// and each placeholder's data: URI). Words the public albums use too are not searched for (a
/// photo in both is public already). A find stops the build: nothing is written, the previous
/// site stays. Pure.
public struct PrivateLeakCheck: Sendable {
    struct Needle: Sendable {
        var bytes: [UInt8]
        var what: String
    }

    private var needles: [UInt32: [Needle]] = [:]
    private var digests: [String: String] = [:]
    /// The private folders (`p-…/`), whose own files are sealed and not searched.
    let folders: [String]

    static let shortest = 4
    static let assetsFolder = "assets/"

    public init(whole: Gallery, publicGallery: Gallery, seals: [PrivateSeal], rendered: (ImageSource) -> RenderedImage?) {
        folders = seals.map { $0.folder + "/" }
        let publicSources = publicGallery.shownSources
        // The words as the pages show them (`PhotoWords`: gallery.yml's, a sidecar's, the photo's
        // own XMP and IPTC), so a word a public page shows anyway is not taken for a leak.
        let shown = { (image: GalleryImage) in
            PhotoWords.resolved(image, metadata: rendered(image.source)?.metadata ?? PhotoMetadata(), tags: whole.tags)
        }
        let labels = Labels(publicGallery.language)
        var publicText = [publicGallery.title, publicGallery.description ?? ""] + Labels.keys.map { labels.text($0) }
        for album in publicGallery.albums {
            publicText += [album.title, album.description ?? "", album.slug]
            for image in album.images.map(shown) {
                publicText += [image.title, image.caption ?? "", image.alt ?? "", image.slug, image.fileName] + image.tags
                // The camera's line under the photo ("Canon EOS 5D · …") and its details panel.
                if let kept = rendered(image.source) {
                    publicText += [Presenter.factsLine(kept.facts, labels) ?? ""]
                        + PhotoDetails.rows(kept.facts, width: kept.width, height: kept.height, groups: DetailGroup.all, labels: labels).map(\.value)
                        + [kept.metadata.rights.creator, kept.metadata.rights.copyright, kept.metadata.rights.webStatement].compactMap { $0 }
                }
            }
        }
        let publicWords = publicText.filter { !$0.isEmpty }
        for seal in seals {
            guard let album = whole.albums.first(where: { $0.slug == seal.folder }) else { continue }
            let listed = album.privateAccess?.listed == true
            var words: [(String, String)] = [(album.description ?? "", "its description")]
            if !listed { words += [(album.title, "its title"), (seal.folder, "its address")] }
            for image in album.images.map(shown) {
                words += [(image.caption ?? "", "a caption"), (image.alt ?? "", "an alt text")] + image.tags.map { ($0, "a tag") }
                guard !publicSources.contains(image.source) else { continue }
                words += [(image.title, "a title"), (image.slug, "an item's address"), (image.fileName, "a file name")]
                for source in [image.source] + (image.motion.map { [$0] } ?? []) {
                    guard let picture = rendered(source) else { continue }
                    for rendition in picture.allRenditions { digests[rendition.digest] = "a picture of '\(image.title)'" }
                    for file in (picture.media.video?.files ?? []) + (picture.media.motion?.details.files ?? []) {
                        digests[file.digest] = "a video of '\(image.title)'"
                    }
                    if let placeholder = picture.placeholder { words.append((placeholder, "the placeholder of '\(image.title)'")) }
                }
            }
            for (word, what) in words where word.utf8.count >= Self.shortest && !publicWords.contains(where: { $0.contains(word) }) {
                let described = "\(what) of the private album '\(album.title)'"
                for form in Set([word, MarkupText.html(word), URLPath.escape(word)]) where form.utf8.count >= Self.shortest {
                    let bytes = Array(form.utf8)
                    needles[Self.window(bytes, at: 0), default: []].append(Needle(bytes: bytes, what: described))
                }
            }
        }
    }

    /// What of a private album `file` holds in the clear, or nil (a private folder's own file: nil).
    /// `read` gives the bytes of a file handed over by path (a page from the page cache); only
    /// text is searched for words, every file for pictures.
    public func leak(in file: OutputFile, read: (String) -> [UInt8]? = { _ in nil }) -> String? {
        guard !folders.contains(where: file.path.hasPrefix) else { return nil }
        if let what = digests[file.digest] { return what }
        // The template's own files (scripts, styles, fonts) are the same for every site: they can
        // hold no album's words, and their code would match short ones by chance.
        guard !needles.isEmpty, !file.path.hasPrefix(Self.assetsFolder) else { return nil }
        let bytes: [UInt8]
        switch file.content {
        case let .bytes(held): bytes = held
        case let .file(path):
            guard Self.isText(file.path), let read = read(path) else { return nil }
            bytes = read
        }
        guard bytes.count >= Self.shortest else { return nil }
        for start in 0...(bytes.count - Self.shortest) {
            guard let candidates = needles[Self.window(bytes, at: start)] else { continue }
            for needle in candidates where bytes.count - start >= needle.bytes.count
                && bytes[start..<(start + needle.bytes.count)].elementsEqual(needle.bytes) {
                return needle.what
            }
        }
        return nil
    }

    /// Pages, feeds, the sitemap, the host's files: what can hold words.
    static func isText(_ path: String) -> Bool {
        [".html", ".xml", ".json", ".txt"].contains(where: path.hasSuffix) || path == OutputLayout.headers
    }

    private static func window(_ bytes: [UInt8], at start: Int) -> UInt32 {
        UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8 | UInt32(bytes[start + 3])
    }
}
