// Every property of the view models, fed to the page cache key (`PageKey`). A test checks
// that changing any property changes the key.

extension PageViewModel: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(path)
        fingerprint.add(template)
        fingerprint.add(root)
        fingerprint.add(galleryTitle)
        fingerprint.add(title)
        fingerprint.add(documentTitle)
        fingerprint.add(description)
        fingerprint.add(images)
        fingerprint.add(hasImages)
        fingerprint.add(useThumbnailSegments)
        fingerprint.add(albums)
        fingerprint.add(hasAlbums)
        fingerprint.add(parentLink)
        fingerprint.add(generator)
        fingerprint.add(previousAlbum)
        fingerprint.add(nextAlbum)
        fingerprint.add(canonicalURL)
        fingerprint.add(preview)
        fingerprint.add(stylesheet)
        fingerprint.add(script)
    }
}

extension PreviewViewModel: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(title)
        fingerprint.add(summary)
        fingerprint.add(image)
        fingerprint.add(imageWidth)
        fingerprint.add(imageHeight)
        fingerprint.add(imageAlt)
    }
}

extension AlbumNavLink: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(title)
        fingerprint.add(href)
    }
}

extension ImageViewModel: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(slug)
        fingerprint.add(tabID)
        fingerprint.add(title)
        fingerprint.add(caption)
        fingerprint.add(alt)
        fingerprint.add(src)
        fingerprint.add(srcset)
        fingerprint.add(sizes)
        fingerprint.add(width)
        fingerprint.add(height)
        fingerprint.add(thumbnailSrc)
        fingerprint.add(thumbnailWidth)
        fingerprint.add(thumbnailHeight)
        fingerprint.add(largestHref)
        fingerprint.add(largestWidth)
        fingerprint.add(largestHeight)
        fingerprint.add(isFirst)
        fingerprint.add(ariaSelected)
        fingerprint.add(loading)
        fingerprint.add(position)
        fingerprint.add(placeholder)
        fingerprint.add(photoFacts)
    }
}

extension AlbumLinkViewModel: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(title)
        fingerprint.add(href)
        fingerprint.add(summary)
        fingerprint.add(count)
        fingerprint.add(cover)
    }
}

extension CoverViewModel: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(src)
        fingerprint.add(width)
        fingerprint.add(height)
        fingerprint.add(alt)
    }
}
