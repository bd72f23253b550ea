import GalgenCore

/// A link to a file to take home, with the name a browser saves it under (`download="…"`).
public struct DownloadLinkViewModel: ViewModel, Equatable, Sendable {
    /// Relative to the page.
    public var href: String
    public var fileName: String
    /// "Download", or "Download all (12 photos, 1.2 GB)", in the site's language.
    public var label: String

    public init(href: String, fileName: String, label: String) {
        self.href = href
        self.fileName = fileName
        self.label = label
    }

    public static let fields: ViewModelFields<Self> = [
        .init("href") { $0.href },
        .init("fileName") { $0.fileName },
        .init("label") { $0.label },
    ]
}

extension SitePresentation {
    /// Each photo page's "Download" link and, when the album has a zip, each overview page's
    /// "Download all" link.
    func addDownloads(_ pages: inout [PageViewModel], album: Album, shown: [ShownImage]) {
        let bySlug = Dictionary(shown.indices.map { (shown[$0].image.slug, $0) }) { first, _ in first }
        let zip = downloads[album.slug]
        let noun = Presenter.itemNoun(shown)
        let (labels, count) = (labels, shown.count)
        // Each page on its own, on every core (an album of 10,000 photos has as many pages).
        pages.concurrentUpdate(threads: everyCore, minimumPerSlice: 64) { page in
            switch page.body {
            case var .photo(body):
                guard let item = bySlug[body.photo.slug].map({ shown[$0] }) else { return }
                let target = AlbumDownloadPlan.target(item)
                body.photo.download = DownloadLinkViewModel(href: OutputLayout.href(from: page.path, to: target.path),
                                                            fileName: "\(item.image.slug).\(target.ext)", label: labels.text("download"))
                page.body = .photo(body)
            case var .overview(body):
                guard let zip else { return }
                let items = labels.text(Presenter.itemKey(noun), count: count)
                body.downloadAll = DownloadLinkViewModel(
                    href: OutputLayout.href(from: page.path, to: zip.path), fileName: zip.fileName,
                    label: labels.text("downloadAll", ["count": items, "size": AlbumDownloadPlan.sizeText(zip.byteCount)]))
                page.body = .overview(body)
            default:
                break
            }
        }
    }
}

extension AlbumDownloadPlan {
    /// Where the item's file to take home is in the site, and its extension (`takeHome`'s choice).
    static func target(_ item: ShownImage) -> (path: String, ext: String) {
        if let video = largestVideo(item) { return (item.planned.path(of: video), VideoCodec.fileSuffix) }
        if let original = item.original { return (original, String(original.split(separator: ".").last ?? "")) }
        return (item.planned.path(of: item.largest), item.largest.format.fileExtension)
    }

    /// 1_234_567_890 → "1.2 GB": decimal units (as the systems that show file sizes count them),
    /// one decimal below 10.
    public static func sizeText(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let tenths = Int((value * 10).rounded())
        return value < 9.95 ? "\(tenths / 10).\(tenths % 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}
