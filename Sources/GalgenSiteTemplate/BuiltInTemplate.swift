import GalgenCore

/// The default site template, compiled in from the repository's `site-template/`.
public enum BuiltInTemplate {
    /// Every file of `site-template/` by name; a test checks nothing is missing.
    public static let files: [String: [UInt8]] = [
        "head.mustache": PackageResources.head_mustache,
        "page.mustache": PackageResources.page_mustache,
        "overview.mustache": PackageResources.overview_mustache,
        "albums.mustache": PackageResources.albums_mustache,
        "gallery.css": PackageResources.gallery_css,
        "gallery.js": PackageResources.gallery_js,
    ]

    public static var template: SiteTemplate { SiteTemplate(files: files) }
}
