import GalgenBuild
import GalgenCore

/// The default site template, compiled in from the repository's `site-template/`.
public enum BuiltInTemplate {
    /// Every file of `site-template/` by name; a test checks nothing is missing. `gallery.js` is
    /// here as its parts (`GalleryScript.parts`), which `template` joins.
    public static let files: [String: [UInt8]] = [
        "head.mustache": PackageResources.head_mustache,
        "page.mustache": PackageResources.page_mustache,
        "overview.mustache": PackageResources.overview_mustache,
        "albums.mustache": PackageResources.albums_mustache,
        "tag.mustache": PackageResources.tag_mustache,
        "tags.mustache": PackageResources.tags_mustache,
        "place.mustache": PackageResources.place_mustache,
        "places.mustache": PackageResources.places_mustache,
        "gallery.css": PackageResources.gallery_css,
        "gallery.map.js": PackageResources.gallery_map_js,
        "gallery.state.js": PackageResources.gallery_state_js,
        "gallery.segments.js": PackageResources.gallery_segments_js,
        "gallery.moves.js": PackageResources.gallery_moves_js,
        "gallery.announce.js": PackageResources.gallery_announce_js,
        "gallery.keys.js": PackageResources.gallery_keys_js,
        "gallery.ahead.js": PackageResources.gallery_ahead_js,
        "gallery.buttons.js": PackageResources.gallery_buttons_js,
        "gallery.slideshow.js": PackageResources.gallery_slideshow_js,
        "gallery.touch.js": PackageResources.gallery_touch_js,
        "gallery.live.js": PackageResources.gallery_live_js,
        "gallery.zoom.js": PackageResources.gallery_zoom_js,
        "gallery.fullscreen.js": PackageResources.gallery_fullscreen_js,
    ]

    /// A private album's files in the clear (its service worker, its entry page's script and
    /// style, and the WebCrypto half of GalgenCrypto): galgen's own, not a theme's.
    public static let privateAlbumFiles: [String: [UInt8]] = [
        "sw.js": PackageResources.sw_js,
        "private.open.js": PackageResources.private_open_js,
        "private.entry.js": PackageResources.private_entry_js,
        "private.css": PackageResources.private_css,
    ]

    public static var template: SiteTemplate {
        var template = SiteTemplate(files: files)
        template.privateAlbumFiles = privateAlbumFiles
        return template
    }
}
