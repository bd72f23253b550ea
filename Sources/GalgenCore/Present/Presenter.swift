/// The present stage: gallery + rendered images → page view models. Pure.
public enum Presenter {
    /// Above this many images the segmented control shows thumbnails instead of titles.
    static let labelledSegmentLimit = 5
    static let sizes = "(min-width: 1100px) 1040px, calc(100vw - 2rem)"

    public static func present(gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage],
                               generator: String) -> [PageViewModel] {
        let pages = pagesWithoutAddresses(gallery: gallery, plan: plan, rendered: rendered, generator: generator)
        guard let base = gallery.baseURL else { return pages }
        return pages.map { addressed($0, base: base, gallery: gallery) }
    }

    /// The page's canonical address (a folder URL for index.html) and its link preview.
    static func addressed(_ page: PageViewModel, base: String, gallery: Gallery) -> PageViewModel {
        var page = page
        let folder = page.path.hasSuffix("index.html") ? String(page.path.dropLast("index.html".count)) : page.path
        page.canonicalURL = base + URLPath.escape(folder)
        // Image URLs are relative to the page; from the site root they lose the "../" prefix.
        let first = page.images.first
        let cover = page.albums.first?.cover
        let imagePath = first.map { String($0.src.dropFirst(page.root.count)) } ?? cover?.src
        page.preview = PreviewViewModel(
            title: page.documentTitle, summary: page.description ?? gallery.description,
            image: imagePath.map { base + $0 },
            imageWidth: first?.width ?? cover?.width, imageHeight: first?.height ?? cover?.height,
            imageAlt: first?.alt ?? cover?.alt)
        return page
    }

    static func pagesWithoutAddresses(gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage],
                                      generator: String) -> [PageViewModel] {
        guard gallery.hasAlbums else {
            let album = gallery.albums.first ?? Album(title: gallery.title, slug: "", images: [])
            return [albumPage(album, gallery: gallery, plan: plan, rendered: rendered, path: "index.html", root: "",
                              parentLink: nil, generator: generator)]
        }
        var albumPages = gallery.albums.map { album in
            albumPage(album, gallery: gallery, plan: plan, rendered: rendered, path: "\(album.slug)/index.html",
                      root: "../", parentLink: "../index.html", generator: generator)
        }
        // Album pages are siblings: ../<slug>/index.html.
        let navLinks = gallery.albums.map { AlbumNavLink(title: $0.title, href: "../" + URLPath.escape("\($0.slug)/index.html")) }
        for index in albumPages.indices {
            albumPages[index].previousAlbum = index > 0 ? navLinks[index - 1] : nil
            albumPages[index].nextAlbum = index + 1 < navLinks.count ? navLinks[index + 1] : nil
        }
        let links = zip(gallery.albums, albumPages).map { album, page in
            AlbumLinkViewModel(
                title: album.title, href: URLPath.escape("\(album.slug)/index.html"), summary: album.description,
                count: page.images.count == 1 ? "1 photo" : "\(page.images.count) photos",
                cover: page.images.first.map { CoverViewModel(src: String($0.thumbnailSrc.dropFirst(page.root.count)), width: $0.thumbnailWidth, height: $0.thumbnailHeight, alt: $0.alt) })
        }
        let index = PageViewModel(
            path: "index.html", template: "albums", root: "", galleryTitle: gallery.title, title: gallery.title,
            documentTitle: gallery.title, description: gallery.description, images: [], hasImages: false,
            useThumbnailSegments: false, albums: links, hasAlbums: !links.isEmpty, parentLink: nil, generator: generator)
        return [index] + albumPages
    }

    static func albumPage(_ album: Album, gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: RenderedImage],
                          path: String, root: String, parentLink: String?, generator: String) -> PageViewModel {
        let shown = album.images.compactMap { image -> (GalleryImage, RenderedImage, PlannedSource)? in
            guard let result = rendered[image.source], !result.renditions.isEmpty,
                  let planned = plan.planned(image.source) else { return nil }
            return (image, result, planned)
        }
        let images = shown.enumerated().map { index, entry in
            imageModel(entry.0, rendered: entry.1, stem: entry.2.outputStem, root: root, index: index, count: shown.count)
        }
        let title = gallery.hasAlbums ? album.title : gallery.title
        return PageViewModel(
            path: path, template: "page", root: root, galleryTitle: gallery.title, title: title,
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

    static func imageModel(_ image: GalleryImage, rendered: RenderedImage, stem: String, root: String,
                           index: Int, count: Int) -> ImageViewModel {
        let renditions = rendered.renditions.sorted { $0.width < $1.width }
        let href = { (rendition: Rendition) in
            root + URLPath.escape(RenditionNaming.path(stem: stem, width: rendition.width, digest: rendition.digest))
        }
        let smallest = renditions[0], largest = renditions[renditions.count - 1]
        let main = renditions.first { $0.width >= 1000 } ?? largest
        return ImageViewModel(
            slug: image.slug, tabID: "tab.\(image.slug)", title: image.title, caption: image.caption,
            alt: image.alt ?? image.title, src: href(main),
            srcset: renditions.map { "\(href($0)) \($0.width)w" }.joined(separator: ", "),
            sizes: sizes, width: largest.width, height: largest.height,
            thumbnailSrc: href(smallest), thumbnailWidth: smallest.width, thumbnailHeight: smallest.height,
            largestHref: href(largest), largestWidth: largest.width, largestHeight: largest.height,
            isFirst: index == 0, ariaSelected: index == 0 ? "true" : "false",
            loading: index == 0 ? "eager" : "lazy", position: "\(index + 1) of \(count)",
            placeholder: rendered.placeholder, photoFacts: factsLine(rendered.facts))
    }
}

/// How rendition files are named; the plan, presenter and writer agree through it.
public enum RenditionNaming {
    /// `images/harbour-400.3f2a9c1e.jpg`: the fingerprint changes whenever the bytes do,
    /// so the file can be cached forever.
    public static func path(stem: String, width: Int, digest: String) -> String {
        "\(stem)-\(width).\(ContentHash.fingerprint(digest)).jpg"
    }
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
