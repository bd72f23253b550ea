/// Where every file of the site goes: pages, renditions, assets and the host files. The plan
/// makes one; the presenter, the site renderer, the writer's files and the build report all
/// ask it, so a path is worked out in one place. Paths are relative to the site root, with `/`.
public struct OutputLayout: Equatable, Sendable {
    /// Album slug → its page; a gallery without `albums:` has one page, the index.
    private var albumPages: [String: String]
    /// Source → the stem its renditions share (`images/day-one/beach`).
    private var renditionStems: [ImageSource: String]

    /// The site's front page: the album list, or the only album.
    public static let index = "index.html"
    /// Netlify / Cloudflare Pages response headers.
    public static let headers = "_headers"
    public static let sitemap = "sitemap.xml"
    /// Part `number` (from 1) of a sitemap too long for one file; `sitemap.xml` is then their index.
    public static func sitemapPart(_ number: Int) -> String { "sitemap-\(number).xml" }
    /// Every rendition is under this folder (so `_headers` can mark them all immutable).
    public static let imagesFolder = "images/"

    /// Album pages are `<slug>/index.html` when gallery.yml has `albums:`; renditions go under
    /// `images/` (`images/<album slug>/` for albums), named after the first album that lists them,
    /// listed albums before unlisted ones: an item an unlisted album shares with a listed one lives
    /// where the listed album's readers may see it, so no page, feed or tag page of the listed
    /// album names the unlisted album's address.
    public init(_ gallery: Gallery) {
        albumPages = Dictionary(gallery.albums.map { ($0.slug, gallery.hasAlbums ? "\($0.slug)/index.html" : Self.index) }) { first, _ in first }
        var stems: [ImageSource: String] = [:]
        // Private albums last of all: an item they share with another album lives where that
        // album's readers see it (a private album's own copies are moved under its folder).
        let listed = gallery.albums.filter { !$0.unlisted && $0.privateAccess == nil }
        for album in listed + gallery.albums.filter(\.unlisted) + gallery.albums.filter({ $0.privateAccess != nil && !$0.unlisted }) {
            let folder = album.slug.isEmpty ? Self.imagesFolder : Self.imagesFolder + album.slug + "/"
            for image in album.images where stems[image.source] == nil {
                stems[image.source] = folder + image.slug
            }
        }
        renditionStems = stems
    }

    /// The same layout with every rendition stem under `folder` (a private album's files,
    /// `PrivateSplit.site`); pages stay where they are.
    public func moved(under folder: String) -> OutputLayout {
        var moved = self
        moved.renditionStems = renditionStems.mapValues { folder + $0 }
        return moved
    }

    /// The page of an album of this gallery: the first page of its overview.
    public func page(of album: Album) -> String {
        albumPages[album.slug] ?? Self.index
    }

    /// Folders of the site that a slug must not take: renditions, assets, the overview's
    /// later pages (`<album>/page/2/`) and the tag pages (`tags/`).
    public static let reservedNames: Set<String> = ["images", "assets", "page", "tags"]

    /// The places pages' folder (`places:`; not reserved, so a gallery without places keeps an
    /// album of that name: `PlaceIndex.folderConflicts` refuses one when places are on).
    public static let placesFolder = "places/"

    /// Page `number` (from 1) of the places index: `places/index.html`, then `places/page/2/index.html`…
    public static func placesIndex(number: Int = 1) -> String { numbered(placesFolder, number) }

    /// Page `number` (from 1) of a place's page: `places/kyoto-jp/index.html`, then `…/page/2/index.html`…
    public static func placePage(slug: String, number: Int = 1) -> String { numbered(placesFolder + slug + "/", number) }

    /// The tag pages' folder.
    public static let tagsFolder = "tags/"

    /// Page `number` (from 1) of the tags index: `tags/index.html`, then `tags/page/2/index.html`…
    public static func tagsIndex(number: Int = 1) -> String { numbered(tagsFolder, number) }

    /// Page `number` (from 1) of a tag's page: `tags/paris/index.html`, then `tags/paris/page/2/index.html`…
    public static func tagPage(slug: String, number: Int = 1) -> String { numbered(tagsFolder + slug + "/", number) }

    /// Page `number` (from 1) of a list in `folder`: its `index.html`, then `page/2/index.html`…
    private static func numbered(_ folder: String, _ number: Int) -> String {
        number <= 1 ? folder + index : folder + "page/\(number)/" + index
    }

    /// The folder an album's pages are in: `day-one/`, or `""` for the only album.
    public func folder(of album: Album) -> String {
        Self.folder(of: page(of: album))
    }

    /// A photo's own page: `day-one/harbour/index.html` (`harbour/index.html` for the only album).
    public func photoPage(of album: Album, slug: String) -> String {
        folder(of: album) + slug + "/" + Self.index
    }

    /// Page `number` (from 1) of an album's overview: the album's page, then `day-one/page/2/index.html`…
    public func overviewPage(of album: Album, number: Int) -> String {
        number <= 1 ? page(of: album) : folder(of: album) + "page/\(number)/" + Self.index
    }

    /// `images/beach` → `images/beach-400.jpg` and so on; nil for a source not in the gallery.
    public func renditionStem(of source: ImageSource) -> String? {
        renditionStems[source]
    }

    /// `images/harbour-400.3f2a9c1e.jpg`: the fingerprint changes whenever the bytes do, so the
    /// file can be cached forever.
    public func rendition(of source: ImageSource, width: Int, digest: String, format: OutputFormat = .jpeg) -> String? {
        renditionStem(of: source).map { Self.rendition(stem: $0, width: width, digest: digest, format: format) }
    }

    public static func rendition(stem: String, width: Int, digest: String, format: OutputFormat = .jpeg) -> String {
        "\(stem)-\(width).\(ContentHash.fingerprint(digest)).\(format.fileExtension)"
    }

    /// `images/clip-1080p.3f2a9c1e.mp4` (H.264), `images/clip-1080p-av1.5b0c2d4e.mp4`: a video's
    /// MP4, named by its short side (`720p` for a portrait phone video too) and fingerprinted.
    public static func video(stem: String, file: VideoFile) -> String {
        let codec = file.codec == .h264 ? "" : "-" + file.codec.rawValue
        return "\(stem)-\(min(file.width, file.height))p\(codec).\(ContentHash.fingerprint(file.digest)).\(VideoCodec.fileSuffix)"
    }

    /// `images/harbour-original.3f2a9c1e.heic`: a photo's own file (`viewer.originals`),
    /// fingerprinted by its bytes so it may be cached forever too. Its extension is the format's
    /// that galgen found in the bytes, never the one in its name: a photo named `shot.html`, or a
    /// URL ending in `render.php`, must not become a page or a script on the host.
    public static func original(stem: String, digest: String, format: ImageFormat) -> String {
        "\(stem)-original.\(ContentHash.fingerprint(digest)).\(format.fileExtension)"
    }

    /// The stylesheet and script galgen's pages link carry a fingerprint in their name; other
    /// files of a template folder keep theirs, for templates that name them.
    public static let fingerprintedAssets: Set<String> = ["gallery.css", "gallery.js"]

    /// `assets/gallery.3f2a9c1e.css`, or `assets/<name>` for a file that keeps its name.
    public static func asset(_ name: String, bytes: [UInt8]) -> String {
        fingerprintedAssets.contains(name) ? plainAsset(ContentHash.fingerprinted(name, digest: ContentHash.hex(bytes))) : plainAsset(name)
    }

    /// `assets/<name>`, as templates from before fingerprints link them.
    public static func plainAsset(_ name: String) -> String { "assets/" + name }

    /// The prefix from a page back to the site root: `""` for `index.html`, `"../"` for `day-one/index.html`.
    public static func root(of page: String) -> String {
        String(repeating: "../", count: page.utf8.filter { $0 == UInt8(ascii: "/") }.count)
    }

    /// A link from `page` to the site file at `path`, percent-encoded (HTML escaping comes later, in the template).
    public static func href(from page: String, to path: String) -> String {
        root(of: page) + URLPath.escape(path)
    }

    /// A page's public folder: `day-one/` for `day-one/index.html`, `""` for the index.
    public static func folder(of page: String) -> String {
        page.hasSuffix(index) ? String(page.dropLast(index.count)) : page
    }
}
