/// The present stage: gallery + rendered images → page view models. Pure.
public enum Presenter {
    /// Above this many images the segmented control shows thumbnails instead of titles.
    static let labelledSegmentLimit = 5
    static let sizes = "(min-width: 1100px) 1040px, calc(100vw - 2rem)"

    public static func present(gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage],
                               generator: String) -> [PageViewModel] {
        // Each album's photos in order with their words, worked out once for every use below.
        let photos = gallery.albums.map { shown($0, gallery: gallery, plan: plan, rendered: rendered) }
        let pages = pagesWithoutAddresses(gallery: gallery, photos: photos, plan: plan, generator: generator)
        guard let base = gallery.baseURL else { return pages }
        // The preview image: an album page's first photo; the album list's is its first album's cover.
        var previews: [String: String] = [:]
        for (position, album) in gallery.albums.enumerated() {
            guard let first = photos[position].first else { continue }
            previews[plan.layout.page(of: album)] = first.planned.path(of: first.main)
            if gallery.hasAlbums, position == 0 { previews[OutputLayout.index] = first.planned.path(of: first.smallest) }
        }
        return pages.map { addressed($0, base: base, gallery: gallery, previewImage: previews[$0.path]) }
    }

    /// The photos of an album that have renditions, in the album's order, each with its words
    /// resolved and what the page needs of it.
    static func shown(_ album: Album, gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage]) -> [ShownImage] {
        let shown: [ShownImage] = album.images.compactMap { image in
            guard let result = rendered[image.source], !result.renditions.isEmpty,
                  let planned = plan.planned(image.source) else { return nil }
            return ShownImage(image: PhotoWords.resolved(image, metadata: result.metadata), rendered: result, planned: planned)
        }
        let entries = shown.enumerated().map { index, entry in
            PhotoSorting.Entry(name: entry.image.fileName, path: entry.image.source.description,
                               taken: PhotoSorting.captureTime(metadata: entry.rendered.metadata, fileName: entry.image.fileName,
                                                               modified: entry.image.modified),
                               listed: index)
        }
        return PhotoSorting.order(entries, by: album.order ?? gallery.order).map { shown[$0] }
    }

    /// The page's canonical address (a folder URL for index.html) and its link preview.
    static func addressed(_ page: PageViewModel, base: String, gallery: Gallery, previewImage: String?) -> PageViewModel {
        var page = page
        page.canonicalURL = base + URLPath.escape(OutputLayout.folder(of: page.path))
        let first = page.images.first
        let cover = page.albums.first?.cover
        page.preview = PreviewViewModel(
            title: page.documentTitle, summary: page.description ?? gallery.description,
            image: previewImage.map { base + URLPath.escape($0) },
            imageWidth: first?.width ?? cover?.width, imageHeight: first?.height ?? cover?.height,
            imageAlt: first?.alt ?? cover?.alt)
        return page
    }

    /// `photos` holds each album's `shown` photos, in the order of `gallery.albums`.
    static func pagesWithoutAddresses(gallery: Gallery, photos: [[ShownImage]], plan: BuildPlan,
                                      generator: String) -> [PageViewModel] {
        guard gallery.hasAlbums else {
            let album = gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])
            return [albumPage(album, shown: photos.first ?? [], gallery: gallery, plan: plan, parentLink: nil, generator: generator)]
        }
        let index = OutputLayout.index
        var albumPages = zip(gallery.albums, photos).map { album, shown in
            let path = plan.layout.page(of: album)
            return albumPage(album, shown: shown, gallery: gallery, plan: plan,
                             parentLink: OutputLayout.href(from: path, to: index), generator: generator)
        }
        for (position, page) in albumPages.enumerated() {
            let link = { (other: Int) in
                AlbumNavLink(title: gallery.albums[other].title, href: OutputLayout.href(from: page.path, to: albumPages[other].path))
            }
            albumPages[position].previousAlbum = position > 0 ? link(position - 1) : nil
            albumPages[position].nextAlbum = position + 1 < albumPages.count ? link(position + 1) : nil
        }
        let links = gallery.albums.indices.map { position in
            let (album, page, shown) = (gallery.albums[position], albumPages[position], photos[position])
            return AlbumLinkViewModel(
                title: album.title, href: OutputLayout.href(from: index, to: page.path), summary: album.description,
                count: page.images.count == 1 ? "1 photo" : "\(page.images.count) photos",
                cover: shown.first.map { first in
                    CoverViewModel(src: OutputLayout.href(from: index, to: first.planned.path(of: first.smallest)),
                                   width: first.smallest.width, height: first.smallest.height, alt: first.image.alt ?? first.image.title)
                })
        }
        let front = PageViewModel(
            path: index, template: "albums", root: OutputLayout.root(of: index), galleryTitle: gallery.title, title: gallery.title,
            documentTitle: gallery.title, description: gallery.description, images: [], hasImages: false,
            useThumbnailSegments: false, albums: links, hasAlbums: !links.isEmpty, parentLink: nil, generator: generator)
        return [front] + albumPages
    }

    static func albumPage(_ album: Album, shown: [ShownImage], gallery: Gallery, plan: BuildPlan,
                          parentLink: String?, generator: String) -> PageViewModel {
        let path = plan.layout.page(of: album)
        let images = shown.enumerated().map { index, entry in
            imageModel(entry, page: path, index: index, count: shown.count)
        }
        let title = gallery.hasAlbums ? album.title : gallery.title
        return PageViewModel(
            path: path, template: "page", root: OutputLayout.root(of: path), galleryTitle: gallery.title, title: title,
            documentTitle: gallery.hasAlbums ? "\(album.title) — \(gallery.title)" : gallery.title,
            description: album.description, images: images, hasImages: !images.isEmpty,
            useThumbnailSegments: images.count > labelledSegmentLimit, albums: [], hasAlbums: false,
            parentLink: parentLink, generator: generator)
    }

    /// "2019-05-04 12:30 · Canon EOS 5D · 105 mm · ƒ/5 · 1/160 s · ISO 160", or nil when nothing is known.
    static func factsLine(_ facts: PhotoFacts) -> String? {
        let parts = [facts.takenAtText, facts.summary].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func imageModel(_ shown: ShownImage, page: String, index: Int, count: Int) -> ImageViewModel {
        let (image, rendered) = (shown.image, shown.rendered)
        let href = { (rendition: Rendition) in OutputLayout.href(from: page, to: shown.planned.path(of: rendition)) }
        let renditions = shown.renditions, smallest = shown.smallest, largest = shown.largest, main = shown.main
        let srcset = { (renditions: [Rendition]) in
            renditions.sorted { $0.width < $1.width }.map { "\(href($0)) \($0.width)w" }.joined(separator: ", ")
        }
        return ImageViewModel(
            slug: image.slug, tabID: "tab.\(image.slug)", title: image.title, caption: image.caption,
            alt: image.alt ?? image.title, src: href(main), srcset: srcset(renditions),
            sources: rendered.alternates.filter { !$0.renditions.isEmpty }.map {
                PictureSourceViewModel(type: $0.format.mimeType, srcset: srcset($0.renditions))
            },
            sizes: sizes, width: largest.width, height: largest.height,
            thumbnailSrc: href(smallest), thumbnailWidth: smallest.width, thumbnailHeight: smallest.height,
            largestHref: href(largest), largestWidth: largest.width, largestHeight: largest.height,
            isFirst: index == 0, ariaSelected: index == 0 ? "true" : "false",
            loading: index == 0 ? "eager" : "lazy", position: "\(index + 1) of \(count)",
            placeholder: rendered.placeholder, photoFacts: factsLine(rendered.facts))
    }
}

/// A photo of an album page: its entry, what was rendered, where its files go.
struct ShownImage {
    var image: GalleryImage
    var rendered: RenderedImage
    var planned: PlannedSource

    /// Smallest first; never empty (photos without renditions are not shown).
    var renditions: [Rendition] { rendered.renditions.sorted { $0.width < $1.width } }
    var smallest: Rendition { renditions[0] }
    var largest: Rendition { renditions[renditions.count - 1] }
    /// The `src`: the first rendition at least 1000 px wide, else the largest.
    var main: Rendition { renditions.first { $0.width >= 1000 } ?? largest }
}

/// Percent-encodes a relative path for use in `href`/`src` (HTML escaping comes after, in the template).
public enum URLPath {
    /// Unreserved characters and "/" pass; every other byte is %XX (a table: this runs
    /// for every rendition of every photo on every build).
    private static let unreserved: [Bool] = (0..<128).map { byte in
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8.contains(UInt8(byte))
    }
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    public static func escape(_ path: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if byte < 0x80, unreserved[Int(byte)] {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
