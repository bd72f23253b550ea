import Mustache

// Key lookups for the templates without reflection: swift-mustache otherwise finds each
// key with Mirror, which made rendering a 10,000-photo page take seconds.

extension PageViewModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "path": path
        case "template": template
        case "root": root
        case "galleryTitle": galleryTitle
        case "title": title
        case "documentTitle": documentTitle
        case "description": description
        case "images": images
        case "hasImages": hasImages
        case "useThumbnailSegments": useThumbnailSegments
        case "albums": albums
        case "hasAlbums": hasAlbums
        case "parentLink": parentLink
        case "generator": generator
        case "previousAlbum": previousAlbum
        case "nextAlbum": nextAlbum
        case "canonicalURL": canonicalURL
        case "preview": preview
        case "stylesheet": stylesheet
        case "script": script
        default: nil
        }
    }
}

extension PreviewViewModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "summary": summary
        case "image": image
        case "imageWidth": imageWidth
        case "imageHeight": imageHeight
        case "imageAlt": imageAlt
        default: nil
        }
    }
}

extension AlbumNavLink: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        default: nil
        }
    }
}

extension ImageViewModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "slug": slug
        case "tabID": tabID
        case "title": title
        case "caption": caption
        case "alt": alt
        case "src": src
        case "srcset": srcset
        case "sizes": sizes
        case "width": width
        case "height": height
        case "thumbnailSrc": thumbnailSrc
        case "thumbnailWidth": thumbnailWidth
        case "thumbnailHeight": thumbnailHeight
        case "largestHref": largestHref
        case "largestWidth": largestWidth
        case "largestHeight": largestHeight
        case "isFirst": isFirst
        case "ariaSelected": ariaSelected
        case "loading": loading
        case "position": position
        case "placeholder": placeholder
        case "photoFacts": photoFacts
        default: nil
        }
    }
}

extension AlbumLinkViewModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "summary": summary
        case "count": count
        case "cover": cover
        default: nil
        }
    }
}

extension CoverViewModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "width": width
        case "height": height
        case "alt": alt
        default: nil
        }
    }
}
